// The absence-types tab (/company-settings/absence-types): the company's categories with their use, and a form for a new category (or, with
// ?edit=<id>, for that category). Deleting asks first; a category in use can only be deactivated.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ActionNotice } from "~/components/action-notice";
import { categoryName } from "~/components/absence-category-name";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { BALANCE_KINDS } from "~/lib/absence-categories";
import { parseWithZod } from "@conform-to/zod/v4";
import { MAX_ABSENCE_CATEGORY_NAME } from "~/lib/input-limits";
import { absenceCategorySchema, DEFAULT_TYPE_COLOR, updateAbsenceCategorySchema } from "~/lib/schemas/absence-categories";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { absenceCategoriesAction, loadAbsenceCategoriesTab } from "./absence-categories.server";

const TAB = tabPath("absence-types");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadAbsenceCategoriesTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return absenceCategoriesAction(viewer, request, await readFormData(request));
  });
}

interface CategoryRow {
  id: string;
  name: string;
  color: string;
  active: boolean;
  balance: string;
  requiresApproval: boolean;
  uses: number;
  unit: string;
  accrues: boolean;
  minNoticeDays: number | null;
  minNoticeMode: string;
  maxConsecutiveDays: number | null;
  maxConsecutiveMode: string;
  minRequestDays: number | null;
  minRequestMode: string;
  reported: boolean;
  documentRequired: boolean;
  documentAfterDays: number | null;
  documentMode: string;
}

/** The rules a category has, one short line each, for its row (decision 0087). */
function ruleLines(t: TFunction, category: CategoryRow): string[] {
  const lines: string[] = [];
  const mode = (value: string) => t(value === "warn" ? "leaveRules.modes.warn" : "leaveRules.modes.block");
  if (category.minNoticeDays !== null) lines.push(t("leaveRules.summary.minNotice", { count: category.minNoticeDays, mode: mode(category.minNoticeMode) }));
  if (category.maxConsecutiveDays !== null) lines.push(t("leaveRules.summary.maxConsecutive", { count: category.maxConsecutiveDays, mode: mode(category.maxConsecutiveMode) }));
  if (category.minRequestDays !== null) lines.push(t("leaveRules.summary.minRequest", { count: category.minRequestDays, mode: mode(category.minRequestMode) }));
  if (category.reported) lines.push(t("sickness.types.summaryReported"));
  if (category.documentRequired) {
    const documentMode = t(category.documentMode === "warn" ? "sickness.types.modes.warn" : "sickness.types.modes.block");
    lines.push(category.documentAfterDays === null ? t("sickness.types.summaryCompany", { mode: documentMode }) : t("sickness.types.summary", { days: category.documentAfterDays, mode: documentMode }));
  }
  return lines;
}

export default function AbsenceCategoriesTab() {
  const { t } = useTranslation();
  const { categories, editing, done, leaveUnit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const formReply = actionData && "result" in actionData ? actionData : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const stepCategory = confirmStep ? categories.find((category) => category.id === confirmStep.fields.typeId) : undefined;
  const doneCategory = done ? categories.find((category) => category.id === done.id) : undefined;
  const editCategory = editing ? categories.find((category) => category.id === editing) : undefined;
  const deleteConfirmation = (category: CategoryRow): Confirmation => ({
    title: t("absenceTypes.confirm.title"),
    question: t("absenceTypes.confirm.question", { name: categoryName(t, category) }),
    confirm: t("absenceTypes.confirm.yes"),
    cancel: t("absenceTypes.confirm.no"),
  });
  return (
    // One column: the table needs the page's width for its six columns; the form follows it.
    <div className="absence-types-layout">
      <section className="card" aria-labelledby="absence-types-heading">
        <h2 id="absence-types-heading" className="card__title">
          {t("absenceTypes.title")}
        </h2>
        <p className="card__meta absence-types__intro">{t("absenceTypes.intro")}</p>
        {done && doneCategory && !actionData ? (
          <p className="notice notice--success" role="status">
            {done.key === "absenceTypes.notices.created"
              ? t("absenceTypes.notices.created", { name: categoryName(t, doneCategory) })
              : t("absenceTypes.notices.saved", { name: categoryName(t, doneCategory) })}
          </p>
        ) : null}
        <ActionNotice notice={notice} />
        {confirmStep && stepCategory ? <ConfirmationStep fields={confirmStep.fields} confirmation={deleteConfirmation(stepCategory)} /> : null}
        <div className="table-wrap">
          <table className="table absence-types card-table" data-testid="absence-types">
            <thead>
              <tr>
                <th scope="col">{t("absenceTypes.columns.name")}</th>
                <th scope="col">{t("absenceTypes.columns.balance")}</th>
                <th scope="col">{t("absenceTypes.columns.approval")}</th>
                <th scope="col">{t("hours.unitColumn")}</th>
                <th scope="col">{t("absenceTypes.columns.status")}</th>
                <th scope="col">{t("absenceTypes.columns.usage")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("absenceTypes.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => {
                const name = categoryName(t, category);
                return (
                  <tr key={category.id} className={category.active ? undefined : "absence-types__inactive"}>
                    <th scope="row" className="absence-types__name card-table__title card-table__wide">
                      <span className="absence-types__swatch" style={{ background: category.color }} role="img" aria-label={t("absenceTypes.colorOf", { color: category.color })} />
                      {name}
                      {ruleLines(t, category).map((line) => (
                        <span key={line} className="absence-types__rule">
                          {line}
                        </span>
                      ))}
                    </th>
                    <td data-label={t("absenceTypes.columns.balance")}>
                      {t(`absenceTypes.balance.${category.balance}`, { defaultValue: category.balance })}
                      {category.accrues ? <span className="absence-types__accrues">{t("accrual.types.monthly")}</span> : null}
                    </td>
                    <td data-label={t("absenceTypes.columns.approval")}>{category.requiresApproval ? t("absenceTypes.yes") : t("absenceTypes.no")}</td>
                    <td data-label={t("hours.unitColumn")}>{t(category.unit === "hour" ? "hours.units.hour" : "hours.units.day")}</td>
                    <td data-label={t("absenceTypes.columns.status")}>{category.active ? t("absenceTypes.active") : t("absenceTypes.inactive")}</td>
                    <td className="absence-types__usage" data-label={t("absenceTypes.columns.usage")}>{category.uses ? t("absenceTypes.usage", { count: category.uses }) : t("absenceTypes.unused")}</td>
                    <td className="card-table__actions">
                      <Form method="post" className="absence-types__actions">
                        <input type="hidden" name="typeId" value={category.id} />
                        <Link to={`${TAB}?edit=${encodeURIComponent(category.id)}#absence-type-form`} className="button button--small" aria-label={t("absenceTypes.editNamed", { name })}>
                          {t("absenceTypes.edit")}
                        </Link>
                        {category.active ? (
                          <button type="submit" name="intent" value="absence-types.deactivate" className="button button--small" disabled={busy} aria-label={t("absenceTypes.deactivateNamed", { name })}>
                            {t("absenceTypes.deactivate")}
                          </button>
                        ) : (
                          <button type="submit" name="intent" value="absence-types.activate" className="button button--small" disabled={busy} aria-label={t("absenceTypes.activateNamed", { name })}>
                            {t("absenceTypes.activate")}
                          </button>
                        )}
                        {category.uses === 0 ? (
                          <ConfirmSubmitButton
                            confirmation={deleteConfirmation(category)}
                            name="intent"
                            value="absence-types.delete"
                            className="button button--small button--delete"
                            disabled={busy}
                            aria-label={t("absenceTypes.deleteNamed", { name })}
                          >
                            {t("absenceTypes.delete")}
                          </ConfirmSubmitButton>
                        ) : null}
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card absence-types__form-card" id="absence-type-form" aria-labelledby="absence-type-form-heading">
        <h2 id="absence-type-form-heading" className="card__title">
          {editCategory ? t("absenceTypes.form.editTitle") : t("absenceTypes.form.createTitle")}
        </h2>
        {/* A fresh form per category, so switching from one category to another never keeps stale fields. */}
        <CategoryForm key={editCategory?.id ?? "new"} category={editCategory} leaveUnit={leaveUnit} lastResult={formReply?.result} errorValues={formReply?.values} busy={busy} />
      </section>
      <section className="card absence-types__form-card" aria-labelledby="leave-unit-heading">
        <h2 id="leave-unit-heading" className="card__title">
          {t("hours.companyUnit.title")}
        </h2>
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="absence-types.unit" />
          <label className="field">
            <span>{t("hours.companyUnit.label")}</span>
            <select name="leaveUnit" defaultValue={leaveUnit} key={leaveUnit} aria-describedby="leave-unit-hint">
              <option value="day">{t("hours.units.day")}</option>
              <option value="hour">{t("hours.units.hour")}</option>
            </select>
            <span className="field__hint" id="leave-unit-hint">
              {t("hours.companyUnit.hint")}
            </span>
          </label>
          <div className="absence-types__form-actions">
            <button type="submit" className="button" disabled={busy}>
              {t("hours.companyUnit.save")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function CategoryForm({ category, leaveUnit, lastResult, errorValues, busy }: { category?: CategoryRow; leaveUnit: string; lastResult?: SubmissionResult<string[]>; errorValues?: Record<string, string>; busy: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: category ? `absence-type-${category.id}` : "absence-type-new",
    lastResult,
    defaultValue: category
      ? { name: categoryName(t, category), color: category.color, balance: category.balance, requiresApproval: category.requiresApproval ? "on" : undefined, unit: category.unit, accrues: category.accrues ? "on" : undefined,
          minNoticeDays: category.minNoticeDays?.toString(), minNoticeMode: category.minNoticeMode,
          maxConsecutiveDays: category.maxConsecutiveDays?.toString(), maxConsecutiveMode: category.maxConsecutiveMode,
          minRequestDays: category.minRequestDays?.toString(), minRequestMode: category.minRequestMode,
          reported: category.reported ? "on" : undefined, documentRequired: category.documentRequired ? "on" : undefined, documentAfterDays: category.documentAfterDays?.toString(), documentMode: category.documentMode }
      : { color: DEFAULT_TYPE_COLOR, balance: "none", requiresApproval: "on", unit: leaveUnit, minNoticeMode: "block", maxConsecutiveMode: "block", minRequestMode: "block", documentMode: "block" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: category ? updateAbsenceCategorySchema : absenceCategorySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Vacations already taken counted against this balance: moving them to another would rewrite history.
  const balanceLocked = Boolean(category && category.uses > 0);
  return (
    <>
      <FormError errors={form.errors} values={errorValues} />
      <Form method="post" className="stack" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={category ? "absence-types.update" : "absence-types.create"} />
        {category ? <input type="hidden" name="typeId" value={category.id} /> : null}
        <label className="field">
          <span>{t("absenceTypes.form.name")}</span>
          <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_ABSENCE_CATEGORY_NAME} autoComplete="off" />
          <FieldError errors={fields.name.errors} id={fields.name.errorId} />
        </label>
        <label className="field">
          <span>{t("absenceTypes.form.color")}</span>
          <input {...getInputProps(fields.color, { type: "color" })} key={fields.color.key} className="absence-types__color" />
          <FieldError errors={fields.color.errors} id={fields.color.errorId} />
        </label>
        {balanceLocked && category ? (
          <div className="field">
            <span>{t("absenceTypes.form.balance")}</span>
            <input type="hidden" name={fields.balance.name} value={category.balance} />
            <span className="absence-types__locked">{t(`absenceTypes.balance.${category.balance}`, { defaultValue: category.balance })}</span>
            <span className="field__hint">{t("absenceTypes.form.balanceLocked")}</span>
            <FieldError errors={fields.balance.errors} id={fields.balance.errorId} />
          </div>
        ) : (
          <label className="field">
            <span>{t("absenceTypes.form.balance")}</span>
            <select {...getSelectProps(fields.balance)} key={fields.balance.key}>
              {BALANCE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`absenceTypes.balance.${kind}`)}
                </option>
              ))}
            </select>
            <FieldError errors={fields.balance.errors} id={fields.balance.errorId} />
          </label>
        )}
        <label className="field">
          <span>{t("hours.unitLabel")}</span>
          <select {...getSelectProps(fields.unit)} key={fields.unit.key} aria-describedby="unit-hint">
            <option value="day">{t("hours.units.day")}</option>
            <option value="hour">{t("hours.units.hour")}</option>
          </select>
          <span className="field__hint" id="unit-hint">
            {t("hours.unitHint")}
          </span>
          <FieldError errors={fields.unit.errors} id={fields.unit.errorId} />
        </label>
        <label className="absence-types__check">
          <input {...getInputProps(fields.accrues, { type: "checkbox" })} key={fields.accrues.key} aria-describedby="accrues-hint" />
          <span>{t("accrual.types.accrues")}</span>
        </label>
        <p className="field__hint absence-types__hint" id="accrues-hint">
          {t("accrual.types.accruesHint")}
        </p>
        <FieldError errors={fields.accrues.errors} id={fields.accrues.errorId} />
        <label className="absence-types__check">
          <input {...getInputProps(fields.requiresApproval, { type: "checkbox" })} key={fields.requiresApproval.key} aria-describedby="requires-approval-hint" />
          <span>{t("absenceTypes.form.requiresApproval")}</span>
        </label>
        <p className="field__hint absence-types__hint" id="requires-approval-hint">
          {t("absenceTypes.form.requiresApprovalHint")}
        </p>
        <fieldset className="absence-types__rules">
          <legend>{t("leaveRules.form.legend")}</legend>
          <p className="field__hint">{t("leaveRules.form.hint")}</p>
          {(
            [
              [fields.minNoticeDays, fields.minNoticeMode, "minNotice", 1],
              [fields.maxConsecutiveDays, fields.maxConsecutiveMode, "maxConsecutive", 1],
              [fields.minRequestDays, fields.minRequestMode, "minRequest", 0.5],
            ] as const
          ).map(([limit, mode, rule, step]) => (
            <div className="absence-types__rule-row" key={rule}>
              <label className="field">
                <span>{t(`leaveRules.form.${rule}`)}</span>
                <input {...getInputProps(limit, { type: "number" })} key={limit.key} min={rule === "minNotice" ? 0 : step} step={step} inputMode="decimal" />
                <FieldError errors={limit.errors} id={limit.errorId} />
              </label>
              <label className="field">
                <span>{t("leaveRules.form.mode")}</span>
                <select {...getSelectProps(mode)} key={mode.key}>
                  <option value="block">{t("leaveRules.modes.block")}</option>
                  <option value="warn">{t("leaveRules.modes.warn")}</option>
                </select>
                <FieldError errors={mode.errors} id={mode.errorId} />
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="absence-types__rules" data-testid="sickness-fields">
          <legend>{t("sickness.types.title")}</legend>
          <label className="absence-types__check">
            <input {...getInputProps(fields.reported, { type: "checkbox" })} key={fields.reported.key} aria-describedby="reported-hint" />
            <span>{t("sickness.types.reported")}</span>
          </label>
          <p className="field__hint absence-types__hint" id="reported-hint">
            {t("sickness.types.reportedHint")}
          </p>
          <label className="absence-types__check">
            <input {...getInputProps(fields.documentRequired, { type: "checkbox" })} key={fields.documentRequired.key} />
            <span>{t("sickness.types.documentRequired")}</span>
          </label>
          <div className="absence-types__rule-row">
            <label className="field">
              <span>{t("sickness.types.documentAfterDays")}</span>
              <input {...getInputProps(fields.documentAfterDays, { type: "number" })} key={fields.documentAfterDays.key} min={1} max={365} step={1} inputMode="numeric" aria-describedby="document-after-hint" />
              <small className="field__hint" id="document-after-hint">
                {t("sickness.types.documentAfterDaysHint")}
              </small>
              <FieldError errors={fields.documentAfterDays.errors} id={fields.documentAfterDays.errorId} />
            </label>
            <label className="field">
              <span>{t("sickness.types.documentMode")}</span>
              <select {...getSelectProps(fields.documentMode)} key={fields.documentMode.key}>
                <option value="block">{t("sickness.types.modes.block")}</option>
                <option value="warn">{t("sickness.types.modes.warn")}</option>
              </select>
              <FieldError errors={fields.documentMode.errors} id={fields.documentMode.errorId} />
            </label>
          </div>
        </fieldset>
        <div className="absence-types__form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {category ? t("absenceTypes.form.save") : t("absenceTypes.form.create")}
          </button>
          {category ? (
            <Link to={TAB} className="button">
              {t("absenceTypes.form.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
