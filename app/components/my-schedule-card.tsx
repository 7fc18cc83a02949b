// My Calendar's small card of the person's own work schedule: what they work now, and the next
// change when one is planned (their own or the company default's). Read-only; admins edit it. The
// loader puts the schedules in words (describeSchedule), so the page's code does not carry that.
import { useTranslation } from "react-i18next";
import { DateText } from "./date-text";
import { ScheduleWeeks } from "./schedule-weeks";

export interface MyScheduleWords {
  current: string[];
  next: { from: string; weeks: string[] } | null;
}

export function MyScheduleCard({ current, next }: MyScheduleWords) {
  const { t } = useTranslation();
  return (
    <section className="card my-schedule" aria-labelledby="my-schedule-heading" data-testid="my-schedule">
      <h2 id="my-schedule-heading" className="card__title">
        {t("workSchedules.mine.title")}
      </h2>
      <p className="my-schedule__line">
        {t("workSchedules.mine.works")} <ScheduleWeeks weeks={current} />
      </p>
      {next ? (
        <p className="my-schedule__line my-schedule__next">
          {t("workSchedules.mine.from")} <DateText date={next.from} />: <ScheduleWeeks weeks={next.weeks} />
        </p>
      ) : null}
    </section>
  );
}
