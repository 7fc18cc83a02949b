-- AlterTable
ALTER TABLE "User" ADD COLUMN     "digest" TEXT NOT NULL DEFAULT 'off';

-- CreateTable
CREATE TABLE "DigestSend" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "sent" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DigestSend_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DigestSend_companyId_date_idx" ON "DigestSend"("companyId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "DigestSend_userId_date_key" ON "DigestSend"("userId", "date");

-- AddForeignKey
ALTER TABLE "DigestSend" ADD CONSTRAINT "DigestSend_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigestSend" ADD CONSTRAINT "DigestSend_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
