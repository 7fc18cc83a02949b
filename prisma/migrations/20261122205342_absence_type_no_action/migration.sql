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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Vacation_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vacation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Vacation_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Vacation_companyId_categoryId_fkey" FOREIGN KEY ("companyId", "categoryId") REFERENCES "AbsenceCategory" ("companyId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Vacation" ("autoApproved", "categoryId", "companyId", "createdAt", "description", "endDate", "halfDayEnd", "halfDayStart", "id", "notificationRecipients", "reviewedAt", "reviewerId", "startDate", "status", "updatedAt", "userId") SELECT "autoApproved", "categoryId", "companyId", "createdAt", "description", "endDate", "halfDayEnd", "halfDayStart", "id", "notificationRecipients", "reviewedAt", "reviewerId", "startDate", "status", "updatedAt", "userId" FROM "Vacation";
DROP TABLE "Vacation";
ALTER TABLE "new_Vacation" RENAME TO "Vacation";
CREATE INDEX "Vacation_companyId_startDate_idx" ON "Vacation"("companyId", "startDate");
CREATE INDEX "Vacation_companyId_endDate_idx" ON "Vacation"("companyId", "endDate");
CREATE INDEX "Vacation_userId_startDate_idx" ON "Vacation"("userId", "startDate");
CREATE INDEX "Vacation_companyId_status_createdAt_idx" ON "Vacation"("companyId", "status", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
