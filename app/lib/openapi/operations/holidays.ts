import { z } from "zod";
import { FIRST_HOLIDAY_YEAR, HOLIDAY_FILTER_NAMES as NAMES, LAST_HOLIDAY_YEAR, MAX_HOLIDAY_SEARCH } from "~/lib/holiday-filters";
import { apiDryRunSchema, apiHolidayBodySchema, apiHolidayCsvUploadSchema, apiHolidayPagingSchema } from "~/lib/schemas/api-holidays";
import { apiCsvImportSchema, apiHolidaySchema } from "~/lib/schemas/api-responses";
import { exampleHoliday } from "../examples";
import { aliasParams, DATE, type ApiOperation } from "../operation";

const TAG = "Bank holidays";
const ID_PARAM = { id: "The holiday's id" };

/** The list's filters under every name the filter reader takes (lib/holiday-filters.ts). */
const filters = [
  ...aliasParams(NAMES.year, "year", { type: "integer", minimum: FIRST_HOLIDAY_YEAR, maximum: LAST_HOLIDAY_YEAR }, "Holidays dated in this year, and every recurring one", 2027),
  ...aliasParams(NAMES.month, "month", { type: "integer", minimum: 1, maximum: 12 }, "Holidays of this month (1–12)"),
  ...aliasParams(
    NAMES.countryCode,
    "country_code",
    { type: "string", maxLength: 10 },
    "One country: two letters (ISO 3166-1 alpha-2); iso3 takes three letters, locale a language tag such as pt-PT",
    "PT",
  ),
  ...aliasParams(NAMES.q, "q", { type: "string", maxLength: MAX_HOLIDAY_SEARCH }, "Part of the name; case and accents do not matter"),
  ...aliasParams(NAMES.dateFrom, "date_from", DATE, "Holidays on or after this day"),
  ...aliasParams(NAMES.dateTo, "date_to", DATE, "Holidays on or before this day"),
];

export const holidayOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/holidays",
    tag: TAG,
    summary: "The company's bank holidays",
    description: "By date; 500 a page (page_size), the total in X-Total-Count. They decide everyone's working days by their work country and region.",
    specRow: "GET /api/holidays",
    access: "signedIn",
    query: [filters, apiHolidayPagingSchema],
    responses: {
      200: {
        description: "Holidays",
        schema: z.array(apiHolidaySchema),
        example: [exampleHoliday],
        headers: { "X-Total-Count": { description: "Holidays under the filters, all pages", schema: { type: "integer" } } },
      },
    },
  },
  {
    method: "post",
    path: "/api/holidays",
    tag: TAG,
    summary: "Add a bank holiday",
    description:
      "Each field may come under any of its names (the first one present counts): `name` also `description`; `country_code` also `country`, `cc`, `locale`, `iso2`, `iso3`; `region` also `subdivision`, `state`, `province`; `is_recurring` also `is_national`.",
    specRow: "POST /api/holidays, DELETE /api/holidays/{id}",
    access: "admin",
    body: { schema: apiHolidayBodySchema, example: { date: "2027-06-13", name: "Santo António", country: "PT", subdivision: "LIS", is_national: false } },
    responses: { 201: { description: "The holiday", schema: apiHolidaySchema, example: { ...exampleHoliday, id: "cmh1holiday00000000000h2", date: "2027-06-13", name: "Santo António", region: "LIS", is_recurring: false } } },
    errors: { 409: "The same holiday exists already" },
  },
  {
    method: "get",
    path: "/api/holidays/{id}",
    tag: TAG,
    summary: "One bank holiday",
    access: "signedIn",
    pathParams: ID_PARAM,
    responses: { 200: { description: "The holiday", schema: apiHolidaySchema, example: exampleHoliday } },
  },
  {
    method: "delete",
    path: "/api/holidays/{id}",
    tag: TAG,
    summary: "Delete a bank holiday",
    specRow: "POST /api/holidays, DELETE /api/holidays/{id}",
    access: "admin",
    pathParams: ID_PARAM,
    responses: { 204: { description: "Deleted" } },
  },
  {
    method: "post",
    path: "/api/holidays/import-csv",
    tag: TAG,
    summary: "Import bank holidays from a CSV file",
    description:
      "Header date,name,country_code,is_recurring (or is_national), case and spaces ignored. The whole file is refused (400) when it is empty, its header is another, or one of its first 50 rows has no YYYY-MM-DD date (up to 5 line numbers named). Otherwise each row is created, skipped (already there) or reported. dry_run=true writes nothing.",
    specRow: "POST /api/holidays/import-csv?dry_run=true or false",
    access: "admin",
    query: [apiDryRunSchema],
    body: { schema: apiHolidayCsvUploadSchema, contentType: "multipart/form-data" },
    responses: {
      200: {
        description: "What was (or, with dry_run, would be) done",
        schema: apiCsvImportSchema,
        example: { created: 12, skipped: 1, errors: [{ line: 7, detail: "Line 7: the date 2027-02-30 does not exist.", field: "date", value: "2027-02-30" }], dry_run: false },
      },
    },
  },
];
