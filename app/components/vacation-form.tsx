import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useEarlyInput } from "~/hooks/use-early-input";
import { useHydrated } from "~/hooks/use-hydrated";
import { BALANCE_KINDS, parseCategoryBalance, type Balances } from "~/lib/balances";
import { isIsoDate, yearOf } from "~/lib/dates";
import { formatDays } from "~/lib/format";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { RECIPIENT_TYPES, vacationRequestSchema } from "~/lib/schemas/vacation";
import { scheduleDayCounter, vacationWorkingDays } from "~/lib/leave-charge";
import { constantSchedule, frozenSchedules, type ScheduleSegment } from "~/lib/work-schedule";
import { holidayCalendar, type HolidayPerson, type HolidayRow } from "~/lib/working-days";
import { categoryName } from "./absence-category-name";
import { FieldError } from "./field-error";
import { FormError } from "./form-error";

export interface AbsenceCategoryOption {
  id: string;
  name: string;
  balance: string;
}

/** Holiday rows that apply to the requester (client-safe), to count working days in the browser. */
export interface HolidayContextData {
  rows: HolidayRow[];
  person: HolidayPerson;
  companyCountryCode: string;
  /** The requester's work schedules over every date the form takes; null: Monday–Friday (no schedules). */
  schedules?: ScheduleSegment[] | null;
}

export interface VacationFormProps {
  categories: readonly AbsenceCategoryOption[];
  defaultValue?: { startDate?: string; endDate?: string };
  lastResult?: SubmissionResult<string[]> | null;
  /** Interpolation values of a form error (e.g. requested/remaining days). */
  errorValues?: Record<string, string>;
  balances: Balances;
  hasAllowance: boolean;
  balanceYear: number;
  holidays: HolidayContextData;
  /** Where to post; defaults to the current address. */
  action?: string;
  autoFocus?: boolean;
}

const asString = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The vacation request form (my calendar's drawer and the vacations page). A plain POST form with
 * intent=create: the server validates it again and answers errors next to the fields.
 */
export function VacationForm({ categories, defaultValue, lastResult, errorValues, balances, hasAllowance, balanceYear, holidays, action, autoFocus }: VacationFormProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { recipientType: "team_admins", startDate: defaultValue?.startDate ?? "", endDate: defaultValue?.endDate ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: vacationRequestSchema }),
    // On submit, not on blur: an error appearing above the button would move it away mid-click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEarlyInput(form.id);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  const calendar = useMemo(
    () => holidayCalendar(holidays.rows, holidays.person, holidays.companyCountryCode),
    [holidays],
  );
  // The requester's schedules, so the count shown is what the server will charge (decision 0078).
  const countDays = useMemo(() => (holidays.schedules ? scheduleDayCounter(frozenSchedules(holidays.schedules, constantSchedule())) : undefined), [holidays.schedules]);
  const start = asString(fields.startDate.value);
  const end = asString(fields.endDate.value);
  const range = isIsoDate(start) && isIsoDate(end) && start <= end ? { startDate: start, endDate: end } : null;
  const workingDays = range
    ? vacationWorkingDays({ ...range, halfDayStart: fields.halfDayStart.value === "on", halfDayEnd: fields.halfDayEnd.value === "on" }, calendar, countDays)
    : null;
  const category = categories.find((c) => c.id === fields.categoryId.value);
  const kind = category ? parseCategoryBalance(category.balance) : "none";
  const exceeds =
    kind !== "none" &&
    hasAllowance &&
    range !== null &&
    workingDays !== null &&
    yearOf(range.startDate) === balanceYear &&
    yearOf(range.endDate) === balanceYear &&
    workingDays > balances[kind].remaining;
  const showCustomEmails = !hydrated || fields.recipientType.value === "custom";
  const chooseHintId = `${form.id}-choose-hint`;

  return (
    <Form method="post" action={action} className="absence-form" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FormError errors={form.errors} values={errorValues} />
      <label className="field">
        <span>{t("absences.form.category")}</span>
        <select {...getSelectProps(fields.categoryId)} key={fields.categoryId.key} autoFocus={autoFocus}>
          <option value="">{t("absences.form.categoryPlaceholder")}</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {categoryName(t, option)}
            </option>
          ))}
        </select>
        <FieldError errors={fields.categoryId.errors} id={fields.categoryId.errorId} />
      </label>
      <div className="absence-form__row">
        <label className="field">
          <span>{t("absences.form.startDate")}</span>
          <input {...getInputProps(fields.startDate, { type: "date" })} min={FIRST_DATE} max={LAST_DATE} key={fields.startDate.key} />
          <FieldError errors={fields.startDate.errors} id={fields.startDate.errorId} />
        </label>
        <label className="field">
          <span>{t("absences.form.endDate")}</span>
          <input {...getInputProps(fields.endDate, { type: "date" })} min={FIRST_DATE} max={LAST_DATE} key={fields.endDate.key} />
          <FieldError errors={fields.endDate.errors} id={fields.endDate.errorId} />
        </label>
      </div>
      <div className="absence-form__checks">
        <label className="absence-form__check">
          <input {...getInputProps(fields.halfDayStart, { type: "checkbox" })} key={fields.halfDayStart.key} />
          <span>{t("absences.form.halfDayStart")}</span>
        </label>
        <label className="absence-form__check">
          <input {...getInputProps(fields.halfDayEnd, { type: "checkbox" })} key={fields.halfDayEnd.key} />
          <span>{t("absences.form.halfDayEnd")}</span>
        </label>
      </div>
      {workingDays !== null ? (
        <p className="absence-form__days" role="status" data-testid="selection-working-days">
          {t("absences.form.workingDays", { days: formatDays(workingDays, i18n.language) })}
        </p>
      ) : null}
      <label className="field">
        <span>{t("absences.form.description")}</span>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} maxLength={500} />
        <FieldError errors={fields.description.errors} id={fields.description.errorId} />
      </label>
      <label className="field">
        <span>{t("absences.form.recipients")}</span>
        <select {...getSelectProps(fields.recipientType)} key={fields.recipientType.key}>
          {RECIPIENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`absences.form.recipientTypes.${type}`)}
            </option>
          ))}
        </select>
        <FieldError errors={fields.recipientType.errors} id={fields.recipientType.errorId} />
      </label>
      <label className="field" hidden={!showCustomEmails}>
        <span>{t("absences.form.customEmails")}</span>
        <small className="field__hint">{t("absences.form.customEmailsHint")}</small>
        <input {...getInputProps(fields.customEmails, { type: "text" })} key={fields.customEmails.key} autoComplete="off" />
        <FieldError errors={fields.customEmails.errors} id={fields.customEmails.errorId} />
      </label>
      <div className="absence-form__balances">
        <p className="absence-form__balances-title">{t("absences.form.balancesTitle", { year: balanceYear })}</p>
        <dl>
          {BALANCE_KINDS.map((balance) => (
            <div key={balance} className={`absence-form__balance${balance === kind ? " absence-form__balance--active" : ""}`}>
              <dt>{t(`absences.balances.${balance}.title`)}</dt>
              <dd>{hasAllowance ? formatDays(balances[balance].remaining, i18n.language) : formatDays(null)}</dd>
            </div>
          ))}
        </dl>
        {exceeds ? (
          <p className="notice notice--info absence-form__warning" role="status">
            {t("absences.form.exceedsBalance")}
          </p>
        ) : null}
      </div>
      <div className="absence-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || (hydrated && !category)}
          aria-describedby={hydrated && !category ? chooseHintId : undefined}
        >
          {busy ? t("absences.form.submitting") : t("absences.form.submit")}
        </button>
        {hydrated && !category ? (
          <small className="field__hint" id={chooseHintId}>
            {t("absences.form.chooseCategory")}
          </small>
        ) : null}
      </div>
    </Form>
  );
}
