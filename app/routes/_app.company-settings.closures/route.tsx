// The Closures tab (issue 41, decision 0085): book the dates the company or some teams are closed,
// charged to an absence type. "Preview" posts the form and the answer lists each person covered
// (working days charged, whose balance goes below zero, who is already on leave, who joins or
// leaves inside it) with a choice for each case; "Book closure" posts it all again and the server
// plans and books in one transaction. The list below cancels a closure (asked first). Every step
// is a plain POST, so it works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { categoryName } from "~/components/absence-category-name";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { DateRangeText, DateText } from "~/components/date-text";
import { messageValues } from "~/i18n";
import { MAX_CLOSURE_NAME_LENGTH } from "~/lib/schemas/closures";
import type { ClosurePersonPreview, ClosurePreview } from "~/models/closure.server";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { closuresAction, loadClosuresTab, type ClosureFormValues, type ClosuresReply } from "./closures.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type Category = Loaded["categories"][number];

const TAB_URL = tabPath("closures");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadClosuresTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return closuresAction(viewer, await readFormData(request));
  });
}

export default function ClosuresTab() {
  const { t } = useTranslation();
  const { closures, categories, teams } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ClosuresReply | undefined;
  const busy = useNavigation().state !== "idle";
  const nameOf = (id: string) => categoryName(t, categories.find((category) => category.id === id), id);
  const confirmation = (name: string): Confirmation => ({
    title: t("closures.confirm.title"),
    question: t("closures.confirm.question", { name }),
    confirm: t("closures.confirm.yes"),
    cancel: t("closures.confirm.no"),
  });
  const step = reply?.confirm;
  const stepClosure = step ? closures.find((closure) => closure.id === step.fields.closureId) : undefined;
  const teamName = Object.fromEntries(teams.map((team) => [team.id, team.name]));
  return (
    <div className="closures stack">
      <section className="card" aria-labelledby="closures-heading">
        <h2 id="closures-heading" className="card__title">
          {t("closures.title")}
        </h2>
        <p>{t("closures.intro")}</p>
      </section>
      <ActionNotice notice={reply?.notice} />
      {step && stepClosure ? <ConfirmationStep fields={step.fields} confirmation={confirmation(stepClosure.name)} /> : null}
      {reply?.preview ? <PreviewCard preview={reply.preview} form={reply.form ?? {}} nameOf={nameOf} busy={busy} /> : null}
      <ClosureForm
        // A new form after a booking: the fields empty again.
        key={reply?.notice?.tone === "success" ? "booked" : "form"}
        values={reply?.form}
        errors={reply?.fieldErrors}
        errorValues={reply?.values}
        categories={categories.filter((category) => category.active)}
        teams={teams}
        busy={busy}
      />
      <ClosureList closures={closures} nameOf={nameOf} teamName={teamName} confirmation={confirmation} busy={busy} />
    </div>
  );
}

function ClosureForm({
  values = {},
  errors = {},
  errorValues,
  categories,
  teams,
  busy,
}: {
  values?: ClosureFormValues;
  errors?: Record<string, string>;
  errorValues?: Record<string, string>;
  categories: Category[];
  teams: { id: string; name: string }[];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = (field: string) =>
    errors[field] ? (
      <span className="field__error" id={`${id}-${field}-error`} role="alert">
        {t(errors[field], messageValues(errorValues))}
      </span>
    ) : null;
  const described = (field: string) => (errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {});
  const scope = values.scope ?? "company";
  return (
    <section className="card closures__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t("closures.form.title")}
      </h2>
      <Form method="post" action={TAB_URL} className="stack" preventScrollReset noValidate>
        <label className="field">
          <span>{t("closures.form.name")}</span>
          <input type="text" name="name" defaultValue={values.name} maxLength={MAX_CLOSURE_NAME_LENGTH} required autoComplete="off" {...described("name")} />
          <small className="field__hint">{t("closures.form.nameHint")}</small>
          {error("name")}
        </label>
        <div className="closures__dates">
          <label className="field">
            <span>{t("closures.form.startDate")}</span>
            <input type="date" name="startDate" defaultValue={values.startDate} required {...described("startDate")} />
            {error("startDate")}
          </label>
          <label className="field">
            <span>{t("closures.form.endDate")}</span>
            <input type="date" name="endDate" defaultValue={values.endDate} required {...described("endDate")} />
            {error("endDate")}
          </label>
        </div>
        <label className="field">
          <span>{t("closures.form.type")}</span>
          <select name="categoryId" defaultValue={values.categoryId ?? categories[0]?.id} {...described("categoryId")}>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {categoryName(t, category)}
              </option>
            ))}
          </select>
          {error("categoryId")}
        </label>
        <fieldset className="people-scope" {...described("teamIds")}>
          <legend>{t("closures.form.who")}</legend>
          <label className="closures__check">
            <input type="radio" name="scope" value="company" defaultChecked={scope === "company"} />
            <span>{t("closures.form.company")}</span>
          </label>
          <label className="closures__check">
            <input type="radio" name="scope" value="teams" defaultChecked={scope === "teams"} />
            <span>{t("closures.form.teams")}</span>
          </label>
          {teams.length ? (
            <div className="closures__teams">
              {teams.map((team) => (
                <label key={team.id} className="closures__check">
                  <input type="checkbox" name="teamIds" value={team.id} defaultChecked={values.teamIds?.includes(team.id)} />
                  <span>{team.name}</span>
                </label>
              ))}
            </div>
          ) : null}
          <small className="field__hint">{t("closures.form.teamsHint")}</small>
          {error("teamIds")}
        </fieldset>
        <button type="submit" name="intent" value="closures.preview" className="button button--primary" disabled={busy}>
          {t("closures.form.preview")}
        </button>
      </Form>
    </section>
  );
}

function PreviewCard({ preview, form, nameOf, busy }: { preview: ClosurePreview; form: ClosureFormValues; nameOf: (id: string) => string; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const booked = preview.people.filter((person) => person.days > 0);
  const days = booked.reduce((sum, person) => sum + person.days, 0);
  const cases = preview.people.filter((person) => person.cases.length > 0);
  const type = nameOf(preview.input.categoryId);
  const choiceOptions = (withDefault: boolean) => (
    <>
      {withDefault ? <option value="">{t("closures.preview.asForAll")}</option> : null}
      <option value="charge">{t("closures.preview.charge", { type })}</option>
      {preview.otherCategoryIds.map((other) => (
        <option key={other} value={`type:${other}`}>
          {t("closures.preview.chargeOther", { type: nameOf(other) })}
        </option>
      ))}
      <option value="skip">{t("closures.preview.skip")}</option>
    </>
  );
  return (
    <section className="card closures__preview" aria-labelledby={`${id}-title`} data-testid="closure-preview">
      <h2 id={`${id}-title`} className="card__title">
        {t("closures.preview.title", { name: preview.input.name })}
      </h2>
      <p>
        <DateRangeText start={preview.input.startDate} end={preview.input.endDate} /> · {type}
      </p>
      <p data-testid="closure-summary">{t("closures.preview.summary", { count: booked.length, days: String(days) })}</p>
      <Form method="post" action={TAB_URL} className="stack" preventScrollReset>
        {(["name", "startDate", "endDate", "categoryId", "scope"] as const).map((field) => (
          <input key={field} type="hidden" name={field} value={form[field] ?? ""} />
        ))}
        {(form.teamIds ?? []).map((teamId) => (
          <input key={teamId} type="hidden" name="teamIds" value={teamId} />
        ))}
        {cases.length ? (
          <label className="field">
            <span>{t("closures.preview.forAll", { count: cases.length })}</span>
            <select name="choiceAll" defaultValue="charge">
              {choiceOptions(false)}
            </select>
            <small className="field__hint">{t("closures.preview.forAllHint")}</small>
          </label>
        ) : null}
        {preview.people.length === 0 ? (
          <p className="empty-state">{t("closures.preview.nobody")}</p>
        ) : (
          <div className="table-wrap">
            <table className="table card-table closures__people">
              <caption className="visually-hidden">{t("closures.preview.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("closures.preview.person")}</th>
                  <th scope="col">{t("closures.preview.days")}</th>
                  <th scope="col">{t("closures.preview.notes")}</th>
                  <th scope="col">{t("closures.preview.choice")}</th>
                </tr>
              </thead>
              <tbody>
                {preview.people.map((person) => (
                  <tr key={person.userId} data-testid="closure-person" className={person.cases.length ? "closures__case" : undefined}>
                    <th scope="row" className="card-table__title">
                      {person.name}
                    </th>
                    <td className="card-table__figure" data-label={t("closures.preview.days")}>
                      {person.days}
                    </td>
                    <td className="card-table__wide" data-label={t("closures.preview.notes")}>
                      <PersonNotes person={person} />
                    </td>
                    <td className="card-table__wide" data-label={t("closures.preview.choice")}>
                      {person.cases.length ? (
                        <select name={`choice.${person.userId}`} defaultValue="" aria-label={t("closures.preview.choiceFor", { name: person.name })}>
                          {choiceOptions(true)}
                        </select>
                      ) : (
                        <span className="muted">{person.days > 0 ? t("closures.preview.charged", { type }) : "—"}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="closures__actions">
          <button type="submit" name="intent" value="closures.book" className="button button--primary" disabled={busy}>
            {t("closures.preview.book")}
          </button>
          <span className="field__hint">{t("closures.preview.change")}</span>
        </div>
      </Form>
    </section>
  );
}

function PersonNotes({ person }: { person: ClosurePersonPreview }) {
  const { t } = useTranslation();
  const notes: React.ReactNode[] = [];
  if (person.shortfall) {
    notes.push(
      <span className="closures__negative" data-testid="closure-negative">
        {t("closures.preview.negative", { remaining: String(person.shortfall.remaining), year: String(person.shortfall.year), count: person.shortfall.requested })}
      </span>,
    );
  }
  for (const range of person.onLeave) {
    notes.push(
      <span data-testid="closure-on-leave">
        {t("closures.preview.onLeave")} <DateRangeText start={range.startDate} end={range.endDate} />
      </span>,
    );
  }
  if (person.joins) {
    notes.push(
      <span>
        {t("closures.preview.joins")} <DateText date={person.joins} />
      </span>,
    );
  }
  if (person.leaves) {
    notes.push(
      <span>
        {t("closures.preview.leaves")} <DateText date={person.leaves} />
      </span>,
    );
  }
  if (person.days === 0) notes.push(<span className="muted">{t("closures.preview.noWorkingDay")}</span>);
  if (!notes.length) return <span className="muted">—</span>;
  return (
    <ul className="closures__notes">
      {notes.map((note, index) => (
        <li key={index}>{note}</li>
      ))}
    </ul>
  );
}

function ClosureList({
  closures,
  nameOf,
  teamName,
  confirmation,
  busy,
}: {
  closures: Loaded["closures"];
  nameOf: (id: string) => string;
  teamName: Record<string, string>;
  confirmation: (name: string) => Confirmation;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="closures-list-heading">
      <h2 id="closures-list-heading" className="card__title">
        {t("closures.list.title")}
      </h2>
      {closures.length === 0 ? (
        <p className="empty-state" data-testid="closures-empty">
          {t("closures.list.empty")}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="table card-table">
            <thead>
              <tr>
                <th scope="col">{t("closures.list.name")}</th>
                <th scope="col">{t("closures.list.dates")}</th>
                <th scope="col">{t("closures.list.who")}</th>
                <th scope="col">{t("closures.list.absences")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("closures.list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {closures.map((closure) => (
                <tr key={closure.id} data-testid="closure-row">
                  <th scope="row" className="card-table__title">
                    {closure.name}
                    <small className="muted"> · {nameOf(closure.categoryId)}</small>
                  </th>
                  <td className="card-table__wide" data-label={t("closures.list.dates")}>
                    <DateRangeText start={closure.startDate} end={closure.endDate} />
                  </td>
                  <td data-label={t("closures.list.who")}>{closure.teamIds ? closure.teamIds.map((id) => teamName[id] ?? "—").join(", ") : t("closures.list.company")}</td>
                  <td data-label={t("closures.list.absences")}>{closure.cancelledAt ? t("closures.list.cancelled") : closure.absences}</td>
                  <td className="card-table__actions">
                    {closure.cancelledAt ? null : (
                      <Form method="post" action={TAB_URL} preventScrollReset>
                        <input type="hidden" name="closureId" value={closure.id} />
                        <ConfirmSubmitButton
                          confirmation={confirmation(closure.name)}
                          name="intent"
                          value="closures.cancel"
                          className="button button--small button--delete"
                          disabled={busy}
                          aria-label={t("closures.list.cancelNamed", { name: closure.name })}
                        >
                          {t("closures.list.cancel")}
                        </ConfirmSubmitButton>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
