// Bounds on what a person may send, shared by the forms and the API (client-safe); the reasons are
// in docs/decisions/0012-input-limits.md. The messages of these keys name the same numbers: a
// unit test keeps them in step.
import { addDays, dayNumber, isIsoDate, type IsoDate } from "./dates";

/** Vacations and date filters lie between these dates, both included. */
export const FIRST_DATE: IsoDate = "2000-01-01";
export const LAST_DATE: IsoDate = "2100-12-31";

/** Longest vacation one request may cover, in calendar days (a whole leap year). */
export const MAX_VACATION_DAYS = 366;

/**
 * The earliest start a vacation reaching `date` can have: none is longer than MAX_VACATION_DAYS,
 * so a search for vacations overlapping a period reads a bounded range of start dates (an index
 * range) however many years of history the company has.
 */
export function earliestStartReaching(date: IsoDate): IsoDate {
  return addDays(date, -(MAX_VACATION_DAYS - 1));
}

/** The latest end a vacation reaching `date` can have (the mirror of earliestStartReaching). */
export function latestEndReaching(date: IsoDate): IsoDate {
  return addDays(date, MAX_VACATION_DAYS - 1);
}

/** Outside addresses one vacation request may notify. */
export const MAX_CUSTOM_RECIPIENTS = 10;

/** Outside addresses one person's requests may notify per hour, counted when the mail is sent. */
export const MAX_CUSTOM_RECIPIENTS_PER_HOUR = 30;

export function isDateInWindow(value: unknown): value is IsoDate {
  return isIsoDate(value) && value >= FIRST_DATE && value <= LAST_DATE;
}

/** Calendar days from start to end, both included. */
export function calendarDays(startDate: IsoDate, endDate: IsoDate): number {
  return dayNumber(endDate) - dayNumber(startDate) + 1;
}

/** Longest name of an absence category, in characters (a select option on a phone stays readable). */
export const MAX_ABSENCE_CATEGORY_NAME = 60;

/** The company calendar's name search: the field's maxLength, and what the loader reads of ?q=. */
export const MAX_PEOPLE_SEARCH = 100;
