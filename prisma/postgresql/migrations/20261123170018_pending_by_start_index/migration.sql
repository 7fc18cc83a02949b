-- CreateIndex
CREATE INDEX "Vacation_companyId_status_startDate_idx" ON "Vacation"("companyId", "status", "startDate");
