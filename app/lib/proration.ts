// A yearly allowance for someone who starts working part-way through the year
// (docs/decisions/0017-onboarding.md): the share of the year's days from the first day of work
// through 31 December, rounded to the nearest half day (the smallest amount a request takes).
import { dayNumber, firstDayOfYear, isLeapYear, lastDayOfYear, yearOf, type IsoDate } from "./dates";

export function proratedAllowance(yearly: number, year: number, startDate: IsoDate | null | undefined): number {
  if (!startDate || startDate <= firstDayOfYear(year)) return yearly;
  if (yearOf(startDate) > year) return 0;
  const daysInYear = isLeapYear(year) ? 366 : 365;
  const daysWorked = dayNumber(lastDayOfYear(year)) - dayNumber(startDate) + 1;
  return Math.round(((yearly * daysWorked) / daysInYear) * 2) / 2;
}
