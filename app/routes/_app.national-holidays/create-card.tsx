// Adding one holiday (spec section 5): date and name required, the country the company's unless
// changed (upper-cased), an optional region, recurring ticked by default.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { FieldError } from "~/components/field-error";
import { parseHolidayForm } from "~/lib/holiday-form";
import { MAX_HOLIDAY_NAME } from "~/lib/holidays";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import type { HolidaysReply } from "./holidays.server";
import type { loader } from "./route";

export function CreateHolidayCard() {
  const { t } = useTranslation();
  const { companyCountry } = useLoaderData<typeof loader>();
  const actionData = useActionData<HolidaysReply>();
  const navigation = useNavigation();
  const location = useLocation();
  const mine = actionData && "intent" in actionData && actionData.intent === "create" ? actionData : null;
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && mine && "result" in mine ? mine.result : undefined,
    defaultValue: { countryCode: companyCountry, isRecurring: "on" },
    onValidate: ({ formData }) => parseHolidayForm(formData, companyCountry),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle";
  return (
    <details className="card collapsible" open={mine ? true : undefined}>
      <summary className="collapsible__summary">
        <span aria-hidden="true">+</span> {t("holidays.create.title")}
      </summary>
      <div className="collapsible__body">
        <ActionNotice notice={mine && "notice" in mine ? mine.notice : null} />
        <Form method="post" action={`/national-holidays${location.search}`} className="stack holidays-narrow" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <div className="holidays-create__row">
            <label className="field">
              <span>{t("holidays.create.date")}</span>
              <input {...getInputProps(fields.date, { type: "date" })} key={fields.date.key} min={FIRST_DATE} max={LAST_DATE} />
              <FieldError errors={fields.date.errors} id={fields.date.errorId} />
            </label>
            <label className="field holidays-create__name">
              <span>{t("holidays.create.name")}</span>
              <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_HOLIDAY_NAME} autoComplete="off" />
              <FieldError errors={fields.name.errors} id={fields.name.errorId} />
            </label>
          </div>
          <div className="holidays-create__row">
            <label className="field">
              <span>{t("holidays.create.country")}</span>
              <small className="field__hint">{t("holidays.create.countryHint")}</small>
              <input {...getInputProps(fields.countryCode, { type: "text" })} key={fields.countryCode.key} maxLength={2} autoCapitalize="characters" autoComplete="off" className="holidays-code" />
              <FieldError errors={fields.countryCode.errors} id={fields.countryCode.errorId} />
            </label>
            <label className="field">
              <span>{t("holidays.create.region")}</span>
              <small className="field__hint">{t("holidays.create.regionHint")}</small>
              <input {...getInputProps(fields.region, { type: "text" })} key={fields.region.key} maxLength={10} autoCapitalize="characters" autoComplete="off" className="holidays-code" />
              <FieldError errors={fields.region.errors} id={fields.region.errorId} />
            </label>
          </div>
          <label className="checkbox-field">
            <input {...getInputProps(fields.isRecurring, { type: "checkbox" })} key={fields.isRecurring.key} />
            <span>{t("holidays.create.recurring")}</span>
          </label>
          <FieldError errors={fields.isRecurring.errors} id={fields.isRecurring.errorId} />
          <div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("holidays.create.submit")}
            </button>
          </div>
        </Form>
      </div>
    </details>
  );
}
