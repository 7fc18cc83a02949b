-- AlterTable (in place: a rebuild would copy every row for six nullable or defaulted columns)
ALTER TABLE "AbsenceCategory" ADD COLUMN "minNoticeDays" INTEGER;
ALTER TABLE "AbsenceCategory" ADD COLUMN "minNoticeMode" TEXT NOT NULL DEFAULT 'block';
ALTER TABLE "AbsenceCategory" ADD COLUMN "maxConsecutiveDays" INTEGER;
ALTER TABLE "AbsenceCategory" ADD COLUMN "maxConsecutiveMode" TEXT NOT NULL DEFAULT 'block';
ALTER TABLE "AbsenceCategory" ADD COLUMN "minRequestDays" REAL;
ALTER TABLE "AbsenceCategory" ADD COLUMN "minRequestMode" TEXT NOT NULL DEFAULT 'block';

-- AlterTable
ALTER TABLE "Vacation" ADD COLUMN "ruleWarnings" TEXT;
