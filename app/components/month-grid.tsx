import { memo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { dayOfWeek, eachDay, isoDate, isWeekend, maxDate, minDate, type IsoDate } from "~/lib/dates";
import { formatIsoDate } from "~/lib/format";
import { lockReasonOn, type LockedSpan } from "~/lib/locked-days";

export type DayStatus = "rejected" | "approved" | "pending";

const WEEKDAY_NARROW: Intl.DateTimeFormatOptions = { weekday: "narrow" };
const WEEKDAY_LONG: Intl.DateTimeFormatOptions = { weekday: "long" };
const MONTH_YEAR: Intl.DateTimeFormatOptions = { month: "long", year: "numeric" };
const DATE_FULL: Intl.DateTimeFormatOptions = { dateStyle: "full" };

// Spec §2: rejected over approved over pending (and any of them over a holiday).
const PRIORITY: Record<DayStatus, number> = { rejected: 3, approved: 2, pending: 1 };

/** How a vacation colours the calendar: unknown statuses as pending (spec §4), cancelled not at all. */
export function calendarStatus(status: string): DayStatus | null {
  if (status === "cancelled") return null;
  if (status === "rejected" || status === "approved") return status;
  return "pending";
}

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

/** The winning status of every date of the year covered by a vacation. */
export function statusesByDate(
  vacations: readonly { startDate: IsoDate; endDate: IsoDate; status: string }[],
  year: number,
  /** The month the (leave) year starts in: its twelve months are shown (decision 0080). */
  startMonth = 1,
): Map<IsoDate, DayStatus> {
  const result = new Map<IsoDate, DayStatus>();
  const yearStart = isoDate(year, startMonth, 1);
  const yearEnd = isoDate(year + 1, startMonth, 0);
  for (const vacation of vacations) {
    const status = calendarStatus(vacation.status);
    if (!status || vacation.endDate < yearStart || vacation.startDate > yearEnd) continue;
    for (const date of eachDay(maxDate(vacation.startDate, yearStart), minDate(vacation.endDate, yearEnd))) {
      const current = result.get(date);
      if (!current || PRIORITY[status] > PRIORITY[current]) result.set(date, status);
    }
  }
  return result;
}

/** The part of a selection inside one month, or null, so unaffected months skip re-rendering. */
export function selectionInMonth(selection: DateRange | null, year: number, month: number): DateRange | null {
  if (!selection) return null;
  const first = isoDate(year, month, 1);
  const last = isoDate(year, month + 1, 0);
  if (selection.end < first || selection.start > last) return null;
  return { start: maxDate(selection.start, first), end: minDate(selection.end, last) };
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

interface Weekday {
  short: string;
  long: string;
}

export interface GridDay {
  date: IsoDate;
  day: number;
  weekend: boolean;
  /** The date in full ("quinta-feira, 1 de janeiro de 2026"), the start of the day's name. */
  fullDate: string;
}

interface MonthLayout {
  caption: string;
  weekdays: Weekday[];
  /** Rows of 7 cells, Monday first; null pads before the 1st and after the last day. */
  weeks: (GridDay | null)[][];
}

// What a month grid shows that depends only on the month and the language: every My Calendar
// renders twelve of them, and the same few dozen months come back on every request. Bounded: at
// most a few years in three languages are in use at once; past the bound it starts over.
const layouts = new Map<string, MonthLayout>();
const MAX_LAYOUTS = 360;

/** Monday first (spec §9): 2024-01-01 was a Monday. */
function weekdaysIn(language: string): Weekday[] {
  return Array.from({ length: 7 }, (_, i) => {
    const date = isoDate(2024, 1, 1 + i);
    return { short: formatIsoDate(date, language, WEEKDAY_NARROW), long: formatIsoDate(date, language, WEEKDAY_LONG) };
  });
}

export function monthLayout(year: number, month: number, language: string): MonthLayout {
  const key = `${language}|${year}|${month}`;
  let layout = layouts.get(key);
  if (layout) return layout;
  const first = isoDate(year, month, 1);
  const daysInMonth = Number(isoDate(year, month + 1, 0).slice(8, 10));
  const cells: (GridDay | null)[] = Array<null>((dayOfWeek(first) + 6) % 7).fill(null);
  for (let day = 1; day <= daysInMonth; day++) {
    const date = isoDate(year, month, day);
    cells.push({ date, day, weekend: isWeekend(date), fullDate: formatIsoDate(date, language, DATE_FULL) });
  }
  while (cells.length % 7) cells.push(null);
  const weeks: (GridDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  layout = { caption: capitalize(formatIsoDate(first, language, MONTH_YEAR)), weekdays: weekdaysIn(language), weeks };
  if (layouts.size >= MAX_LAYOUTS) layouts.clear();
  layouts.set(key, layout);
  return layout;
}

export interface MonthGridProps {
  year: number;
  /** 1–12 */
  month: number;
  today: IsoDate;
  statuses: ReadonlyMap<IsoDate, DayStatus>;
  holidays: ReadonlyMap<IsoDate, string>;
  /** Weekdays the person does not work (their schedule): shaded and named "not working". */
  offDays?: ReadonlySet<IsoDate>;
  /** Lock dates (decision 0091): their days are marked, and named "Locked: <reason>". */
  locked?: readonly LockedSpan[];
  selection: DateRange | null;
  /** The one day cell reachable with Tab when the grid is interactive (roving tabindex). */
  focusDate: IsoDate | null;
  interactive: boolean;
  notes: DayNotes;
}

/** The words a day's name is made of, translated once per grid. */
export interface DayNotes {
  approved: string;
  pending: string;
  rejected: string;
  weekend: string;
  notWorking: string;
  today: string;
  holiday: (name: string) => string;
  locked: (reason: string) => string;
}

/**
 * A day cell's attributes: as few as say something. A working day with nothing on it is its number
 * under its weekday's column in its month's caption, which is how a screen reader reads a table; a
 * weekend is told by its column. Only a day with a status, a holiday or today gets a name (and the
 * same words as a tooltip): naming all 365 made the grid two thirds of My Calendar's page.
 */
export interface DayAttributes {
  id: "today" | undefined;
  className: string | undefined;
  "data-date": IsoDate;
  /** approved, pending, rejected, holiday, off (not worked by the schedule) or weekend; none on a plain working day. */
  "data-status": string | undefined;
  title: string | undefined;
  tabIndex: 0 | -1 | undefined;
  "aria-selected": boolean | undefined;
  "aria-current": "date" | undefined;
  "aria-label": string | undefined;
}

export function dayAttributes(cell: GridDay, props: MonthGridProps, notes: DayNotes): DayAttributes {
  const { date, weekend } = cell;
  const { selection, interactive } = props;
  const status = props.statuses.get(date) ?? null;
  const holiday = props.holidays.get(date) ?? null;
  const off = !holiday && (props.offDays?.has(date) ?? false);
  const isToday = date === props.today;
  const locked = lockReasonOn(props.locked, date);
  const selected = Boolean(selection && date >= selection.start && date <= selection.end);
  // "<full date> · <status> · <holiday> · <weekend> · <today>", whichever apply.
  let label: string | undefined;
  if (status || holiday || off || isToday || locked) {
    label = cell.fullDate;
    if (status) label += ` · ${notes[status]}`;
    if (holiday) label += ` · ${notes.holiday(holiday)}`;
    if (locked) label += ` · ${notes.locked(locked)}`;
    if (off) label += ` · ${notes.notWorking}`;
    if (weekend) label += ` · ${notes.weekend}`;
    if (isToday) label += ` · ${notes.today}`;
  }
  const kind = status ?? (holiday ? "holiday" : off ? "off" : weekend ? "weekend" : undefined);
  // Classes only for the states a status can share a cell with.
  let className = holiday && status ? "month-grid__day--holiday-marked" : "";
  if (locked) className += className ? " month-grid__day--locked" : "month-grid__day--locked";
  if (selected) className += className ? " month-grid__day--selected" : "month-grid__day--selected";
  return {
    id: isToday ? "today" : undefined,
    className: className || undefined,
    "data-date": date,
    "data-status": kind,
    title: label,
    tabIndex: interactive ? (date === props.focusDate ? 0 : -1) : undefined,
    "aria-selected": interactive ? selected : undefined,
    "aria-current": isToday ? "date" : undefined,
    "aria-label": label,
  };
}

export function dayNotes(t: TFunction): DayNotes {
  // A holiday's words once per name, however many days it has.
  const holidays = new Map<string, string>();
  return {
    approved: t("absences.calendar.day.approved"),
    pending: t("absences.calendar.day.pending"),
    rejected: t("absences.calendar.day.rejected"),
    weekend: t("absences.calendar.day.weekend"),
    notWorking: t("workCounts.notWorking"),
    today: t("absences.calendar.day.today"),
    holiday: (name) => {
      let said = holidays.get(name);
      if (said === undefined) holidays.set(name, (said = t("absences.calendar.day.holiday", { name })));
      return said;
    },
    locked: (reason) => t("cover.calendar.locked", { reason }),
  };
}

export const MonthGrid = memo(function MonthGrid(props: MonthGridProps) {
  const { year, month, interactive } = props;
  const { i18n } = useTranslation();
  const { caption, weekdays, weeks } = monthLayout(year, month, i18n.language);
  const { notes } = props;
  const captionId = `month-${year}-${String(month).padStart(2, "0")}`;
  return (
    <div className="month-grid" id={captionId}>
      <table className="month-grid__table" role={interactive ? "grid" : undefined} aria-labelledby={`${captionId}-caption`}>
        <caption id={`${captionId}-caption`} className="month-grid__caption">
          {caption}
        </caption>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" className="month-grid__weekday" title={weekday.long} aria-label={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, row) => (
            // A month's weeks never move: their place is their key.
            <tr key={row}>
              {week.map((cell, index) => {
                if (!cell) {
                  // The days before the 1st and after the last: one empty cell for each run of them.
                  if (index > 0 && !week[index - 1]) return null;
                  let span = 1;
                  while (index + span < week.length && !week[index + span]) span++;
                  return <td key={`pad-${index}`} colSpan={span > 1 ? span : undefined} aria-hidden="true" />;
                }
                return (
                  <td key={cell.date} {...dayAttributes(cell, props, notes)}>
                    {cell.day}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

const LEGEND = ["approved", "pending", "rejected", "holiday", "weekend", "today"] as const;

/** The grid's key; "not working" and "locked" only when the year shown has such days. */
export function CalendarLegend({ selectable, withOffDays = false, withLocked = false }: { selectable: boolean; withOffDays?: boolean; withLocked?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="calendar-legend" aria-label={t("absences.calendar.legend.title")}>
      {LEGEND.map((kind) => (
        <li key={kind} className="calendar-legend__item">
          <span className="calendar-legend__swatch" data-status={kind} aria-hidden="true" />
          {t(`absences.calendar.legend.${kind}`)}
        </li>
      ))}
      {withOffDays ? (
        <li className="calendar-legend__item">
          <span className="calendar-legend__swatch" data-status="off" aria-hidden="true" />
          {t("workCounts.notWorking")}
        </li>
      ) : null}
      {withLocked ? (
        <li className="calendar-legend__item">
          <span className="calendar-legend__swatch calendar-legend__swatch--locked" aria-hidden="true" />
          {t("cover.calendar.legend")}
        </li>
      ) : null}
      {selectable ? (
        <li className="calendar-legend__item">
          <span className="calendar-legend__swatch" data-status="selected" aria-hidden="true" />
          {t("absences.calendar.legend.selected")}
        </li>
      ) : null}
    </ul>
  );
}
