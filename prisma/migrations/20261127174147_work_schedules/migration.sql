-- AlterTable
ALTER TABLE "User" ADD COLUMN "firstDay" TEXT;
ALTER TABLE "User" ADD COLUMN "lastDay" TEXT;

-- CreateTable
CREATE TABLE "WorkSchedule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "userId" TEXT,
    "validFrom" TEXT NOT NULL,
    "cycleWeeks" INTEGER NOT NULL DEFAULT 1,
    "days" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WorkSchedule_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WorkSchedule_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "unit" TEXT NOT NULL DEFAULT 'day',
    "accrues" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("companyId", "id"),
    CONSTRAINT "AbsenceCategory_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AbsenceCategory" ("active", "balance", "color", "companyId", "id", "name", "requiresApproval", "sortOrder") SELECT "active", "balance", "color", "companyId", "id", "name", "requiresApproval", "sortOrder" FROM "AbsenceCategory";
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
    "leaveYearStartMonth" INTEGER NOT NULL DEFAULT 1,
    "allowanceRounding" TEXT NOT NULL DEFAULT 'nearest',
    "setupDismissedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletionRequestedAt" DATETIME
);
INSERT INTO "new_Company" ("carryOverExpiresOn", "carryOverMaxDays", "countryCode", "createdAt", "defaultYearlyAllowance", "deletionRequestedAt", "id", "name", "setupDismissedAt", "timeZone") SELECT "carryOverExpiresOn", "carryOverMaxDays", "countryCode", "createdAt", "defaultYearlyAllowance", "deletionRequestedAt", "id", "name", "setupDismissedAt", "timeZone" FROM "Company";
DROP TABLE "Company";
ALTER TABLE "new_Company" RENAME TO "Company";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "WorkSchedule_companyId_userId_validFrom_idx" ON "WorkSchedule"("companyId", "userId", "validFrom");

-- CreateIndex
CREATE INDEX "WorkSchedule_userId_idx" ON "WorkSchedule"("userId");
