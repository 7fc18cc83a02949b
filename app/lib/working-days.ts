// Working days of an absence: weekdays that are not a holiday of the requester's country/region.
// Pure and client-safe: the browser builds the same calendar from the holiday rows it is sent
// (a calendar holds Sets and functions, so send rows, not calendars, through loaders).
import {
  eachDay,
  firstDayOfYear,
  isIsoDate,
  isWeekend,
  lastDayOfYear,
  maxDate,
  minDate,
  monthDayOf,
  yearOf,
  type IsoDate,
} from "./dates";

export interface HolidayRow {
  date: IsoDate;
  countryCode: string;
  region?: string | null;
  isRecurring: boolean;
}

/** Whose holidays apply: the user's work country and region. */
export interface HolidayPerson {
  countryCode?: string | null;
  region?: string | null;
}

export interface HolidayCalendar {
  isHoliday(date: IsoDate): boolean;
}

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A half first day starts in the afternoon; a half last day ends at midday. */
export interface AbsenceRange extends DateRange {
  halfDayStart: boolean;
  halfDayEnd: boolean;
}

interface HolidaySets {
  recurringMonthDays: Set<string>;
  exactDates: Set<string>;
}

interface CountryHolidays {
  wholeCountry: HolidaySets;
  byRegion: Map<string, HolidaySets>;
}

export interface HolidayIndex {
  readonly countries: ReadonlyMap<string, CountryHolidays>;
  /** Calendars already built, by country and region, so a company page builds each once. */
  readonly calendars: Map<string, HolidayCalendar>;
}

export const NO_HOLIDAYS: HolidayCalendar = { isHoliday: () => false };

/** Country and region codes arrive from forms, CSV imports and profiles in any case and with stray spaces. */
export function normalizeCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

function emptySets(): HolidaySets {
  return { recurringMonthDays: new Set(), exactDates: new Set() };
}

function countryEntry(countries: Map<string, CountryHolidays>, countryCode: string): CountryHolidays {
  let entry = countries.get(countryCode);
  if (!entry) {
    entry = { wholeCountry: emptySets(), byRegion: new Map() };
    countries.set(countryCode, entry);
  }
  return entry;
}

function regionSets(country: CountryHolidays, region: string): HolidaySets {
  let sets = country.byRegion.get(region);
  if (!sets) {
    sets = emptySets();
    country.byRegion.set(region, sets);
  }
  return sets;
}

function addHoliday(sets: HolidaySets, row: HolidayRow): void {
  // A recurring 02-29 is keyed 'MM-DD', and only leap years have a date with that key.
  if (row.isRecurring) sets.recurringMonthDays.add(monthDayOf(row.date));
  else sets.exactDates.add(row.date);
}

/**
 * Indexes holiday rows once per request. Rows with a malformed date or no country are skipped:
 * input validation belongs to the holiday forms and import, and one bad row must not break
 * every calendar of the company.
 */
export function buildHolidayIndex(rows: readonly HolidayRow[]): HolidayIndex {
  const countries = new Map<string, CountryHolidays>();
  for (const row of rows) {
    const countryCode = normalizeCode(row.countryCode);
    if (!countryCode || !isIsoDate(row.date)) continue;
    const country = countryEntry(countries, countryCode);
    const region = normalizeCode(row.region);
    addHoliday(region ? regionSets(country, region) : country.wholeCountry, row);
  }
  return { countries, calendars: new Map() };
}

function isIn(sets: HolidaySets, date: IsoDate): boolean {
  return sets.exactDates.has(date) || sets.recurringMonthDays.has(monthDayOf(date));
}

function calendarOf(setsList: HolidaySets[]): HolidayCalendar {
  if (setsList.length === 0) return NO_HOLIDAYS;
  return { isHoliday: (date) => setsList.some((sets) => isIn(sets, date)) };
}

/**
 * The holidays that apply to a person: those of their work country, or of the company's country
 * when they have none; regional holidays only when the person is in that region.
 */
export function holidayCalendarFor(index: HolidayIndex, person: HolidayPerson, companyCountryCode: string): HolidayCalendar {
  const countryCode = normalizeCode(person.countryCode) ?? normalizeCode(companyCountryCode);
  const region = normalizeCode(person.region);
  const key = `${countryCode ?? ""}|${region ?? ""}`;
  const cached = index.calendars.get(key);
  if (cached) return cached;

  const country = countryCode ? index.countries.get(countryCode) : undefined;
  const setsList: HolidaySets[] = [];
  if (country) {
    setsList.push(country.wholeCountry);
    const regional = region ? country.byRegion.get(region) : undefined;
    if (regional) setsList.push(regional);
  }
  const calendar = calendarOf(setsList);
  index.calendars.set(key, calendar);
  return calendar;
}

/** One-off calendar for a single person; pages showing many people should share one index. */
export function holidayCalendar(rows: readonly HolidayRow[], person: HolidayPerson, companyCountryCode: string): HolidayCalendar {
  return holidayCalendarFor(buildHolidayIndex(rows), person, companyCountryCode);
}

export function isWorkingDay(date: IsoDate, calendar: HolidayCalendar): boolean {
  return !isWeekend(date) && !calendar.isHoliday(date);
}

function assertValidRange(range: DateRange): void {
  if (!isIsoDate(range.startDate) || !isIsoDate(range.endDate)) {
    throw new RangeError(`Invalid date range: ${String(range.startDate)}..${String(range.endDate)}`);
  }
  if (range.startDate > range.endDate) {
    throw new RangeError(`Start date ${range.startDate} is after end date ${range.endDate}`);
  }
}

/**
 * How much of one day the absence takes. On a one-day absence either flag makes it a half day;
 * both flags together (afternoon start and midday end on the same day) are contradictory and
 * are also counted as a half day, never as zero or as a negative amount.
 */
function dayFraction(date: IsoDate, range: AbsenceRange): number {
  const isHalfFirst = range.halfDayStart && date === range.startDate;
  const isHalfLast = range.halfDayEnd && date === range.endDate;
  return isHalfFirst || isHalfLast ? 0.5 : 1;
}

/** Sum of working-day fractions of the range's dates that fall between from and to. */
function sumWorkingDays(range: AbsenceRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar): number {
  let total = 0;
  for (const date of eachDay(from, to)) {
    if (isWorkingDay(date, calendar)) total += dayFraction(date, range);
  }
  return total;
}

/** Working days in the inclusive range, half days counting 0.5. Throws RangeError on bad dates. */
export function countWorkingDays(range: AbsenceRange, calendar: HolidayCalendar): number {
  assertValidRange(range);
  return sumWorkingDays(range, range.startDate, range.endDate, calendar);
}

/** Working days of the range that fall inside the given year (0 when it does not touch it). */
export function countWorkingDaysInYear(range: AbsenceRange, year: number, calendar: HolidayCalendar): number {
  assertValidRange(range);
  const from = maxDate(range.startDate, firstDayOfYear(year));
  const to = minDate(range.endDate, lastDayOfYear(year));
  return sumWorkingDays(range, from, to, calendar);
}

/**
 * Working days per calendar year, because each year has its own allowance. Every year the range
 * touches is a key, even when its share is 0 (a part falling on a weekend or holiday).
 */
export function splitWorkingDaysByYear(range: AbsenceRange, calendar: HolidayCalendar): Record<number, number> {
  assertValidRange(range);
  const byYear: Record<number, number> = {};
  for (let year = yearOf(range.startDate); year <= yearOf(range.endDate); year++) {
    byYear[year] = countWorkingDaysInYear(range, year, calendar);
  }
  return byYear;
}

/**
 * Whether two inclusive date ranges share at least one date. Half days are deliberately ignored:
 * a morning absence and an afternoon absence on the same date still clash.
 */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}
