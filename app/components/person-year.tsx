// Someone else's year at a glance (/people/:userId): twelve month rows of up to 31 days, coloured
// like the company calendar. Read-only and deliberately small: it shares no code with My
// Calendar's interactive grids, so neither page carries the other's JavaScript.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isoDate, isWeekend, type IsoDate } from "~/lib/dates";
import { formatIsoDate } from "~/lib/format";
import { ScrollBox } from "./scroll-box";

interface PersonYearProps {
  year: number;
  today: IsoDate;
  vacations: readonly { startDate: IsoDate; endDate: IsoDate; status: string }[];
  holidays: readonly { date: IsoDate; name: string }[];
  /** Weekdays the person does not work (their schedule), shaded and named like the company calendar's. */
  offDays?: readonly IsoDate[];
}

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export function PersonYear({ year, today, vacations, holidays, offDays = [] }: PersonYearProps) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const holidayOn = new Map(holidays.map((h) => [h.date, h.name]));
  const off = new Set(offDays);
  const statusOn = (date: IsoDate) => vacations.find((v) => v.startDate <= date && v.endDate >= date)?.status ?? null;
  return (
    <ScrollBox labelledBy={captionId}>
      <table className="company-month person-year" style={{ "--days": 31 } as React.CSSProperties} data-testid="person-year">
        <caption id={captionId} className="visually-hidden">
          {t("companyCalendar.person.yearCaption", { year })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="company-month__corner">
              {year}
            </th>
            {DAYS.map((day) => (
              <th key={day} scope="col" className="company-month__day">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MONTHS.map((month) => {
            const monthName = formatIsoDate(isoDate(year, month, 1), i18n.language, { month: "long" });
            const length = Number(isoDate(year, month + 1, 0).slice(8, 10));
            return (
              <tr key={month} className="company-month__row">
                <th scope="row" className="company-month__person">
                  {monthName.charAt(0).toLocaleUpperCase() + monthName.slice(1)}
                </th>
                {DAYS.map((day) => {
                  if (day > length) return <td key={day} className="person-year__none" aria-hidden="true" />;
                  const date = isoDate(year, month, day);
                  const status = statusOn(date);
                  const holiday = holidayOn.get(date);
                  const notWorking = off.has(date);
                  const kind = status ? (status === "approved" ? "approved" : "pending") : holiday ? "holiday" : notWorking ? "off" : isWeekend(date) ? "weekend" : null;
                  const note = [status ? t(`absences.status.${kind}`) : null, holiday, notWorking && !holiday ? t("workCounts.notWorking") : null].filter(Boolean).join(" · ");
                  return (
                    <td key={day} className={[kind ? `person-year__day--${kind}` : "", date === today ? "person-year__day--today" : ""].join(" ").trim() || undefined} title={note || undefined}>
                      {note ? <span className="visually-hidden">{`${formatIsoDate(date, i18n.language, { day: "numeric", month: "long" })}: ${note}`}</span> : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
