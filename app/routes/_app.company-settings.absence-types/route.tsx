// The absence-types tab (/company-settings/absence-types): the company's types with their use, and a form for a new type (or, with
// ?edit=<id>, for that type). Deleting asks first; a type in use can only be deactivated.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { categoryName } from "~/components/category-name";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { BALANCE_KINDS } from "~/lib/absence-types";
import { parseWithZod } from "@conform-to/zod/v4";
import { MAX_ABSENCE_TYPE_NAME } from "~/lib/input-limits";
import { absenceTypeSchema, DEFAULT_TYPE_COLOR, updateAbsenceTypeSchema } from "~/lib/schemas/absence-types";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { absenceTypesAction, loadAbsenceTypesTab } from "./absence-types.server";

const TAB = tabPath("absence-types");

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadAbsenceTypesTab(await requireAdminUser(request), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return absenceTypesAction(viewer, request, await readFormData(request));
  });
}

interface TypeRow {
  id: string;
  name: string;
  color: string;
  active: boolean;
  balance: string;
  requiresApproval: boolean;
  uses: number;
}

export default function AbsenceTypesTab() {
  const { t } = useTranslation();
  const { types, editing, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const formReply = actionData && "result" in actionData ? actionData : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const stepType = confirmStep ? types.find((type) => type.id === confirmStep.fields.typeId) : undefined;
  const doneType = done ? types.find((type) => type.id === done.id) : undefined;
  const editType = editing ? types.find((type) => type.id === editing) : undefined;
  const deleteConfirmation = (type: TypeRow): Confirmation => ({
    title: t("absenceTypes.confirm.title"),
    question: t("absenceTypes.confirm.question", { name: categoryName(t, type) }),
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
        {done && doneType && !actionData ? (
          <p className="notice notice--success" role="status">
            {done.key === "absenceTypes.notices.created"
              ? t("absenceTypes.notices.created", { name: categoryName(t, doneType) })
              : t("absenceTypes.notices.saved", { name: categoryName(t, doneType) })}
          </p>
        ) : null}
        <ActionNotice notice={notice} />
        {confirmStep && stepType ? <ConfirmationStep fields={confirmStep.fields} confirmation={deleteConfirmation(stepType)} /> : null}
        <div className="table-wrap">
          <table className="table absence-types" data-testid="absence-types">
            <thead>
              <tr>
                <th scope="col">{t("absenceTypes.columns.name")}</th>
                <th scope="col">{t("absenceTypes.columns.balance")}</th>
                <th scope="col">{t("absenceTypes.columns.approval")}</th>
                <th scope="col">{t("absenceTypes.columns.status")}</th>
                <th scope="col">{t("absenceTypes.columns.usage")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("absenceTypes.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {types.map((type) => {
                const name = categoryName(t, type);
                return (
                  <tr key={type.id} className={type.active ? undefined : "absence-types__inactive"}>
                    <th scope="row" className="absence-types__name">
                      <span className="absence-types__swatch" style={{ background: type.color }} role="img" aria-label={t("absenceTypes.colorOf", { color: type.color })} />
                      {name}
                    </th>
                    <td>{t(`absenceTypes.balance.${type.balance}`, { defaultValue: type.balance })}</td>
                    <td>{type.requiresApproval ? t("absenceTypes.yes") : t("absenceTypes.no")}</td>
                    <td>{type.active ? t("absenceTypes.active") : t("absenceTypes.inactive")}</td>
                    <td className="absence-types__usage">{type.uses ? t("absenceTypes.usage", { count: type.uses }) : t("absenceTypes.unused")}</td>
                    <td>
                      <Form method="post" className="absence-types__actions">
                        <input type="hidden" name="typeId" value={type.id} />
                        <Link to={`${TAB}?edit=${encodeURIComponent(type.id)}#absence-type-form`} className="button button--small" aria-label={t("absenceTypes.editNamed", { name })}>
                          {t("absenceTypes.edit")}
                        </Link>
                        {type.active ? (
                          <button type="submit" name="intent" value="absence-types.deactivate" className="button button--small" disabled={busy} aria-label={t("absenceTypes.deactivateNamed", { name })}>
                            {t("absenceTypes.deactivate")}
                          </button>
                        ) : (
                          <button type="submit" name="intent" value="absence-types.activate" className="button button--small" disabled={busy} aria-label={t("absenceTypes.activateNamed", { name })}>
                            {t("absenceTypes.activate")}
                          </button>
                        )}
                        {type.uses === 0 ? (
                          <ConfirmSubmitButton
                            confirmation={deleteConfirmation(type)}
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
          {editType ? t("absenceTypes.form.editTitle") : t("absenceTypes.form.createTitle")}
        </h2>
        {/* A fresh form per type, so switching from one type to another never keeps stale fields. */}
        <TypeForm key={editType?.id ?? "new"} type={editType} lastResult={formReply?.result} errorValues={formReply?.values} busy={busy} />
      </section>
    </div>
  );
}

function TypeForm({ type, lastResult, errorValues, busy }: { type?: TypeRow; lastResult?: SubmissionResult<string[]>; errorValues?: Record<string, string>; busy: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: type ? `absence-type-${type.id}` : "absence-type-new",
    lastResult,
    defaultValue: type
      ? { name: categoryName(t, type), color: type.color, balance: type.balance, requiresApproval: type.requiresApproval ? "on" : undefined }
      : { color: DEFAULT_TYPE_COLOR, balance: "none", requiresApproval: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: type ? updateAbsenceTypeSchema : absenceTypeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Absences already taken counted against this balance: moving them to another would rewrite history.
  const balanceLocked = Boolean(type && type.uses > 0);
  return (
    <>
      <FormError errors={form.errors} values={errorValues} />
      <Form method="post" className="stack" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={type ? "absence-types.update" : "absence-types.create"} />
        {type ? <input type="hidden" name="typeId" value={type.id} /> : null}
        <label className="field">
          <span>{t("absenceTypes.form.name")}</span>
          <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_ABSENCE_TYPE_NAME} autoComplete="off" />
          <FieldError errors={fields.name.errors} id={fields.name.errorId} />
        </label>
        <label className="field">
          <span>{t("absenceTypes.form.color")}</span>
          <input {...getInputProps(fields.color, { type: "color" })} key={fields.color.key} className="absence-types__color" />
          <FieldError errors={fields.color.errors} id={fields.color.errorId} />
        </label>
        {balanceLocked && type ? (
          <div className="field">
            <span>{t("absenceTypes.form.balance")}</span>
            <input type="hidden" name={fields.balance.name} value={type.balance} />
            <span className="absence-types__locked">{t(`absenceTypes.balance.${type.balance}`, { defaultValue: type.balance })}</span>
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
        <label className="absence-types__check">
          <input {...getInputProps(fields.requiresApproval, { type: "checkbox" })} key={fields.requiresApproval.key} aria-describedby="requires-approval-hint" />
          <span>{t("absenceTypes.form.requiresApproval")}</span>
        </label>
        <p className="field__hint absence-types__hint" id="requires-approval-hint">
          {t("absenceTypes.form.requiresApprovalHint")}
        </p>
        <div className="absence-types__form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {type ? t("absenceTypes.form.save") : t("absenceTypes.form.create")}
          </button>
          {type ? (
            <Link to={TAB} className="button">
              {t("absenceTypes.form.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
