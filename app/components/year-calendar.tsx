import { useMemo } from "react";
import { isoDate, type IsoDate } from "~/lib/dates";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRangeSelection, type SelectedRange } from "~/hooks/use-range-selection";
import { useTranslation } from "react-i18next";
import type { LockedSpan } from "~/lib/locked-days";
import { dayNotes, MonthGrid, selectionInMonth, statusesByDate } from "./month-grid";

const NONE: readonly IsoDate[] = [];
const NO_LOCKS: readonly LockedSpan[] = [];

/** The twelve (year, month) pairs of a leave year from its start month. */
function monthsOf(year: number, startMonth: number) {
  return Array.from({ length: 12 }, (_, i) => ({ year: year + Math.floor((startMonth - 1 + i) / 12), month: ((startMonth - 1 + i) % 12) + 1 }));
}

export interface YearCalendarProps {
  /** The year its first month is in. */
  year: number;
  /** The month the company's leave year starts in (decision 0080); January by default. */
  startMonth?: number;
  today: IsoDate;
  vacations: readonly { startDate: IsoDate; endDate: IsoDate; status: string }[];
  holidays: readonly { date: IsoDate; name: string }[];
  /** Weekdays the person's schedule has them not working, shaded like the company calendar's (decision 0078). */
  offDays?: readonly IsoDate[];
  /** Lock dates applying to the person (decision 0091): their days are marked, with the reason in their name. */
  locked?: readonly LockedSpan[];
  /** The range shown in the open drawer, kept highlighted after the drag ends. */
  selected: SelectedRange | null;
  onSelect: (range: SelectedRange) => void;
}

/** Twelve month grids; with JavaScript, days can be selected by dragging or with the keyboard. */
export function YearCalendar({ year, startMonth = 1, today, vacations, holidays, offDays = NONE, locked = NO_LOCKS, selected, onSelect }: YearCalendarProps) {
  const hydrated = useHydrated();
  const statuses = useMemo(() => statusesByDate(vacations, year, startMonth), [vacations, year, startMonth]);
  const holidayNames = useMemo(() => new Map(holidays.map((h) => [h.date, h.name])), [holidays]);
  const notWorking = useMemo(() => new Set(offDays), [offDays]);
  // The words of the days' names, translated once for the twelve grids.
  const { t } = useTranslation();
  const notes = useMemo(() => dayNotes(t), [t]);
  const firstDay = isoDate(year, startMonth, 1);
  const initialFocus = today >= firstDay && today <= isoDate(year + 1, startMonth, 0) ? today : firstDay;
  const { containerRef, focusDate, preview, handlers } = useRangeSelection({ year, startMonth, initialFocus, onSelect });
  const shown = preview ?? selected;
  return (
    <div
      ref={containerRef}
      className={`year-calendar${hydrated ? " year-calendar--interactive" : ""}`}
      data-testid="year-calendar"
      {...(hydrated ? handlers : {})}
    >
      {monthsOf(year, startMonth).map(({ year: monthYear, month }) => {
        const prefix = `${monthYear}-${String(month).padStart(2, "0")}-`;
        return (
          <MonthGrid
            key={prefix}
            year={monthYear}
            month={month}
            today={today}
            statuses={statuses}
            holidays={holidayNames}
            offDays={notWorking}
            locked={locked}
            selection={selectionInMonth(shown, monthYear, month)}
            focusDate={hydrated && focusDate.startsWith(prefix) ? focusDate : null}
            interactive={hydrated}
            notes={notes}
          />
        );
      })}
    </div>
  );
}
