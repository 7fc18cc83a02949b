-- CreateTable
CREATE TABLE "VacationChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "vacationId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "halfDayStart" BOOLEAN NOT NULL DEFAULT false,
    "halfDayEnd" BOOLEAN NOT NULL DEFAULT false,
    "startTime" TEXT,
    "endTime" TEXT,
    "hoursPerDay" REAL,
    "categoryId" TEXT NOT NULL,
    "chargedSchedules" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "pendingFor" TEXT,
    "requestedById" TEXT,
    "decidedById" TEXT,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VacationChange_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "VacationChange_pendingFor_key" ON "VacationChange"("pendingFor");

-- CreateIndex
CREATE INDEX "VacationChange_companyId_status_createdAt_idx" ON "VacationChange"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "VacationChange_vacationId_idx" ON "VacationChange"("vacationId");
