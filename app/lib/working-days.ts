// Working days of a vacation: weekdays that are not a holiday of the requester's country/region.
// Pure and client-safe: the browser builds the same calendar from the holiday rows it is sent
// (a calendar holds Sets and functions, so send rows, not calendars, through loaders).
import {
  civilDayNumber,
  dayNumber,
  firstDayOfYear,
  isIsoDate,
  isLeapYear,
  lastDayOfYear,
  maxDate,
  minDate,
  monthDayOf,
  weekdayOfDayNumber,
  yearOf,
  type IsoDate,
} from "./dates";
import { DEFAULT_WORK_SCHEDULE, scheduledDaysBetween, scheduledMinutes } from "./work-schedule";

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
  /** How many holidays fall on a Monday–Friday from `from` to `to` (inclusive), each date once. */
  weekdayHolidaysBetween(from: IsoDate, to: IsoDate): number;
  /**
   * The holidays from `from` to `to` (inclusive), each date once, in date order, so that a schedule
   * other than Monday–Friday can be charged without walking every date. Optional: a calendar
   * without it is asked date by date (work-schedule charging falls back to isHoliday).
   */
  holidaysBetween?(from: IsoDate, to: IsoDate): IsoDate[];
}

export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A half first day starts in the afternoon; a half last day ends at midday. */
export interface VacationRange extends DateRange {
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

export const NO_HOLIDAYS: HolidayCalendar = { isHoliday: () => false, weekdayHolidaysBetween: () => 0, holidaysBetween: () => [] };

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

const isWeekday = (n: number) => {
  const weekday = weekdayOfDayNumber(n);
  return weekday !== 0 && weekday !== 6;
};

/** Whether a recurring 'MM-DD' is a date of the year and falls on a Monday–Friday in it. */
function recursOnWeekday(month: number, day: number, year: number): boolean {
  if (month === 2 && day === 29 && !isLeapYear(year)) return false;
  return isWeekday(civilDayNumber(year, month, day));
}

// The Gregorian calendar repeats its weekdays every 400 years (146,097 days, a whole number of
// weeks), so how often a month-day falls on a weekday over many years is counted per cycle.
const weekdaysPer400Years = new Map<string, number>();

/** Years from `first` to `last` in which the month-day falls on a Monday–Friday. */
function weekdayYears(monthDay: string, first: number, last: number): number {
  if (last < first) return 0;
  const month = Number(monthDay.slice(0, 2));
  const day = Number(monthDay.slice(3, 5));
  const years = last - first + 1;
  const cycles = Math.floor(years / 400);
  let count = 0;
  if (cycles > 0) {
    let perCycle = weekdaysPer400Years.get(monthDay);
    if (perCycle === undefined) {
      perCycle = 0;
      for (let year = 2000; year < 2400; year++) if (recursOnWeekday(month, day, year)) perCycle++;
      weekdaysPer400Years.set(monthDay, perCycle);
    }
    count = cycles * perCycle;
  }
  for (let year = first + cycles * 400; year <= last; year++) if (recursOnWeekday(month, day, year)) count++;
  return count;
}

/** Occurrences of a recurring month-day on a weekday inside the range. */
function recurringWeekdaysBetween(monthDay: string, from: IsoDate, to: IsoDate): number {
  const firstYear = yearOf(from);
  const lastYear = yearOf(to);
  // The first and last years may hold the month-day outside the range; the years between hold it.
  const counts = (year: number) => {
    const date = `${String(year).padStart(4, "0")}-${monthDay}`;
    return date >= from && date <= to && weekdayYears(monthDay, year, year) === 1 ? 1 : 0;
  };
  if (firstYear === lastYear) return counts(firstYear);
  return counts(firstYear) + counts(lastYear) + weekdayYears(monthDay, firstYear + 1, lastYear - 1);
}

/** How many dates of a sorted list come before `date` (or on it, with `orOn`): a binary search. */
function countBefore(sorted: readonly IsoDate[], date: IsoDate, orOn = false): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < date || (orOn && sorted[middle] === date)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A calendar from the sets that apply to a person, merged once. Counting is arithmetic, so its
 * cost does not grow with the length of the range: recurring holidays per year (or per 400-year
 * cycle), one-off holidays by binary search over a sorted list with running weekday counts.
 */
function calendarOf(setsList: HolidaySets[]): HolidayCalendar {
  if (setsList.length === 0) return NO_HOLIDAYS;
  const recurring = new Set<string>();
  const exact = new Set<IsoDate>();
  for (const sets of setsList) {
    for (const monthDay of sets.recurringMonthDays) recurring.add(monthDay);
    for (const date of sets.exactDates) exact.add(date);
  }
  // A one-off holiday on a recurring holiday's date is that date once.
  const oneOff = [...exact].filter((date) => !recurring.has(monthDayOf(date))).sort();
  // weekdaysBefore[i]: how many of the first i one-off dates fall on a weekday.
  const weekdaysBefore = [0];
  for (const date of oneOff) weekdaysBefore.push(weekdaysBefore[weekdaysBefore.length - 1] + (isWeekday(dayNumber(date)) ? 1 : 0));
  return {
    isHoliday: (date) => exact.has(date) || recurring.has(monthDayOf(date)),
    weekdayHolidaysBetween(from, to) {
      if (from > to) return 0;
      let count = weekdaysBefore[countBefore(oneOff, to, true)] - weekdaysBefore[countBefore(oneOff, from)];
      for (const monthDay of recurring) count += recurringWeekdaysBetween(monthDay, from, to);
      return count;
    },
    holidaysBetween(from, to) {
      if (from > to) return [];
      const dates = oneOff.slice(countBefore(oneOff, from), countBefore(oneOff, to, true));
      for (const monthDay of recurring) {
        for (let year = yearOf(from); year <= yearOf(to); year++) {
          // A recurring 29 February is a date of leap years only.
          const date = `${String(year).padStart(4, "0")}-${monthDay}`;
          if (date >= from && date <= to && isIsoDate(date)) dates.push(date);
        }
      }
      return dates.sort();
    },
  };
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

/** A working day of the product's default schedule (Monday–Friday) that is not a holiday. */
export function isWorkingDay(date: IsoDate, calendar: HolidayCalendar): boolean {
  return scheduledMinutes(DEFAULT_WORK_SCHEDULE, date) > 0 && !calendar.isHoliday(date);
}

function assertValidRange(range: DateRange): void {
  if (!isIsoDate(range.startDate) || !isIsoDate(range.endDate)) {
    throw new RangeError(`Invalid date range: ${String(range.startDate)}..${String(range.endDate)}`);
  }
  if (range.startDate > range.endDate) {
    throw new RangeError(`Start date ${range.startDate} is after end date ${range.endDate}`);
  }
}

/** Monday–Friday dates from `from` to `to`, inclusive: the default schedule's working days. */
function weekdaysBetween(from: IsoDate, to: IsoDate): number {
  return scheduledDaysBetween(DEFAULT_WORK_SCHEDULE, from, to);
}

/** Sum of working-day fractions of the range's dates that fall between from and to. */
function sumWorkingDays(range: VacationRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar): number {
  if (from > to) return 0;
  let total = weekdaysBetween(from, to) - calendar.weekdayHolidaysBetween(from, to);
  // A half first or last day (when a working day) counts 0.5. On a one-day vacation both flags
  // together (afternoon start, midday end) are contradictory and count as one half day too, never
  // as zero or less: the Set holds that date once.
  const halves = new Set<IsoDate>();
  if (range.halfDayStart && from <= range.startDate && range.startDate <= to) halves.add(range.startDate);
  if (range.halfDayEnd && from <= range.endDate && range.endDate <= to) halves.add(range.endDate);
  for (const date of halves) if (isWorkingDay(date, calendar)) total -= 0.5;
  return total;
}

/** Working days in the inclusive range, half days counting 0.5. Throws RangeError on bad dates. */
export function countWorkingDays(range: VacationRange, calendar: HolidayCalendar): number {
  assertValidRange(range);
  return sumWorkingDays(range, range.startDate, range.endDate, calendar);
}

/** Working days of the range that fall inside the given year (0 when it does not touch it). */
export function countWorkingDaysInYear(range: VacationRange, year: number, calendar: HolidayCalendar): number {
  assertValidRange(range);
  const from = maxDate(range.startDate, firstDayOfYear(year));
  const to = minDate(range.endDate, lastDayOfYear(year));
  return sumWorkingDays(range, from, to, calendar);
}

/** Working days of the range that fall between two dates, both included (0 when it misses them). */
export function countWorkingDaysBetween(range: VacationRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar): number {
  assertValidRange(range);
  return sumWorkingDays(range, maxDate(range.startDate, from), minDate(range.endDate, to), calendar);
}

/**
 * Working days per calendar year, because each year has its own allowance. Every year the range
 * touches is a key, even when its share is 0 (a part falling on a weekend or holiday).
 */
export function splitWorkingDaysByYear(range: VacationRange, calendar: HolidayCalendar): Record<number, number> {
  assertValidRange(range);
  const byYear: Record<number, number> = {};
  for (let year = yearOf(range.startDate); year <= yearOf(range.endDate); year++) {
    byYear[year] = countWorkingDaysInYear(range, year, calendar);
  }
  return byYear;
}

/**
 * Whether two inclusive date ranges share at least one date. Half days are deliberately ignored:
 * a morning vacation and an afternoon vacation on the same date still clash.
 */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}
