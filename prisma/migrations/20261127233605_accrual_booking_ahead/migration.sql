-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "leaveUnit" TEXT NOT NULL DEFAULT 'day',
    "accrualBookingAhead" BOOLEAN NOT NULL DEFAULT false,
    "setupDismissedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletionRequestedAt" DATETIME
);
INSERT INTO "new_Company" ("allowanceRounding", "carryOverExpiresOn", "carryOverMaxDays", "countryCode", "createdAt", "defaultYearlyAllowance", "deletionRequestedAt", "id", "leaveUnit", "leaveYearStartMonth", "name", "setupDismissedAt", "timeZone") SELECT "allowanceRounding", "carryOverExpiresOn", "carryOverMaxDays", "countryCode", "createdAt", "defaultYearlyAllowance", "deletionRequestedAt", "id", "leaveUnit", "leaveYearStartMonth", "name", "setupDismissedAt", "timeZone" FROM "Company";
DROP TABLE "Company";
ALTER TABLE "new_Company" RENAME TO "Company";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
