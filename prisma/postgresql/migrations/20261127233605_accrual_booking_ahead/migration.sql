-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "accrualBookingAhead" BOOLEAN NOT NULL DEFAULT false;
