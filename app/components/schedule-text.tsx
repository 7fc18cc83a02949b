// A work schedule in words, for cards and lists (the editor's history, the people list).
import { useTranslation } from "react-i18next";
import type { WorkSchedule } from "~/lib/work-schedule";
import { describeSchedule } from "~/lib/work-schedule-summary";
import { ScheduleWeeks } from "./schedule-weeks";

/** A schedule in words: "Mon–Thu 8 h", or each week of a two-week cycle; no day worked says so. */
export function ScheduleText({ schedule }: { schedule: WorkSchedule }) {
  const { i18n } = useTranslation();
  return <ScheduleWeeks weeks={describeSchedule(schedule, i18n.language)} />;
}
