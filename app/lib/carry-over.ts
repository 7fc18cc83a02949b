// Carry-over maths (docs/decisions/0020-carry-over-and-explained-balances.md): how many unused
// yearly days move into next year's residual, and until when they can be used. Pure, so the job,
// the explanation page and the tests share one answer.
import { addDays, isIsoDate, isoDate, type IsoDate } from "./dates";

/** How long before the carried days lapse their owner is reminded, in calendar days. */
export const CARRY_OVER_REMINDER_DAYS = 30;

/**
 * Days carried out of a year: what is left of its yearly allowance (pending requests hold their
 * days, as everywhere else), never below 0 and never above the company's cap.
 */
export function carryOverDays(yearlyRemaining: number, cap: number): number {
  if (!Number.isFinite(yearlyRemaining) || !Number.isFinite(cap)) return 0;
  // Allowances count in half days: a stray fraction from a cap such as 2.3 is not a day anyone can book.
  return Math.floor(Math.max(0, Math.min(cap, yearlyRemaining)) * 2) / 2;
}

/**
 * The last day days carried out of leave year `fromYear` can be used: the company's month-day
 * (MM-DD) inside the next leave year. With a January start that is the next calendar year; with a
 * leave year from April, "04-30" of 2026/27's days is 30 April 2027 and "03-31" is 31 March 2028.
 * 29 February in a common year becomes the 28th; a malformed setting falls back to the product's
 * default, 30 April, rather than leaving the days without an end.
 */
export function carryOverExpiry(fromYear: number, monthDay: string, leaveYearStartMonth = 1): IsoDate {
  const yearOfMonth = (month: number) => fromYear + 1 + (month < leaveYearStartMonth ? 1 : 0);
  const match = /^(\d{2})-(\d{2})$/.exec(monthDay);
  if (!match) return isoDate(yearOfMonth(4), 4, 30);
  const year = yearOfMonth(Number(match[1]));
  const candidate = `${year}-${monthDay}`;
  if (isIsoDate(candidate)) return candidate;
  if (match[1] === "02" && match[2] === "29") return isoDate(year, 2, 28);
  return isoDate(yearOfMonth(4), 4, 30);
}

/** Whether a reminder is due today: the days have not lapsed and lapse within the reminder window. */
export function reminderDue(today: IsoDate, expiresOn: IsoDate, windowDays = CARRY_OVER_REMINDER_DAYS): boolean {
  return today <= expiresOn && expiresOn <= addDays(today, windowDays);
}
