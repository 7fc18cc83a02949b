-- DropIndex
DROP INDEX "Vacation_companyId_startDate_idx";

-- CreateIndex
CREATE INDEX "Vacation_companyId_startDate_endDate_idx" ON "Vacation"("companyId", "startDate", "endDate");
