// A work schedule in words, for cards and lists (the editor's history, the people list, My Calendar).
import { useTranslation } from "react-i18next";
import type { WorkSchedule } from "~/lib/work-schedule";
import { describeSchedule } from "~/lib/work-schedule-summary";

/** A schedule in words: "Mon–Thu 8 h", or each week of a two-week cycle; no day worked says so. */
export function ScheduleText({ schedule }: { schedule: WorkSchedule }) {
  const { t, i18n } = useTranslation();
  const weeks = describeSchedule(schedule, i18n.language);
  if (weeks.length === 1) return <>{weeks[0] || t("workSchedules.summary.noDays")}</>;
  return (
    <>
      {weeks.map((text, index) => (
        <span key={index} className="schedule-text__week">
          {t("workSchedules.summary.week", { week: index + 1 })}: {text || t("workSchedules.summary.noDays")}
        </span>
      ))}
    </>
  );
}
