// The company tab (/company-settings/company): name, country and time zone, the allowance new people get, carry-over rules.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { FormProvider, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { CountryZoneFields } from "~/components/country-zone-fields";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { TextField } from "~/components/text-field";
import { parseWithZod } from "@conform-to/zod/v4";
import { companySettingsSchemaFor } from "~/lib/schemas/company";
import { isoDate } from "~/lib/dates";
import { formatIsoDate } from "~/lib/format";
import { leaveYearLabel } from "~/lib/leave-year";
import { ROUNDING_RULES } from "~/lib/proration";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage } from "~/utils/i18n.server";
import { companyAction, loadCompanyTab } from "./company.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadCompanyTab(await requireAdminUser({ request, context }), await getLanguage(request)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return companyAction(viewer, await readFormData(request));
  });
}

export default function CompanyTab() {
  const { t, i18n } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const company = useLoaderData<typeof loader>();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: {
      ...company.settings,
      defaultYearlyAllowance: String(company.settings.defaultYearlyAllowance),
      carryOverMaxDays: String(company.settings.carryOverMaxDays),
      leaveYearStartMonth: String(company.settings.leaveYearStartMonth),
      accrualBookingAhead: company.settings.accrualBookingAhead ? "on" : undefined,
      certificateAfterDays: String(company.settings.certificateAfterDays),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companySettingsSchemaFor(company.yearlyUnit) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The yearly balance's figures name its unit (decision 0081).
  const inHours = company.yearlyUnit === "hour";
  const yearlyGroup = inHours ? "hours.companySettings" : "companySettings";
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const busy = navigation.state !== "idle";
  return (
    <section className="card company-settings" aria-labelledby="company-heading">
      <h2 id="company-heading">{t("companySettings.title")}</h2>
      <ActionNotice notice={notice} />
      <FormError errors={form.errors} />
      <FormProvider context={form.context}>
        <Form method="post" className="stack" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="company.update" />
          <TextField name={fields.name.name} label={t("companySettings.name")} autoComplete="organization" />
          <CountryZoneFields countryName={fields.countryCode.name} timeZoneName={fields.timeZone.name} countries={company.countries} timeZones={company.timeZones} countryHint={t("companySettings.countryHint")} />
          <label className="checkbox-field">
            <input {...getInputProps(fields.importHolidays, { type: "checkbox" })} key={fields.importHolidays.key} />
            <span>{t("companySettings.importHolidays")}</span>
          </label>
          <fieldset className="fieldset">
            <legend>{t(`${yearlyGroup}.allowanceTitle`)}</legend>
            <label className="field">
              <span>{t(`${yearlyGroup}.defaultYearlyAllowance`)}</span>
              <small className="field__hint">{t(`${yearlyGroup}.defaultYearlyAllowanceHint`)}</small>
              <input {...getInputProps(fields.defaultYearlyAllowance, { type: "text" })} key={fields.defaultYearlyAllowance.key} inputMode="decimal" />
              <FieldError errors={fields.defaultYearlyAllowance.errors} id={fields.defaultYearlyAllowance.errorId} />
            </label>
            <label className="field">
              <span>{t(`${yearlyGroup}.carryOverMaxDays`)}</span>
              <small className="field__hint">{t(`${yearlyGroup}.carryOverMaxDaysHint`)}</small>
              <input {...getInputProps(fields.carryOverMaxDays, { type: "text" })} key={fields.carryOverMaxDays.key} inputMode="decimal" />
              <FieldError errors={fields.carryOverMaxDays.errors} id={fields.carryOverMaxDays.errorId} />
            </label>
            <label className="field">
              <span>{t(`${yearlyGroup}.carryOverExpiresOn`)}</span>
              <small className="field__hint">{t("companySettings.carryOverExpiresOnHint")}</small>
              <input {...getInputProps(fields.carryOverExpiresOn, { type: "text" })} key={fields.carryOverExpiresOn.key} placeholder="04-30" />
              <FieldError errors={fields.carryOverExpiresOn.errors} id={fields.carryOverExpiresOn.errorId} />
            </label>
          </fieldset>
          <fieldset className="fieldset" data-testid="leave-year-settings">
            <legend>{t("leaveYear.settings.title")}</legend>
            <label className="field">
              <span>{t("leaveYear.settings.startMonth")}</span>
              <small className="field__hint">
                {t("leaveYear.settings.startMonthHint", { example: leaveYearLabel(2026, 4), january: leaveYearLabel(2026, 1) })} {t("leaveYear.settings.switchHint")}
              </small>
              <select {...getSelectProps(fields.leaveYearStartMonth)} key={fields.leaveYearStartMonth.key}>
                {Array.from({ length: 12 }, (_, index) => {
                  const name = formatIsoDate(isoDate(2026, index + 1, 1), i18n.language, { month: "long" });
                  return (
                    <option key={index} value={String(index + 1)}>
                      {name.charAt(0).toLocaleUpperCase() + name.slice(1)}
                    </option>
                  );
                })}
              </select>
              <FieldError errors={fields.leaveYearStartMonth.errors} id={fields.leaveYearStartMonth.errorId} />
            </label>
            <label className="field">
              <span>{t(inHours ? "hours.companySettings.rounding" : "leaveYear.settings.rounding")}</span>
              <small className="field__hint">{t(inHours ? "hours.companySettings.roundingHint" : "leaveYear.settings.roundingHint")}</small>
              <select {...getSelectProps(fields.allowanceRounding)} key={fields.allowanceRounding.key}>
                {ROUNDING_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {t(inHours ? `hours.companySettings.roundingRule.${rule}` : `leaveYear.rounding.${rule}`)}
                  </option>
                ))}
              </select>
              <FieldError errors={fields.allowanceRounding.errors} id={fields.allowanceRounding.errorId} />
            </label>
            <label className="checkbox-field">
              <input {...getInputProps(fields.accrualBookingAhead, { type: "checkbox" })} key={fields.accrualBookingAhead.key} aria-describedby="accrual-booking-ahead-hint" />
              <span>{t("accrual.settings.bookingAhead")}</span>
            </label>
            <small className="field__hint" id="accrual-booking-ahead-hint">
              {t("accrual.settings.bookingAheadHint")}
            </small>
          </fieldset>
          <label className="field">
            <span>{t("sickness.company.certificateAfterDays")}</span>
            <small className="field__hint">{t("sickness.company.certificateAfterDaysHint")}</small>
            <input {...getInputProps(fields.certificateAfterDays, { type: "text" })} key={fields.certificateAfterDays.key} inputMode="numeric" />
            <FieldError errors={fields.certificateAfterDays.errors} id={fields.certificateAfterDays.errorId} />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("companySettings.save")}
          </button>
        </Form>
      </FormProvider>
    </section>
  );
}
