-- AlterTable (in place, no rebuild: defaulted or nullable columns)
ALTER TABLE "Company" ADD COLUMN "certificateAfterDays" INTEGER NOT NULL DEFAULT 3;
ALTER TABLE "AbsenceCategory" ADD COLUMN "reported" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "AbsenceCategory" ADD COLUMN "documentRequired" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "AbsenceCategory" ADD COLUMN "documentAfterDays" INTEGER;
ALTER TABLE "AbsenceCategory" ADD COLUMN "documentMode" TEXT NOT NULL DEFAULT 'block';

-- The seeded sickness type is reported and asks for a certificate (decision 0092).
UPDATE "AbsenceCategory" SET "reported" = true, "documentRequired" = true, "requiresApproval" = false WHERE "id" = 'sick_leave';

-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "vacationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "mime" TEXT NOT NULL,
    "originalName" TEXT NOT NULL,
    "uploadedById" TEXT,
    "uploadedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Certificate_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Certificate_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CertificateReminder" (
    "vacationId" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_storageKey_key" ON "Certificate"("storageKey");

-- CreateIndex
CREATE INDEX "Certificate_vacationId_idx" ON "Certificate"("vacationId");

-- CreateIndex
CREATE INDEX "Certificate_companyId_userId_idx" ON "Certificate"("companyId", "userId");

-- CreateIndex
CREATE INDEX "CertificateReminder_companyId_idx" ON "CertificateReminder"("companyId");
