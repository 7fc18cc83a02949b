// A holiday as /api clients send it: spec section 3 names each field several ways (name also
// `description`; country_code also `country`, `cc`, `locale`, `iso2`, `iso3`; region also
// `subdivision`, `state`, `province`; is_recurring also `is_national`). The first name present
// counts; the values then go through the one rule of app/lib/holidays.ts.
import { readCountryAlias } from "./holiday-filters";
import type { HolidayFieldsInput } from "./holidays";

export const HOLIDAY_FIELD_NAMES: Record<keyof HolidayFieldsInput, readonly string[]> = {
  date: ["date"],
  name: ["name", "description"],
  countryCode: ["country_code", "country", "cc", "locale", "iso2", "iso3", "countryCode"],
  region: ["region", "subdivision", "state", "province"],
  isRecurring: ["is_recurring", "is_national", "isRecurring"],
};

const present = (value: unknown) => value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");

export function holidayFieldsFromApi(body: Record<string, unknown>): HolidayFieldsInput {
  const fields: HolidayFieldsInput = {};
  for (const [field, names] of Object.entries(HOLIDAY_FIELD_NAMES) as [keyof HolidayFieldsInput, readonly string[]][]) {
    const name = names.find((candidate) => present(body[candidate]));
    if (!name) continue;
    let value = body[name];
    // A three-letter code or a locale becomes the two letters the product stores; one that does
    // not is passed on as given, for the rule to refuse with its message.
    if (field === "countryCode" && typeof value === "string") value = readCountryAlias(name, value) ?? value;
    fields[field] = value;
  }
  return fields;
}
