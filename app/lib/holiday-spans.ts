// The dates a caller reads holidays for (loadHolidayCalendars' span, decision 0041): pure, and
// apart from app/lib/working-days.ts because only the server asks.
import type { IsoDate } from "./dates";
import { earliestStartReaching, FIRST_DATE, LAST_DATE, latestEndReaching } from "./input-limits";
import type { DateRange } from "./working-days";

/** Every date of every vacation that touches [from, to]: none is longer than MAX_VACATION_DAYS. */
export function spanOfVacationsTouching(from: IsoDate, to: IsoDate): DateRange {
  return { startDate: earliestStartReaching(from), endDate: latestEndReaching(to) };
}

/** The dates the given vacations cover; with none, an empty span (only recurring holidays are read). */
export function spanOfVacations(vacations: readonly DateRange[]): DateRange {
  let startDate = LAST_DATE;
  let endDate = FIRST_DATE;
  for (const vacation of vacations) {
    if (vacation.startDate < startDate) startDate = vacation.startDate;
    if (vacation.endDate > endDate) endDate = vacation.endDate;
  }
  return { startDate, endDate };
}

/** Whether every date of `inner` lies within `span` (null: every date). */
export function spanCovers(span: DateRange | null, inner: DateRange): boolean {
  return span === null || (inner.startDate >= span.startDate && inner.endDate <= span.endDate);
}
