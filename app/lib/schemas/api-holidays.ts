// The query of the /api/holidays calls (spec section 7: page_size up to 500; import-csv's
// dry_run). Classic zod at the API boundary, like the other /api schemas. Messages are locale keys.
import { z } from "zod";
import { HOLIDAY_PAGE_SIZE } from "~/lib/holidays";

const whole = (key: string, min: number, max: number) => z.coerce.number({ error: key }).int(key).min(min, key).max(max, key).optional();

export const apiHolidayPagingSchema = z.object({
  page_size: whole("holidays.api.pageSizeInvalid", 1, HOLIDAY_PAGE_SIZE),
  page: whole("holidays.api.pageInvalid", 1, 100_000),
  offset: whole("query.offsetInvalid", 0, 10_000_000),
});

export const apiDryRunSchema = z.object({
  dry_run: z.enum(["true", "false", "1", "0"], { error: "holidays.api.dryRunInvalid" }).optional(),
});
