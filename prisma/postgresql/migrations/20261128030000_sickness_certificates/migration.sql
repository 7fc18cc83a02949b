-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "certificateAfterDays" INTEGER NOT NULL DEFAULT 3;

-- AlterTable
ALTER TABLE "AbsenceCategory" ADD COLUMN     "documentAfterDays" INTEGER,
ADD COLUMN     "documentMode" TEXT NOT NULL DEFAULT 'block',
ADD COLUMN     "documentRequired" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reported" BOOLEAN NOT NULL DEFAULT false;

-- The seeded sickness type is reported and asks for a certificate (decision 0092).
UPDATE "AbsenceCategory" SET "reported" = true, "documentRequired" = true, "requiresApproval" = false WHERE "id" = 'sick_leave';

-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "vacationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "mime" TEXT NOT NULL,
    "originalName" TEXT NOT NULL,
    "uploadedById" TEXT,
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Certificate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CertificateReminder" (
    "vacationId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CertificateReminder_pkey" PRIMARY KEY ("vacationId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Certificate_storageKey_key" ON "Certificate"("storageKey");

-- CreateIndex
CREATE INDEX "Certificate_vacationId_idx" ON "Certificate"("vacationId");

-- CreateIndex
CREATE INDEX "Certificate_companyId_userId_idx" ON "Certificate"("companyId", "userId");

-- CreateIndex
CREATE INDEX "CertificateReminder_companyId_idx" ON "CertificateReminder"("companyId");

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

