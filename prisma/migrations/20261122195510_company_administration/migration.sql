-- CreateTable
CREATE TABLE "CarryOver" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "fromYear" INTEGER NOT NULL,
    "days" REAL NOT NULL,
    "expiresOn" TEXT NOT NULL,
    "reminderSentAt" DATETIME,
    "revertedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CarryOver_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CarryOver_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CarryOverRun" (
    "companyId" TEXT NOT NULL,
    "fromYear" INTEGER NOT NULL,
    "ranAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("companyId", "fromYear"),
    CONSTRAINT "CarryOverRun_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AbsenceCategory" (
    "companyId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "color" TEXT NOT NULL DEFAULT '#2e7d32',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "balance" TEXT NOT NULL DEFAULT 'none',
    "requiresApproval" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("companyId", "id"),
    CONSTRAINT "AbsenceCategory_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AbsenceCategory" ("active", "balance", "color", "companyId", "id", "name", "sortOrder") SELECT "active", "balance", "color", "companyId", "id", "name", "sortOrder" FROM "AbsenceCategory";
DROP TABLE "AbsenceCategory";
ALTER TABLE "new_AbsenceCategory" RENAME TO "AbsenceCategory";
CREATE TABLE "new_Company" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "countryCode" TEXT NOT NULL DEFAULT 'PT',
    "timeZone" TEXT NOT NULL DEFAULT 'Europe/Lisbon',
    "defaultYearlyAllowance" REAL NOT NULL DEFAULT 22,
    "carryOverMaxDays" REAL NOT NULL DEFAULT 5,
    "carryOverExpiresOn" TEXT NOT NULL DEFAULT '04-30',
    "setupDismissedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletionRequestedAt" DATETIME
);
INSERT INTO "new_Company" ("countryCode", "createdAt", "deletionRequestedAt", "id", "name") SELECT "countryCode", "createdAt", "deletionRequestedAt", "id", "name" FROM "Company";
DROP TABLE "Company";
ALTER TABLE "new_Company" RENAME TO "Company";
CREATE TABLE "new_Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "substituteApproverId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Team_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Team_substituteApproverId_fkey" FOREIGN KEY ("substituteApproverId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Team" ("companyId", "createdAt", "id", "name") SELECT "companyId", "createdAt", "id", "name" FROM "Team";
DROP TABLE "Team";
ALTER TABLE "new_Team" RENAME TO "Team";
CREATE UNIQUE INDEX "Team_companyId_name_key" ON "Team"("companyId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "CarryOver_companyId_fromYear_idx" ON "CarryOver"("companyId", "fromYear");

-- CreateIndex
CREATE UNIQUE INDEX "CarryOver_userId_fromYear_key" ON "CarryOver"("userId", "fromYear");
