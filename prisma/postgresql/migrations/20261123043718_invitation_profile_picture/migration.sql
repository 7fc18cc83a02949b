-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "profilePicture" TEXT;
