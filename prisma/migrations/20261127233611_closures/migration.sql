-- CreateTable
CREATE TABLE "Closure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "teamIds" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" DATETIME,
    CONSTRAINT "Closure_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Closure_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- AlterTable: a column added in place. Prisma's generator rebuilds the table here, which would
-- copy only the columns its author's branch knew (the hour columns of 20261127211836 were not).
ALTER TABLE "Vacation" ADD COLUMN "closureId" TEXT CONSTRAINT "Vacation_closureId_fkey" REFERENCES "Closure" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Vacation_closureId_idx" ON "Vacation"("closureId");

-- CreateIndex
CREATE INDEX "Closure_companyId_startDate_idx" ON "Closure"("companyId", "startDate");
