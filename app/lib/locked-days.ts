// Lock dates on the calendars (issue 41, decision 0091): why a day is locked, from the few ranges
// `lockedRanges` reads for the page. Client-safe and pure.
import type { IsoDate } from "~/lib/dates";

export interface LockedSpan {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
}

/** The reasons of the locks covering `date` ("a; b" where they overlap), or undefined when none does. */
export function lockReasonOn(locks: readonly LockedSpan[] | undefined, date: IsoDate): string | undefined {
  let reason: string | undefined;
  if (locks) for (const lock of locks) if (lock.startDate <= date && lock.endDate >= date) reason = reason === undefined ? lock.reason : `${reason}; ${lock.reason}`;
  return reason;
}
