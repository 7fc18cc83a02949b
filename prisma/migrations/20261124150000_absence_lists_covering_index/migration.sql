-- DropIndex
DROP INDEX "Vacation_companyId_startDate_createdAt_id_idx";

-- CreateIndex
CREATE INDEX "Vacation_companyId_startDate_createdAt_id_covering_idx" ON "Vacation"("companyId", "startDate", "createdAt", "id", "endDate", "status", "userId", "categoryId", "halfDayStart", "halfDayEnd");
