// The company tab's data and form action (intent "company.update").
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { companySettingsSchemaFor } from "~/lib/schemas/company";
import { allowanceUnits } from "~/models/allowance.server";
import { getCompanySettings, updateCompanySettings } from "~/models/company.server";
import { listCountries, listTimeZones } from "~/models/holiday-catalogue.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { replyWithAppError, type ActionReply } from "~/utils/form-errors.server";

/** `language`: the page's, so the country names read like the rest of the screen. */
export async function loadCompanyTab(viewer: SignedInViewer, language: string) {
  const [settings, countries, units] = await Promise.all([getCompanySettings(viewer), listCountries(language), allowanceUnits(viewer.companyId)]);
  return { settings, countries, timeZones: listTimeZones(), yearlyUnit: units.yearly };
}

export async function companyAction(viewer: SignedInViewer, formData: FormData) {
  if (formData.get("intent") !== "company.update") throw new AppError(400, "unknown_intent", "errors.invalidBody");
  const submission = parseWithZod(formData, { schema: companySettingsSchemaFor((await allowanceUnits(viewer.companyId)).yearly) });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  let holidaysAdded = 0;
  try {
    ({ holidaysAdded } = await updateCompanySettings(viewer, { ...submission.value, importHolidays: submission.value.importHolidays === "on", accrualBookingAhead: submission.value.accrualBookingAhead === "on" }));
  } catch (error) {
    return replyWithAppError(error, submission.reply);
  }
  return data<ActionReply>({
    result: submission.reply(),
    notice: {
      tone: "success",
      key: submission.value.importHolidays ? "companySettings.savedWithHolidays" : "companySettings.saved",
      values: { count: String(holidaysAdded) },
    },
  });
}
