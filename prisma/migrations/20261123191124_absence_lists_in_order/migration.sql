-- DropIndex
DROP INDEX "Vacation_companyId_status_startDate_idx";

-- CreateIndex
CREATE INDEX "Vacation_companyId_status_startDate_createdAt_id_idx" ON "Vacation"("companyId", "status", "startDate", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Vacation_companyId_startDate_createdAt_id_idx" ON "Vacation"("companyId", "startDate", "createdAt", "id");
