-- AlterTable
ALTER TABLE "AbsenceCategory" ADD COLUMN     "maxConsecutiveDays" INTEGER,
ADD COLUMN     "maxConsecutiveMode" TEXT NOT NULL DEFAULT 'block',
ADD COLUMN     "minNoticeDays" INTEGER,
ADD COLUMN     "minNoticeMode" TEXT NOT NULL DEFAULT 'block',
ADD COLUMN     "minRequestDays" DOUBLE PRECISION,
ADD COLUMN     "minRequestMode" TEXT NOT NULL DEFAULT 'block';

-- AlterTable
ALTER TABLE "Vacation" ADD COLUMN     "ruleWarnings" TEXT;
