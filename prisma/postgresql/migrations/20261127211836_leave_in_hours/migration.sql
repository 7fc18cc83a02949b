-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "leaveUnit" TEXT NOT NULL DEFAULT 'day';

-- AlterTable
ALTER TABLE "Vacation" ADD COLUMN     "endTime" TEXT,
ADD COLUMN     "hoursPerDay" DOUBLE PRECISION,
ADD COLUMN     "startTime" TEXT;
