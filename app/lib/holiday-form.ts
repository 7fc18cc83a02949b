// The create-holiday form's parsing, the same in the browser (before sending) and on the server:
// Conform's zod parsing over the one rule of a holiday's fields (app/lib/holidays.ts), which the
// API and the CSV import check with too. An unticked "recurring" box sends nothing, so here a
// missing box means no.
import { parseWithZod } from "@conform-to/zod/v4";
import * as z from "zod/mini";
import { checkHolidayFields, type HolidayDraft } from "./holidays";

function holidayFormSchema(companyCountry: string) {
  return z.transform((value: unknown, ctx): HolidayDraft => {
    const fields = (value ?? {}) as Record<string, unknown>;
    const checked = checkHolidayFields({ ...fields, isRecurring: fields.isRecurring === "on" }, { countryCode: companyCountry, isRecurring: false });
    if (checked.ok) return checked.value;
    for (const [field, key] of Object.entries(checked.errors)) ctx.issues.push({ code: "custom", path: [field], message: key, input: value });
    return z.NEVER;
  });
}

export function parseHolidayForm(formData: FormData, companyCountry: string) {
  return parseWithZod(formData, { schema: holidayFormSchema(companyCountry) });
}
