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

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Vacation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL DEFAULT 'yearly_allowance',
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "halfDayStart" BOOLEAN NOT NULL DEFAULT false,
    "halfDayEnd" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "description" TEXT NOT NULL DEFAULT '',
    "notificationRecipients" TEXT NOT NULL DEFAULT '{"type":"team_admins"}',
    "reviewerId" TEXT,
    "reviewedAt" DATETIME,
    "autoApproved" BOOLEAN NOT NULL DEFAULT false,
    "closureId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Vacation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vacation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vacation_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Vacation_companyId_categoryId_fkey" FOREIGN KEY ("companyId", "categoryId") REFERENCES "AbsenceCategory" ("companyId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Vacation_closureId_fkey" FOREIGN KEY ("closureId") REFERENCES "Closure" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Vacation" ("autoApproved", "categoryId", "companyId", "createdAt", "description", "endDate", "halfDayEnd", "halfDayStart", "id", "notificationRecipients", "reviewedAt", "reviewerId", "startDate", "status", "updatedAt", "userId") SELECT "autoApproved", "categoryId", "companyId", "createdAt", "description", "endDate", "halfDayEnd", "halfDayStart", "id", "notificationRecipients", "reviewedAt", "reviewerId", "startDate", "status", "updatedAt", "userId" FROM "Vacation";
DROP TABLE "Vacation";
ALTER TABLE "new_Vacation" RENAME TO "Vacation";
CREATE INDEX "Vacation_companyId_startDate_endDate_idx" ON "Vacation"("companyId", "startDate", "endDate");
CREATE INDEX "Vacation_companyId_endDate_idx" ON "Vacation"("companyId", "endDate");
CREATE INDEX "Vacation_userId_startDate_idx" ON "Vacation"("userId", "startDate");
CREATE INDEX "Vacation_userId_status_idx" ON "Vacation"("userId", "status");
CREATE INDEX "Vacation_closureId_idx" ON "Vacation"("closureId");
CREATE INDEX "Vacation_companyId_status_createdAt_idx" ON "Vacation"("companyId", "status", "createdAt");
CREATE INDEX "Vacation_companyId_status_startDate_createdAt_id_idx" ON "Vacation"("companyId", "status", "startDate", "createdAt", "id");
CREATE INDEX "Vacation_companyId_startDate_createdAt_id_covering_idx" ON "Vacation"("companyId", "startDate", "createdAt", "id", "endDate", "status", "userId", "categoryId", "halfDayStart", "halfDayEnd");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Closure_companyId_startDate_idx" ON "Closure"("companyId", "startDate");
