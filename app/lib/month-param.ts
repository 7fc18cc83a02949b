// The month a calendar shows, as `YYYY-MM` in its address (the URL is the state).
import { FIRST_DATE, LAST_DATE } from "./input-limits";
import { isoDate, type IsoDate } from "./dates";

export type IsoMonth = string;

export function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7);
}

/** A `YYYY-MM` inside the product's date window, else the fallback (a typo shows this month). */
export function readMonth(value: string | null, fallback: IsoMonth): IsoMonth {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return fallback;
  return value >= FIRST_DATE.slice(0, 7) && value <= LAST_DATE.slice(0, 7) ? value : fallback;
}

export function shiftMonth(month: IsoMonth, by: number): IsoMonth {
  const [year, m] = month.split("-").map(Number);
  return monthOf(isoDate(year, m + by, 1));
}

export function firstDayOfMonth(month: IsoMonth): IsoDate {
  return `${month}-01`;
}

export function lastDayOfMonth(month: IsoMonth): IsoDate {
  const [year, m] = month.split("-").map(Number);
  return isoDate(year, m + 1, 0);
}
