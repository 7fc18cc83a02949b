-- DropIndex
DROP INDEX "Holiday_companyId_countryCode_date_idx";

-- CreateIndex
CREATE INDEX "Holiday_companyId_date_idx" ON "Holiday"("companyId", "date");
