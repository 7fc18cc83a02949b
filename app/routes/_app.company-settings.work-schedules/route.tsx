// The Work schedules tab (/company-settings/work-schedules): the company default (what everyone
// without a schedule of their own follows: its rows, a new one from a date) and one schedule from a
// date for several people at once. Both use the person's editor (decision 0079); a person's own
// schedule is edited on their page of the Users tab. Data and forms: work-schedules.server.ts.
import { TeamFilterField } from "~/components/team-filter-field";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { DateText } from "~/components/date-text";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { Pager } from "~/components/pager";
import { ScheduleText } from "~/components/schedule-text";
import { historyRows, ScheduleEditorFields, ScheduleHistory } from "~/components/work-schedule-editor";
import { bulkScheduleSchema, companyScheduleSchema, editorDefaults } from "~/lib/schemas/work-schedules";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { resultFor, type Reply } from "../_app.company-settings.users/users-reply";
import { loadWorkSchedulesTab, workSchedulesAction } from "./work-schedules.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadWorkSchedulesTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return workSchedulesAction(viewer, await readFormData(request));
  });
}

function useReply() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const reply = navigation.state === "idle" && actionData ? (actionData as Reply & { confirm?: { fields: Record<string, string> } }) : undefined;
  return { reply, busy: navigation.state !== "idle" };
}

export default function WorkSchedulesTab() {
  const data = useLoaderData<typeof loader>();
  const { reply } = useReply();
  return (
    <div className="stack">
      <ActionNotice notice={reply?.notice} />
      <CompanyDefault key={JSON.stringify(data.company)} data={data} />
      <BulkSchedules key={JSON.stringify(data.companyInForce)} data={data} />
    </div>
  );
}

function CompanyDefault({ data }: { data: Loaded }) {
  const { t } = useTranslation();
  const { reply, busy } = useReply();
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "schedules.default", "workSchedules.company.saved"),
    defaultValue: editorDefaults(data.companyInForce, data.today),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: companyScheduleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="default-schedule-heading" data-testid="company-schedule">
      <h2 id="default-schedule-heading" className="card__title">
        {t("workSchedules.company.title")}
      </h2>
      <p className="field__hint">{t("workSchedules.company.intro")}</p>
      <p>
        <strong>{t("workSchedules.person.inForce")}</strong> <ScheduleText schedule={data.companyInForce} />
      </p>
      {data.company.length === 0 ? (
        <p className="notice notice--info">{t("workSchedules.company.productDefault")}</p>
      ) : (
        <ScheduleHistory rows={historyRows(data.company, data.today)} removeIntent="schedules.default-remove" busy={busy} caption={t("workSchedules.company.historyCaption")} confirmStep={reply?.confirm} />
      )}
      <h3 className="details__heading">{t("workSchedules.editor.title")}</h3>
      <p className="field__hint">{t(data.company.length ? "workSchedules.editor.introHistory" : "workSchedules.editor.introFirst")}</p>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="schedules.default" />
        <ScheduleEditorFields fields={fields} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("workSchedules.company.save")}
        </button>
      </Form>
    </section>
  );
}

function BulkSchedules({ data }: { data: Loaded }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const { reply, busy } = useReply();
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "schedules.bulk", "workSchedules.bulk.done"),
    defaultValue: { ...editorDefaults(data.companyInForce, data.today), teamId: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bulkScheduleSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const teamName = Object.fromEntries(data.teams.map((team) => [team.id, team.name]));
  const editLink = (id: string) => `${tabPath("users")}?edit=${encodeURIComponent(id)}`;
  return (
    <section className="card" aria-labelledby="bulk-schedule-heading">
      <h2 id="bulk-schedule-heading" className="card__title">
        {t("workSchedules.bulk.title")}
      </h2>
      <p className="field__hint">{t("workSchedules.bulk.intro")}</p>
      {/* Its own GET form, before the bulk form: forms do not nest. The address keeps the filters and page. */}
      <Form method="get" className="filters schedule-filters" key={location.search} aria-label={t("people.filters.title")} data-testid="schedule-filters">
        <label className="field">
          <span>{t("people.filters.search")}</span>
          <input type="search" name="q" defaultValue={data.filters.q} maxLength={100} autoComplete="off" />
        </label>
        <TeamFilterField teams={data.teams} value={data.filters.team} />
        <div className="filters__actions">
          <button type="submit" className="button">
            {t("people.filters.apply")}
          </button>
          <Link className="button" to={location.pathname} preventScrollReset>
            {t("people.filters.clear")}
          </Link>
        </div>
      </Form>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="schedules.bulk" />
        <fieldset className="people-scope">
          <legend>{t("workSchedules.bulk.who")}</legend>
          {data.total > data.limit ? <p className="field__hint">{t("workSchedules.bulk.perPage")}</p> : null}
          {data.people.length === 0 ? (
            <p className="empty-state" data-testid="schedule-people-empty">
              {t(data.filtered ? "people.empty.filtered" : "people.empty.none")}
            </p>
          ) : (
            <div className="table-wrap">
              <table className="table card-table schedule-people" data-testid="schedule-people">
                <caption className="visually-hidden">{t("workSchedules.bulk.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">{t("people.table.select")}</span>
                    </th>
                    <th scope="col">{t("settings.users.name")}</th>
                    <th scope="col">{t("settings.users.team")}</th>
                    <th scope="col">{t("workSchedules.bulk.inForce")}</th>
                    <th scope="col">{t("workSchedules.bulk.next")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.people.map((person) => (
                    <tr key={person.id} data-testid="schedule-person">
                      <td className="card-table__fit">
                        <input
                          type="checkbox"
                          name={fields.userIds.name}
                          value={person.id}
                          aria-label={t("people.table.selectNamed", { name: person.displayName })}
                          aria-invalid={fields.userIds.errors ? true : undefined}
                          aria-describedby={fields.userIds.errors ? fields.userIds.errorId : undefined}
                        />
                      </td>
                      <th scope="row" className="card-table__title">
                        <Link to={editLink(person.id)}>{person.displayName}</Link>
                      </th>
                      <td data-label={t("settings.users.team")}>{person.teamId ? teamName[person.teamId] : "—"}</td>
                      <td data-label={t("workSchedules.bulk.inForce")} className="schedule-text">
                        <ScheduleText schedule={person.inForce} />
                        {person.own ? null : <small className="muted"> ({t("workSchedules.bulk.companyDefault")})</small>}
                      </td>
                      <td data-label={t("workSchedules.bulk.next")} className="schedule-text">
                        {person.next ? (
                          <>
                            <DateText date={person.next.validFrom} />: <ScheduleText schedule={person.next} />
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* Links only (no page-size form): it sits inside the bulk form. */}
          <Pager label={t("workSchedules.bulk.pager")} total={data.total} offset={data.offset} limit={data.limit} count={data.people.length} pageKey="page" params={params} />
          <FieldError errors={fields.userIds.errors} id={fields.userIds.errorId} />
          <label className="field">
            <span>{t("workSchedules.bulk.team")}</span>
            <small className="field__hint">{t("workSchedules.bulk.teamHint")}</small>
            <select {...getSelectProps(fields.teamId)} key={fields.teamId.key}>
              <option value="">{t("workSchedules.bulk.noTeam")}</option>
              {data.teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
            <FieldError errors={fields.teamId.errors} id={fields.teamId.errorId} />
          </label>
        </fieldset>
        <ScheduleEditorFields fields={fields} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("workSchedules.bulk.submit")}
        </button>
      </Form>
    </section>
  );
}
