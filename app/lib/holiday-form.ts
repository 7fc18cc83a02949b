// The create-holiday form's parsing, the same in the browser (before sending) and on the server:
// Conform's submission over the one rule of a holiday's fields (app/lib/holidays.ts). An unticked
// "recurring" box sends nothing, so here a missing box means no.
import { parse } from "@conform-to/react";
import { checkHolidayFields, type HolidayDraft } from "./holidays";

export function parseHolidayForm(formData: FormData, companyCountry: string) {
  return parse<HolidayDraft, string[]>(formData, {
    resolve(value) {
      const fields = value as Record<string, unknown>;
      const checked = checkHolidayFields({ ...fields, isRecurring: fields.isRecurring === "on" }, { countryCode: companyCountry, isRecurring: false });
      if (checked.ok) return { value: checked.value };
      return { error: Object.fromEntries(Object.entries(checked.errors).map(([field, key]) => [field, [key!]])) };
    },
  });
}
