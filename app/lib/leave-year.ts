// The company's leave year (docs/decisions/0077-work-schedules-hours-and-leave-years.md): twelve
// months from the month the company chooses (January by default; April in the UK, May in
// Denmark). A leave year is known by the calendar year it starts in, so with a January start it
// is the calendar year every balance, allowance row and report already uses.
import { addDays, isoDate, yearOf, type IsoDate } from "./dates";
import type { DateRange } from "./working-days";

export interface LeaveYear {
  /** The calendar year the leave year starts in: the key of its allowance rows. */
  year: number;
  /** 1 (January) … 12. */
  startMonth: number;
  firstDay: IsoDate;
  lastDay: IsoDate;
  /** "2026" when it starts in January, "2026/27" otherwise. */
  label: string;
}

/** A stored or posted start month, or January when it is anything but 1–12. */
export function parseLeaveYearStartMonth(value: unknown): number {
  const month = typeof value === "string" && /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof month === "number" && Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1;
}

export function leaveYearLabel(year: number, startMonth: number): string {
  if (startMonth === 1) return String(year);
  return `${year}/${String((year + 1) % 100).padStart(2, "0")}`;
}

export function leaveYear(year: number, startMonth: number): LeaveYear {
  const month = parseLeaveYearStartMonth(startMonth);
  return {
    year,
    startMonth: month,
    firstDay: isoDate(year, month, 1),
    lastDay: addDays(isoDate(year + 1, month, 1), -1),
    label: leaveYearLabel(year, month),
  };
}

/** The leave year a date falls in. */
export function leaveYearOf(date: IsoDate, startMonth: number): LeaveYear {
  const month = parseLeaveYearStartMonth(startMonth);
  const year = yearOf(date);
  return leaveYear(Number(date.slice(5, 7)) >= month ? year : year - 1, month);
}

/** Every leave year from the one holding `from` to the one holding `to`, in order. */
export function leaveYearsBetween(from: IsoDate, to: IsoDate, startMonth: number): LeaveYear[] {
  if (from > to) return [];
  const first = leaveYearOf(from, startMonth).year;
  const last = leaveYearOf(to, startMonth).year;
  const years: LeaveYear[] = [];
  for (let year = first; year <= last; year++) years.push(leaveYear(year, startMonth));
  return years;
}

export interface LeaveYearPart<R extends DateRange> {
  leaveYear: LeaveYear;
  range: R;
}

/**
 * A range cut at leave-year boundaries, so each part is charged to its own year's allowance.
 * Half-day flags stay with the end of the range they belong to: a part that starts on a
 * boundary is a whole first day.
 */
export function splitByLeaveYear<R extends DateRange & { halfDayStart?: boolean; halfDayEnd?: boolean }>(range: R, startMonth: number): LeaveYearPart<R>[] {
  return leaveYearsBetween(range.startDate, range.endDate, startMonth).map((year) => {
    const startDate = range.startDate > year.firstDay ? range.startDate : year.firstDay;
    const endDate = range.endDate < year.lastDay ? range.endDate : year.lastDay;
    const part = { ...range, startDate, endDate };
    if (range.halfDayStart !== undefined) part.halfDayStart = range.halfDayStart && startDate === range.startDate;
    if (range.halfDayEnd !== undefined) part.halfDayEnd = range.halfDayEnd && endDate === range.endDate;
    return { leaveYear: year, range: part };
  });
}
