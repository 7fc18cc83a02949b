-- AlterTable: added in place (SQLite takes a NOT NULL column with a default), so the table is not
-- rebuilt from one branch's idea of its columns.
ALTER TABLE "Company" ADD COLUMN "accrualBookingAhead" BOOLEAN NOT NULL DEFAULT false;
