// The Lock dates tab (issue 41, decision 0091): lock a range for the company, teams or people, with
// a reason and a mode for every absence type (block or warn) plus exceptions per type; the list
// removes a lock (asked first). Plain POSTs, so it works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { categoryName } from "~/components/absence-category-name";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateRangeText } from "~/components/date-text";
import { languageOr, messageValues } from "~/i18n";
import { formatDateRange } from "~/lib/format";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { loadLockDatesTab, lockDatesAction, type LockDatesReply, type LockFormValues } from "./lock-dates.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

const TAB_URL = tabPath("lock-dates");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadLockDatesTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return lockDatesAction(viewer, await readFormData(request));
  });
}

export default function LockDatesTab() {
  const { t, i18n } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as LockDatesReply | undefined;
  const busy = useNavigation().state !== "idle";
  const rangeOf = (row: { startDate: string; endDate: string }) => formatDateRange(row.startDate, row.endDate, languageOr(i18n.language));
  const confirmation = (range: string): Confirmation => ({
    title: t("cover.blackouts.confirmDeleteHint"),
    question: t("cover.blackouts.confirmDelete", { range }),
    confirm: t("cover.blackouts.delete"),
    cancel: t("cover.blackouts.cancel"),
  });
  const step = reply?.confirm;
  const stepRow = step ? loaded.blackouts.find((row) => row.id === step.fields.blackoutId) : undefined;
  return (
    <div className="closures stack">
      <section className="card" aria-labelledby="locks-heading">
        <h2 id="locks-heading" className="card__title">
          {t("cover.blackouts.title")}
        </h2>
        <p>{t("cover.blackouts.intro")}</p>
      </section>
      <ActionNotice notice={reply?.notice} />
      {step && stepRow ? <ConfirmationStep fields={step.fields} confirmation={confirmation(rangeOf(stepRow))} /> : null}
      <LockForm key={reply?.notice?.tone === "success" ? "done" : "form"} values={reply?.form ?? {}} errors={reply?.fieldErrors ?? {}} errorValues={reply?.values} loaded={loaded} busy={busy} />
      <section className="card" aria-labelledby="locks-list-heading">
        <h2 id="locks-list-heading" className="card__title">
          {t("cover.blackouts.title")}
        </h2>
        {loaded.blackouts.length === 0 ? (
          <p className="empty-state">{t("cover.blackouts.empty")}</p>
        ) : (
          <div className="table-wrap">
            <table className="table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("cover.blackouts.reason")}</th>
                  <th scope="col">{t("cover.blackouts.range")}</th>
                  <th scope="col">{t("cover.blackouts.scope")}</th>
                  <th scope="col">{t("cover.blackouts.defaultMode")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("cover.blackouts.delete")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.blackouts.map((row) => (
                  <tr key={row.id} data-testid="blackout-row">
                    <th scope="row" className="card-table__title">
                      {row.reason}
                    </th>
                    <td className="card-table__wide" data-label={t("cover.blackouts.range")}>
                      <DateRangeText start={row.startDate} end={row.endDate} />
                    </td>
                    <td data-label={t("cover.blackouts.scope")}>{row.scope === "company" ? t("cover.blackouts.scopes.company") : row.names.join(", ")}</td>
                    <td data-label={t("cover.blackouts.defaultMode")}>
                      {t(`cover.blackouts.modes.${row.defaultMode === "warn" ? "warn" : "block"}`)}
                      {Object.keys(row.typeModes).length ? (
                        <small className="muted">
                          {" "}
                          · {t("cover.blackouts.exceptions")}:{" "}
                          {Object.entries(row.typeModes)
                            .map(([id, mode]) => `${categoryName(t, loaded.categories.find((category) => category.id === id), id)} (${t(`cover.blackouts.modes.${mode}`)})`)
                            .join(", ")}
                        </small>
                      ) : null}
                    </td>
                    <td className="card-table__actions">
                      <Form method="post" action={TAB_URL} preventScrollReset>
                        <input type="hidden" name="blackoutId" value={row.id} />
                        <ConfirmSubmitButton confirmation={confirmation(rangeOf(row))} name="intent" value="blackouts.delete" className="button button--small button--delete" disabled={busy}>
                          {t("cover.blackouts.delete")}
                        </ConfirmSubmitButton>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function LockForm({ values, errors, errorValues, loaded, busy }: { values: LockFormValues; errors: Record<string, string>; errorValues?: Record<string, string>; loaded: Loaded; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const list = (name: string) => (Array.isArray(values[name]) ? (values[name] as string[]) : []);
  const error = (field: string) =>
    errors[field] ? (
      <span className="field__error" id={`${id}-${field}-error`} role="alert">
        {t(errors[field]!, messageValues(errorValues))}
      </span>
    ) : null;
  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {});
  const scope = text("scope") ?? "company";
  return (
    <section className="card closures__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t("cover.blackouts.createTitle")}
      </h2>
      <Form method="post" action={TAB_URL} className="stack" preventScrollReset noValidate>
        <div className="closures__dates">
          <label className="field">
            <span>{t("cover.blackouts.startDate")}</span>
            <input type="date" name="startDate" defaultValue={text("startDate")} required {...described("startDate")} />
            {error("startDate")}
          </label>
          <label className="field">
            <span>{t("cover.blackouts.endDate")}</span>
            <input type="date" name="endDate" defaultValue={text("endDate")} required {...described("endDate")} />
            {error("endDate")}
          </label>
        </div>
        <label className="field">
          <span>{t("cover.blackouts.reason")}</span>
          <input type="text" name="reason" defaultValue={text("reason")} maxLength={200} required autoComplete="off" {...described("reason")} />
          {error("reason")}
        </label>
        <fieldset className="people-scope" {...described(scope === "people" ? "userIds" : "teamIds")}>
          <legend>{t("cover.blackouts.scope")}</legend>
          {(["company", "teams", "people"] as const).map((value) => (
            <label key={value} className="closures__check">
              <input type="radio" name="scope" value={value} defaultChecked={scope === value} />
              <span>{t(`cover.blackouts.scopes.${value}`)}</span>
            </label>
          ))}
          {loaded.teams.length ? (
            <label className="field">
              <span>{t("cover.blackouts.teams")}</span>
              <select name="teamIds" multiple defaultValue={list("teamIds")} size={Math.min(loaded.teams.length, 5)}>
                {loaded.teams.map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {error("teamIds")}
          <label className="field">
            <span>{t("cover.blackouts.people")}</span>
            <select name="userIds" multiple defaultValue={list("userIds")} size={Math.min(loaded.people.length, 6)}>
              {loaded.people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </label>
          {error("userIds")}
        </fieldset>
        <label className="field">
          <span>{t("cover.blackouts.defaultMode")}</span>
          <select name="defaultMode" defaultValue={text("defaultMode") ?? "block"} {...described("defaultMode")}>
            <option value="block">{t("cover.blackouts.modes.block")}</option>
            <option value="warn">{t("cover.blackouts.modes.warn")}</option>
          </select>
          {error("defaultMode")}
        </label>
        <details open={loaded.categories.some((category) => text(`mode.${category.id}`))}>
          <summary>{t("cover.blackouts.typeModes")}</summary>
          <p className="field__hint">{t("cover.blackouts.typeModesHint")}</p>
          {loaded.categories.map((category) => (
            <label key={category.id} className="field">
              <span>{categoryName(t, category)}</span>
              <select name={`mode.${category.id}`} defaultValue={text(`mode.${category.id}`) ?? ""}>
                <option value="">{t("cover.blackouts.asDefault")}</option>
                <option value="block">{t("cover.blackouts.modes.block")}</option>
                <option value="warn">{t("cover.blackouts.modes.warn")}</option>
                <option value="none">{t("cover.blackouts.modes.none")}</option>
              </select>
            </label>
          ))}
        </details>
        <button type="submit" name="intent" value="blackouts.create" className="button button--primary" disabled={busy}>
          {t("cover.blackouts.create")}
        </button>
      </Form>
    </section>
  );
}
