import { useMemo } from "react";
import { isoDate, type IsoDate } from "~/lib/dates";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRangeSelection, type SelectedRange } from "~/hooks/use-range-selection";
import { useTranslation } from "react-i18next";
import { dayNotes, MonthGrid, selectionInMonth, statusesByDate } from "./month-grid";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

export interface YearCalendarProps {
  year: number;
  today: IsoDate;
  vacations: readonly { startDate: IsoDate; endDate: IsoDate; status: string }[];
  holidays: readonly { date: IsoDate; name: string }[];
  /** The range shown in the open drawer, kept highlighted after the drag ends. */
  selected: SelectedRange | null;
  onSelect: (range: SelectedRange) => void;
}

/** Twelve month grids; with JavaScript, days can be selected by dragging or with the keyboard. */
export function YearCalendar({ year, today, vacations, holidays, selected, onSelect }: YearCalendarProps) {
  const hydrated = useHydrated();
  const statuses = useMemo(() => statusesByDate(vacations, year), [vacations, year]);
  const holidayNames = useMemo(() => new Map(holidays.map((h) => [h.date, h.name])), [holidays]);
  // The words of the days' names, translated once for the twelve grids.
  const { t } = useTranslation();
  const notes = useMemo(() => dayNotes(t), [t]);
  const initialFocus = today.startsWith(`${year}-`) ? today : isoDate(year, 1, 1);
  const { containerRef, focusDate, preview, handlers } = useRangeSelection({ year, initialFocus, onSelect });
  const shown = preview ?? selected;
  return (
    <div
      ref={containerRef}
      className={`year-calendar${hydrated ? " year-calendar--interactive" : ""}`}
      data-testid="year-calendar"
      {...(hydrated ? handlers : {})}
    >
      {MONTHS.map((month) => {
        const prefix = `${year}-${String(month).padStart(2, "0")}-`;
        return (
          <MonthGrid
            key={month}
            year={year}
            month={month}
            today={today}
            statuses={statuses}
            holidays={holidayNames}
            selection={selectionInMonth(shown, year, month)}
            focusDate={hydrated && focusDate.startsWith(prefix) ? focusDate : null}
            interactive={hydrated}
            notes={notes}
          />
        );
      })}
    </div>
  );
}
