// The rules of a holiday's fields, one function for the screen's form (server and browser), the
// CSV import's rows, the catalogue and the API (client-safe). Messages are locale keys; the
// choices are in docs/decisions/0022-bank-holidays.md.
import { isIsoDate, type IsoDate } from "./dates";
import { isDateInWindow } from "./input-limits";
import { singleLineProblem } from "./text-input";

export const MAX_HOLIDAY_NAME = 100;
/** Spec section 9: the list shows 500 holidays a page. */
export const HOLIDAY_PAGE_SIZE = 500;

const COUNTRY_CODE = /^[A-Z]{2}$/;
/** The people's rule (Users tab): an ISO 3166-2 subdivision code without its country, e.g. 30, MD, BY. */
const REGION_CODE = /^[A-Z0-9-]{1,10}$/;

export interface HolidayDraft {
  date: IsoDate;
  name: string;
  countryCode: string;
  region: string | null;
  isRecurring: boolean;
}

export type HolidayField = keyof HolidayDraft;

/** What a form, a CSV row or an API body gives; anything may be missing or of the wrong type. */
export interface HolidayFieldsInput {
  date?: unknown;
  name?: unknown;
  countryCode?: unknown;
  region?: unknown;
  isRecurring?: unknown;
}

export interface HolidayDefaults {
  /** The company's country, for a holiday given without one. */
  countryCode: string;
  /** The create form ticks "recurring" by default; the API and CSV follow it. */
  isRecurring: boolean;
}

export type HolidayCheck = { ok: true; value: HolidayDraft } | { ok: false; errors: Partial<Record<HolidayField, string>> };

const TRUE_WORDS = new Set(["true", "1", "yes", "y", "sim", "s", "si", "sí", "x", "on", "verdadeiro", "verdadero"]);
const FALSE_WORDS = new Set(["false", "0", "no", "n", "não", "nao", "off", "falso"]);

/** A yes/no as spreadsheets and clients write it (true, 1, sim, sí, yes…); null when it is none. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== "string") return null;
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : null;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");

/** Two letters, upper case: " pt " → "PT"; null for anything else. */
export function countryCodeOf(value: unknown): string | null {
  const code = text(value).toUpperCase();
  return COUNTRY_CODE.test(code) ? code : null;
}

/**
 * A region code as the people's profiles hold it: upper case, and the country's prefix of the
 * full ISO 3166-2 form dropped ("es-md" in Spain → "MD"), so both spellings mean one region.
 */
export function regionCodeOf(value: unknown, countryCode: string): string | null {
  let code = text(value).toUpperCase();
  if (code.startsWith(`${countryCode}-`) && code.length > 3) code = code.slice(3);
  return REGION_CODE.test(code) ? code : null;
}

/**
 * Checks and normalises a holiday: the date a real calendar date in the product's window, a name
 * (spaces collapsed, at most 100 characters), the country two letters (the company's when
 * empty), an optional region, recurring a yes/no (the default when missing).
 */
export function checkHolidayFields(input: HolidayFieldsInput, defaults: HolidayDefaults): HolidayCheck {
  const errors: Partial<Record<HolidayField, string>> = {};
  const date = text(input.date);
  if (!date) errors.date = "holidays.validation.dateRequired";
  else if (!isIsoDate(date)) errors.date = "validation.dateInvalid";
  else if (!isDateInWindow(date)) errors.date = "validation.dateOutOfWindow";

  const name = text(input.name).replace(/\s+/g, " ");
  if (!name) errors.name = "holidays.validation.nameRequired";
  else if (name.length > MAX_HOLIDAY_NAME) errors.name = "holidays.validation.nameTooLong";
  // Line breaks are spaces by now; a NUL or a bidi control is refused (app/lib/text-input.ts).
  else if (singleLineProblem(name)) errors.name = singleLineProblem(name)!;

  const givenCountry = text(input.countryCode);
  const countryCode = givenCountry ? countryCodeOf(givenCountry) : defaults.countryCode;
  if (!countryCode) errors.countryCode = "holidays.validation.countryInvalid";

  const givenRegion = text(input.region);
  const region = givenRegion ? regionCodeOf(givenRegion, countryCode ?? "") : null;
  if (givenRegion && !region) errors.region = "holidays.validation.regionInvalid";

  const flag = input.isRecurring;
  const flagGiven = flag !== undefined && flag !== null && !(typeof flag === "string" && flag.trim() === "");
  const isRecurring = flagGiven ? parseFlag(flag) : defaults.isRecurring;
  if (isRecurring === null) errors.isRecurring = "holidays.validation.recurringInvalid";

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { date, name, countryCode: countryCode!, region, isRecurring: isRecurring! } };
}

/** The key that makes a holiday unique in a company (the database's unique index). */
export function holidayKey(holiday: Pick<HolidayDraft, "countryCode" | "date" | "name">): string {
  return `${holiday.countryCode}|${holiday.date}|${holiday.name}`;
}
