-- AlterTable
ALTER TABLE "User" ADD COLUMN "deactivatedAt" DATETIME;
