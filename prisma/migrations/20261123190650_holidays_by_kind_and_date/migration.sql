-- CreateIndex
CREATE INDEX "Holiday_companyId_isRecurring_date_idx" ON "Holiday"("companyId", "isRecurring", "date");
