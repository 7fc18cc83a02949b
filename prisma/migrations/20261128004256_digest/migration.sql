-- CreateTable
CREATE TABLE "DigestSend" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "sent" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DigestSend_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DigestSend_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable: a column added in place. Prisma's generator rebuilds the table here, which would
-- copy only the columns its author's branch knew.
ALTER TABLE "User" ADD COLUMN "digest" TEXT NOT NULL DEFAULT 'off';

-- CreateIndex
CREATE INDEX "DigestSend_companyId_date_idx" ON "DigestSend"("companyId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "DigestSend_userId_date_key" ON "DigestSend"("userId", "date");
