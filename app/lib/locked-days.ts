// Lock dates on the calendars (issue 41, decision 0091): which days of the range shown are locked
// and why, from the few ranges `lockedRanges` reads. Client-safe and pure.
import { eachDay, maxDate, minDate, type IsoDate } from "~/lib/dates";

export interface LockedSpan {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
}

/** Each locked day inside [from, to] with its reason; overlapping locks give every reason once, in order. */
export function lockedDaysOf(locks: readonly LockedSpan[], from: IsoDate, to: IsoDate): Map<IsoDate, string> {
  const days = new Map<IsoDate, string>();
  for (const lock of locks) {
    if (lock.endDate < from || lock.startDate > to) continue;
    for (const date of eachDay(maxDate(lock.startDate, from), minDate(lock.endDate, to))) {
      const before = days.get(date);
      if (before === undefined) days.set(date, lock.reason);
      else if (!before.split("; ").includes(lock.reason)) days.set(date, `${before}; ${lock.reason}`);
    }
  }
  return days;
}
