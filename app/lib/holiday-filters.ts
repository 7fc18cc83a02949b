// The filters of the holiday list, read one way by the Bank holidays page (its GET form's short
// names) and by GET /api/holidays (spec section 7's names and section 3's alternatives for the
// country). Spec section 5: the country is letters only, upper-cased, 2; the year 4 digits; the
// month 2 digits. The page shows a wrong value next to its field and leaves it out; the API
// answers 400.
import { isIsoDate } from "./dates";
import { countryCodeOf } from "./holidays";
import { isDateInWindow } from "./input-limits";
import { iso2FromIso3 } from "./iso3-countries";

export const MAX_HOLIDAY_SEARCH = 100;
export const FIRST_HOLIDAY_YEAR = 2000;
export const LAST_HOLIDAY_YEAR = 2100;

export interface HolidayFilters {
  countryCode?: string;
  year?: number;
  /** 1–12 */
  month?: number;
  /** Part of the name; case and accents do not matter. */
  q?: string;
  dateFrom?: string;
  dateTo?: string;
}

export type HolidayFilterKey = keyof HolidayFilters;

/** Query names of each filter, the page's first; the first one present with a value counts. */
const NAMES: Record<HolidayFilterKey, readonly string[]> = {
  countryCode: ["country", "country_code", "cc", "iso2", "locale", "iso3"],
  year: ["year"],
  month: ["month"],
  q: ["q", "name", "description"],
  dateFrom: ["date_from", "from"],
  dateTo: ["date_to", "to"],
};

/** The names each filter is read under (the API document lists them). */
export { NAMES as HOLIDAY_FILTER_NAMES };

/** "pt-PT", "pt_PT" → "PT": the region part of a language tag. */
function countryOfLocale(value: string): string | null {
  const parts = value.split(/[-_]/);
  return parts.length > 1 ? countryCodeOf(parts[parts.length - 1]) : countryCodeOf(value);
}

/** A country given under any of its names: two letters, a three-letter code (iso3) or a locale. */
export function readCountryAlias(name: string, value: string): string | null {
  if (name === "locale") return countryOfLocale(value);
  if (value.trim().length === 3) return iso2FromIso3(value);
  return countryCodeOf(value);
}

const dateProblem = (value: string) => (!isIsoDate(value) ? "validation.dateInvalid" : isDateInWindow(value) ? null : "validation.dateOutOfWindow");

type Reader = (value: string, name: string) => { value: string | number } | { problem: string };

const READ: Record<HolidayFilterKey, Reader> = {
  countryCode: (value, name) => {
    const code = readCountryAlias(name, value);
    return code ? { value: code } : { problem: "holidays.filters.countryInvalid" };
  },
  year: (value) => {
    const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
    return year >= FIRST_HOLIDAY_YEAR && year <= LAST_HOLIDAY_YEAR ? { value: year } : { problem: "holidays.filters.yearInvalid" };
  },
  month: (value) => {
    const month = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
    return month >= 1 && month <= 12 ? { value: month } : { problem: "holidays.filters.monthInvalid" };
  },
  q: (value) => (value.length <= MAX_HOLIDAY_SEARCH ? { value } : { problem: "holidays.filters.searchTooLong" }),
  dateFrom: (value) => {
    const problem = dateProblem(value);
    return problem ? { problem } : { value };
  },
  dateTo: (value) => {
    const problem = dateProblem(value);
    return problem ? { problem } : { value };
  },
};

export interface ReadHolidayFilters {
  filters: HolidayFilters;
  /** Query name → locale key, for each filter given with a value it cannot have. */
  invalid: Record<string, string>;
  /** The filter key → query name each filter was read from. */
  given: Partial<Record<HolidayFilterKey, string>>;
}

export function readHolidayFilters(params: URLSearchParams, keys: readonly HolidayFilterKey[] = Object.keys(NAMES) as HolidayFilterKey[]): ReadHolidayFilters {
  const filters: HolidayFilters = {};
  const invalid: Record<string, string> = {};
  const given: ReadHolidayFilters["given"] = {};
  for (const key of keys) {
    const name = NAMES[key].find((candidate) => params.get(candidate)?.trim());
    if (!name) continue;
    given[key] = name;
    const read = READ[key](params.get(name)!.trim(), name);
    if ("problem" in read) invalid[name] = read.problem;
    else (filters as Record<string, string | number>)[key] = read.value;
  }
  return { filters, invalid, given };
}

/** "5" → "05": months show and travel as two digits. */
export function twoDigits(month: number): string {
  return month < 10 ? `0${month}` : String(month);
}
