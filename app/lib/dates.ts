// Calendar dates as 'YYYY-MM-DD' strings. All arithmetic goes through UTC midnight, so no local
// time zone or daylight-saving change can move a date (docs/decisions/0002-data-model.md).

export type IsoDate = string;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const DASH = 45;

/**
 * The number written by `count` ASCII digits of `text` from `start`, or NaN if any is not a digit.
 * Dates are read this way, not with a regular expression and slices: a report of 1,000 people reads
 * some 100,000 of them (8 % of its CPU went to the regular expression, slices and Number()).
 */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

// Balances check every vacation's dates, thousands per report: digits and month lengths, no Date.
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string" || value.length !== 10 || value.charCodeAt(4) !== DASH || value.charCodeAt(7) !== DASH) return false;
  const y = digitsAt(value, 0, 4);
  const m = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (Number.isNaN(y + m + d)) return false;
  // Years 0–99 were never valid: Date.UTC reads them as 1900–1999.
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]);
}

// These two run thousands of times per calendar page: slices and padding, no arrays or ISO strings.
export function toUtcDate(iso: IsoDate): Date {
  if (iso.length !== 10) {
    const [y, m, d] = iso.split("-").map(Number);
    return new Date(Date.UTC(y, m - 1, d));
  }
  return new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))));
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function fromUtcDate(date: Date): IsoDate {
  const year = date.getUTCFullYear();
  // Years outside 0000–9999 keep the ISO form (±YYYYYY) they had before.
  if (year < 0 || year > 9999) return date.toISOString().slice(0, 10);
  return `${String(year).padStart(4, "0")}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

export function isoDate(year: number, month: number, day: number): IsoDate {
  return fromUtcDate(new Date(Date.UTC(year, month - 1, day)));
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  const date = toUtcDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtcDate(date);
}

/**
 * Days since 1970-01-01 (negative before it), by arithmetic on the digits: counting over long
 * ranges must not build a Date per day (H. Hinnant's days_from_civil, proleptic Gregorian).
 */
export function dayNumber(iso: IsoDate): number {
  return civilDayNumber(digitsAt(iso, 0, 4), digitsAt(iso, 5, 2), digitsAt(iso, 8, 2));
}

/** dayNumber of a year, month (1–12) and day. */
export function civilDayNumber(year: number, month: number, day: number): number {
  const y = year - (month <= 2 ? 1 : 0);
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** 0 = Sunday … 6 = Saturday, of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** 0 = Sunday … 6 = Saturday */
export function dayOfWeek(iso: IsoDate): number {
  return toUtcDate(iso).getUTCDay();
}

export function isWeekend(iso: IsoDate): boolean {
  const day = dayOfWeek(iso);
  return day === 0 || day === 6;
}

/** A company's zone unless it chose another (the schema's default; Portugal is the default country). */
export const DEFAULT_TIME_ZONE = "Europe/Lisbon";

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone. Using
// one still costs tens of microseconds, and time zone offsets are whole minutes, so the answer is
// also kept for the minute it was asked in.
const dayFormatters = new Map<string, { format: Intl.DateTimeFormat; minute: number; today: IsoDate }>();

/** Today in the given IANA time zone (the company's), as a calendar date. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatter = { format, minute: Number.NaN, today: "" };
    dayFormatters.set(timeZone, formatter);
  }
  if (formatter.minute !== minute) {
    formatter.today = formatter.format.format(now);
    formatter.minute = minute;
  }
  return formatter.today;
}

export function yearOf(iso: IsoDate): number {
  return Number(iso.slice(0, 4));
}

/** 'MM-DD' of a date: the key under which a holiday recurs every year. */
export function monthDayOf(iso: IsoDate): string {
  return iso.slice(5, 10);
}

// Asked once per vacation by every balance: four-digit years need no Date.
const fourDigits = (year: number) => Number.isInteger(year) && year >= 1000 && year <= 9999;

export function firstDayOfYear(year: number): IsoDate {
  return fourDigits(year) ? `${year}-01-01` : isoDate(year, 1, 1);
}

export function lastDayOfYear(year: number): IsoDate {
  return fourDigits(year) ? `${year}-12-31` : isoDate(year, 12, 31);
}

/** Every date from start to end, both included; nothing when start is after end. */
export function* eachDay(start: IsoDate, end: IsoDate): Generator<IsoDate> {
  // One Date mutated in place: ranges are walked once per vacation of every user on a page.
  const cursor = toUtcDate(start);
  const last = toUtcDate(end).getTime();
  while (cursor.getTime() <= last) {
    yield fromUtcDate(cursor);
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
}

/** The later of two dates ('YYYY-MM-DD' strings sort in date order). */
export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}

/** The earlier of two dates. */
export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}
