-- AlterTable
ALTER TABLE "Vacation" ADD COLUMN     "chargedSchedules" TEXT;
