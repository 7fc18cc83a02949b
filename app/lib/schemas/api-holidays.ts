// The query of the /api/holidays calls (spec section 7: page_size up to 500; import-csv's
// dry_run). Classic zod at the API boundary, like the other /api schemas. Messages are locale keys.
import { z } from "zod";
import { HOLIDAY_FIELD_NAMES } from "~/lib/holiday-aliases";
import { DATE_WINDOW_PATTERN, DATE_WINDOW_WORDS } from "~/lib/openapi/operation";
import { HOLIDAY_PAGE_SIZE, MAX_HOLIDAY_NAME, type HolidayFieldsInput } from "~/lib/holidays";

const whole = (key: string, min: number, max: number) => z.coerce.number({ error: key }).int(key).min(min, key).max(max, key).optional();

export const apiHolidayPagingSchema = z.object({
  page_size: whole("holidays.api.pageSizeInvalid", 1, HOLIDAY_PAGE_SIZE).describe(`Holidays a page; ${HOLIDAY_PAGE_SIZE} when missing`),
  page: whole("holidays.api.pageInvalid", 1, 100_000).describe("1-based page of page_size holidays"),
  offset: whole("query.offsetInvalid", 0, 10_000_000).describe("Holidays to skip (instead of page)"),
});

export const apiDryRunSchema = z.object({
  dry_run: z.enum(["true", "false", "1", "0"], { error: "holidays.api.dryRunInvalid" }).optional().describe("true: check and count, write nothing"),
});

/** The CSV upload: multipart with the file in `file` (else the form's first file). */
export const apiHolidayCsvUploadSchema = z.object({
  file: z.string().meta({ contentMediaType: "text/csv", description: "The CSV: header date,name,country_code,is_recurring (or is_national)" }),
});

const FIELD_DOCS: Record<keyof HolidayFieldsInput, Record<string, unknown>> = {
  date: { type: "string", format: "date", pattern: DATE_WINDOW_PATTERN, description: `The day (required), ${DATE_WINDOW_WORDS}` },
  name: { type: "string", maxLength: MAX_HOLIDAY_NAME, description: "The holiday's name (required)" },
  countryCode: {
    type: "string",
    description: "ISO 3166-1 alpha-2 country; iso3 takes an alpha-3 code, locale a language tag such as pt-PT. The company's country when missing",
  },
  region: { type: "string", description: "A subdivision of the country (e.g. 30, MD, or ES-MD); the whole country when missing" },
  isRecurring: { type: ["boolean", "string", "integer"], description: "Falls on this day every year; true when missing. Also true/false, 1/0, yes/no, sim/não" },
};

/**
 * POST /api/holidays: every name spec section 3 gives a holiday's fields (the first present
 * counts, holidayFieldsFromApi); the values are checked by the one holiday rule (lib/holidays.ts).
 */
export const apiHolidayBodySchema = z.looseObject(
  Object.fromEntries(
    Object.entries(HOLIDAY_FIELD_NAMES).flatMap(([field, names]) =>
      names.map((name, index) => {
        const docs = FIELD_DOCS[field as keyof HolidayFieldsInput];
        return [name, z.unknown().optional().meta(index === 0 ? docs : { ...docs, description: `Another name of \`${names[0]}\`` })];
      }),
    ),
  ),
  { error: "errors.invalidBody" },
  // The date, and the name under one of its names (the first present counts).
).meta({ required: [...HOLIDAY_FIELD_NAMES.date], anyOf: HOLIDAY_FIELD_NAMES.name.map((name) => ({ required: [name] })) });
