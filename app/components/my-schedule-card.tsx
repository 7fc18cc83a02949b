// My Calendar's small card of the person's own work schedule: what they work now, and the next
// change when one is planned (their own or the company default's). Read-only; admins edit it.
import { useTranslation } from "react-i18next";
import type { WorkSchedule } from "~/lib/work-schedule";
import { DateText } from "./date-text";
import { ScheduleText } from "./schedule-text";

export function MyScheduleCard({ current, next }: { current: WorkSchedule; next: { from: string; schedule: WorkSchedule } | null }) {
  const { t } = useTranslation();
  return (
    <section className="card my-schedule" aria-labelledby="my-schedule-heading" data-testid="my-schedule">
      <h2 id="my-schedule-heading" className="card__title">
        {t("workSchedules.mine.title")}
      </h2>
      <p className="my-schedule__line">
        {t("workSchedules.mine.works")} <ScheduleText schedule={current} />
      </p>
      {next ? (
        <p className="my-schedule__line my-schedule__next">
          {t("workSchedules.mine.from")} <DateText date={next.from} />: <ScheduleText schedule={next.schedule} />
        </p>
      ) : null}
    </section>
  );
}
