// A schedule's weeks already in words (describeSchedule's answer): one line, or each week of a
// two-week cycle named. Kept apart from the words themselves so My Calendar, whose first load is
// at its JavaScript budget, gets them from its loader rather than the code that makes them.
import { useTranslation } from "react-i18next";

export function ScheduleWeeks({ weeks }: { weeks: readonly string[] }) {
  const { t } = useTranslation();
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
