import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useEarlyInput } from "~/hooks/use-early-input";
import { useHydrated } from "~/hooks/use-hydrated";
import { BALANCE_KINDS, exceedsShownBalance, parseCategoryBalance, type Balances } from "~/lib/balances";
import { isIsoDate } from "~/lib/dates";
import { formatDays, formatLeaveAmount } from "~/lib/format";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import { RECIPIENT_TYPES, vacationRequestSchema } from "~/lib/schemas/vacation";
import { chargeRefusal, chargeRequest, scheduleDayCounter, vacationWorkingDays } from "~/lib/leave-charge";
import { readLeaveRequest } from "~/lib/leave-request";
import { constantSchedule, frozenSchedules, type ScheduleSegment } from "~/lib/work-schedule";
import { holidayCalendar, type HolidayPerson, type HolidayRow } from "~/lib/working-days";
import { categoryName } from "./absence-category-name";
import { FieldError } from "./field-error";
import { FormError } from "./form-error";
import { HourFields } from "./hour-fields";

export interface AbsenceCategoryOption {
  id: string;
  name: string;
  balance: string;
  /** "hour" for a category counting hours (decision 0081); anything else counts days. */
  unit?: string;
  /** Sickness (decision 0092): reported, not requested; the form says so. */
  reported?: boolean;
}

/** Holiday rows that apply to the requester (client-safe), to count working days in the browser. */
export interface HolidayContextData {
  rows: HolidayRow[];
  person: HolidayPerson;
  companyCountryCode: string;
  /** The requester's work schedules over every date the form takes; null: Monday–Friday (no schedules). */
  schedules?: ScheduleSegment[] | null;
  /** The month the company's leave year starts in: the balance preview compares a request with its leave year. */
  leaveYearStartMonth?: number;
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
  const schedules = useMemo(() => (holidays.schedules ? frozenSchedules(holidays.schedules, constantSchedule()) : undefined), [holidays.schedules]);
  const countDays = useMemo(() => (schedules ? scheduleDayCounter(schedules) : undefined), [schedules]);
  const start = asString(fields.startDate.value);
  const end = asString(fields.endDate.value);
  const range = isIsoDate(start) && isIsoDate(end) && start <= end ? { startDate: start, endDate: end } : null;
  const workingDays = range
    ? vacationWorkingDays({ ...range, halfDayStart: fields.halfDayStart.value === "on", halfDayEnd: fields.halfDayEnd.value === "on" }, calendar, countDays)
    : null;
  const category = categories.find((c) => c.id === fields.categoryId.value);
  const inHours = category?.unit === "hour";
  // Hours charged, as the server charges them (readLeaveRequest, chargeRequest); null until the
  // fields make a request.
  const hours = (() => {
    if (!range || !inHours) return null;
    const read = readLeaveRequest(
      {
        ...range,
        halfDayStart: fields.halfDayStart.value === "on",
        halfDayEnd: fields.halfDayEnd.value === "on",
        startTime: asString(fields.startTime.value),
        endTime: asString(fields.endTime.value),
        hoursPerDay: asString(fields.hoursPerDay.value) ? Number(asString(fields.hoursPerDay.value).replace(",", ".")) : null,
      },
      "hour",
    );
    if (!read.ok) return null;
    const charge = chargeRequest(read.request, { schedules: schedules ?? constantSchedule(), calendar, unit: "hour" });
    return chargeRefusal(charge) ? null : charge.amount;
  })();
  // Without JavaScript the form cannot know the category chosen: the hour fields show whenever the
  // company has an hour category, in a fieldset saying whom they are for.
  const anyInHours = categories.some((c) => c.unit === "hour");
  const showHourFields = hydrated ? inHours : anyInHours;
  const oneDay = range !== null && range.startDate === range.endDate;
  const kind = category ? parseCategoryBalance(category.balance) : "none";
  // The balances shown are of one leave year (decision 0080), in their unit: an hour type's request
  // is compared in hours (its balance counts hours, decision 0081), and with what is earned when the
  // yearly allowance accrues (decision 0082).
  const startMonth = holidays.leaveYearStartMonth ?? 1;
  const asked = inHours ? hours : workingDays;
  const exceeds = kind !== "none" && hasAllowance && range !== null && asked !== null && exceedsShownBalance(asked, balances[kind].available ?? balances[kind].remaining, range, balanceYear, startMonth);
  // A reported type (sickness) is recorded at once and tells the team admins only (decision 0092):
  // with JavaScript the form becomes a report; without, a line names the reported types.
  const reporting = hydrated && Boolean(category?.reported);
  const reportedNames = categories.filter((c) => c.reported).map((c) => categoryName(t, c));
  const showCustomEmails = !reporting && (!hydrated || fields.recipientType.value === "custom");
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
        {reportedNames.length > 0 && (!hydrated || reporting) ? <small className="field__hint">{t("sickness.form.reportedHint", { types: reportedNames.join(", ") })}</small> : null}
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
      {showHourFields ? (
        <HourFields
          hydrated={hydrated}
          showTimes={oneDay || !range}
          showPerDay={!oneDay}
          startTime={{ input: getInputProps(fields.startTime, { type: "time" }), inputKey: fields.startTime.key, errors: fields.startTime.errors, errorId: fields.startTime.errorId }}
          endTime={{ input: getInputProps(fields.endTime, { type: "time" }), inputKey: fields.endTime.key, errors: fields.endTime.errors, errorId: fields.endTime.errorId }}
          hoursPerDay={{ input: getInputProps(fields.hoursPerDay, { type: "number" }), inputKey: fields.hoursPerDay.key, errors: fields.hoursPerDay.errors, errorId: fields.hoursPerDay.errorId }}
        />
      ) : null}
      {inHours && hours !== null ? (
        <p className="absence-form__days" role="status" data-testid="selection-working-days">
          {t("hours.form.charged", { amount: formatLeaveAmount(hours, "hour", i18n.language) })}
        </p>
      ) : !inHours && workingDays !== null ? (
        <p className="absence-form__days" role="status" data-testid="selection-working-days">
          {t("absences.form.workingDays", { days: formatDays(workingDays, i18n.language) })}
        </p>
      ) : null}
      <label className="field">
        <span>{t("absences.form.description")}</span>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={2} maxLength={500} />
        <FieldError errors={fields.description.errors} id={fields.description.errorId} />
      </label>
      <label className="field" hidden={reporting}>
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
              <dd>
                {!hasAllowance
                  ? formatDays(null)
                  : balances[balance].unit === "hour"
                    ? formatLeaveAmount(balances[balance].remaining, "hour", i18n.language)
                    : formatDays(balances[balance].remaining, i18n.language)}
              </dd>
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
          {reporting ? t(busy ? "sickness.form.reporting" : "sickness.form.report") : busy ? t("absences.form.submitting") : t("absences.form.submit")}
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
