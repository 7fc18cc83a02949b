import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { holidayFieldsFromApi } from "~/lib/holiday-aliases";
import { readHolidayFilters } from "~/lib/holiday-filters";
import { HOLIDAY_PAGE_SIZE } from "~/lib/holidays";
import { apiHolidayBodySchema, apiHolidayPagingSchema } from "~/lib/schemas/api-holidays";
import { createHoliday, listHolidays, serializeHoliday } from "~/models/holiday.server";
import { handleApi, noStore, parseBody, parseQuery, requireApiUser } from "~/utils/api.server";
import { AppError } from "~/utils/errors.server";
import { allowMethods } from "~/utils/http.server";

/** The model's field names as the API writes them. */
const API_FIELDS: Record<string, string> = { countryCode: "country_code", isRecurring: "is_recurring" };

// GET /api/holidays?year&month&country_code (or country, cc, iso2, iso3, locale)&date_from&date_to&q
// &page_size (≤ 500, the default)&page or offset: the company's holidays by date, an array; the
// total in X-Total-Count. Everyone in the company reads them.
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const viewer = await requireApiUser(request);
    const { filters, invalid } = readHolidayFilters(new URL(request.url).searchParams);
    if (Object.keys(invalid).length) throw new AppError(400, "validation_failed", Object.values(invalid)[0], { fields: invalid });
    const paging = parseQuery(request, apiHolidayPagingSchema);
    const limit = paging.page_size ?? HOLIDAY_PAGE_SIZE;
    const offset = paging.offset ?? ((paging.page ?? 1) - 1) * limit;
    const page = await listHolidays(viewer, filters, { offset, limit });
    return Response.json(page.items.map(serializeHoliday), { headers: { ...noStore, "X-Total-Count": String(page.total) } });
  });
}

// POST /api/holidays { date, name (or description), country_code (or its other names), region
// (or subdivision, state, province), is_recurring (or is_national; true when missing) }: company admins.
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    await allowMethods(request, "POST");
    const viewer = await requireApiUser(request);
    const body = await parseBody(request, apiHolidayBodySchema);
    try {
      return Response.json(serializeHoliday(await createHoliday(viewer, holidayFieldsFromApi(body))), { status: 201 });
    } catch (error) {
      if (!(error instanceof AppError) || !Object.keys(error.fields).length) throw error;
      const fields = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [API_FIELDS[field] ?? field, key]));
      throw new AppError(error.status, error.code, error.message, { fields, params: error.params });
    }
  });
}
