-- CreateTable
CREATE TABLE "VacationChange" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "vacationId" TEXT NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "halfDayStart" BOOLEAN NOT NULL DEFAULT false,
    "halfDayEnd" BOOLEAN NOT NULL DEFAULT false,
    "startTime" TEXT,
    "endTime" TEXT,
    "hoursPerDay" DOUBLE PRECISION,
    "categoryId" TEXT NOT NULL,
    "chargedSchedules" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "pendingFor" TEXT,
    "requestedById" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VacationChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VacationChange_pendingFor_key" ON "VacationChange"("pendingFor");

-- CreateIndex
CREATE INDEX "VacationChange_companyId_status_createdAt_idx" ON "VacationChange"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "VacationChange_vacationId_idx" ON "VacationChange"("vacationId");

-- AddForeignKey
ALTER TABLE "VacationChange" ADD CONSTRAINT "VacationChange_vacationId_fkey" FOREIGN KEY ("vacationId") REFERENCES "Vacation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
