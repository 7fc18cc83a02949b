// The Users tab (/company-settings/users): the company's people (search, team, year, pages) with
// their allowances, bulk allowances, invitations and removal; ?edit=<id> shows one person's edit
// view instead. Its data and forms: users.server.ts.
import { TeamFilterField } from "~/components/team-filter-field";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { type TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { Avatar } from "~/components/avatar";
import { DateText } from "~/components/date-text";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { Pager } from "~/components/pager";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDate, formatDays } from "~/lib/format";
import { leaveYearLabel } from "~/lib/leave-year";
import { displayName } from "~/lib/people";
import { inviteSchema } from "~/lib/schemas/identity";
import { bulkAllowanceSchemaFor } from "~/lib/schemas/people";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { UserEdit } from "./users-edit";
import { allowanceLabel, anyHours, resultFor, useUsersReply, USERS_URL, type AllowanceUnits, type Reply, type UsersListData } from "./users-reply";
import { loadUsersTab, usersAction } from "./users.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadUsersTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return usersAction(viewer, request, await readFormData(request));
  });
}

export default function UsersTab() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.view === "edit" ? <UserEdit data={loaded} /> : <UsersList data={loaded} />;
}

function UsersList({ data }: { data: UsersListData }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { reply, busy } = useUsersReply();
  const { list, teams, year, filters } = data;
  // The allowance year is a leave year: "2026/27" when the company's starts after January.
  const label = data.leaveYear.label;
  const yearHint = data.leaveYear.startMonth === 1 ? null : t("leaveYear.report.yearHint", { year, label, from: formatDate(data.leaveYear.firstDay, i18n.language), to: formatDate(data.leaveYear.lastDay, i18n.language) });
  const teamName = Object.fromEntries(teams.map((team) => [team.id, team.name]));
  const params = new URLSearchParams(location.search);
  const confirmStep = reply?.confirm ?? null;
  const stepUser = confirmStep ? list.items.find((user) => user.id === confirmStep.fields.userId) : undefined;
  const stepInvitation = confirmStep ? data.invitations.find((invitation) => invitation.id === confirmStep.fields.invitationId) : undefined;
  const deleteConfirmation = (user: { fullName: string | null; name: string | null; email: string }): Confirmation => ({
    title: t("settings.users.confirmTitle"),
    question: t("settings.users.confirmQuestion", { name: displayName(user), email: user.email }),
    confirm: t("settings.users.confirmYes"),
    cancel: t("settings.users.confirmNo"),
  });
  const days = (value: number | undefined) => formatDays(value, i18n.language);
  const editLink = (id: string) => `${USERS_URL}?edit=${encodeURIComponent(id)}&year=${year}`;
  return (
    <>
      <ActionNotice notice={reply?.notice} />
      {confirmStep && stepUser ? <ConfirmationStep fields={confirmStep.fields} confirmation={deleteConfirmation(stepUser)} /> : null}
      {confirmStep && stepInvitation ? <ConfirmationStep fields={confirmStep.fields} confirmation={cancelInvitationConfirmation(t, stepInvitation)} /> : null}
      <section className="card" aria-labelledby="people-filters-heading">
        <h2 id="people-filters-heading" className="card__title">
          {t("people.filters.title")}
        </h2>
        <Form method="get" className="filters people-filters" key={location.search}>
          {params.has("size") ? <input type="hidden" name="size" value={params.get("size") ?? ""} /> : null}
          <label className="field">
            <span>{t("people.filters.search")}</span>
            <input type="search" name="q" defaultValue={filters.q} maxLength={100} autoComplete="off" />
          </label>
          <TeamFilterField teams={teams} value={filters.team} />
          <label className="field">
            <span>{t("people.filters.year")}</span>
            {yearHint ? <small className="field__hint">{yearHint}</small> : null}
            <input type="number" name="year" defaultValue={filters.year} min={2000} max={2100} step={1} inputMode="numeric" />
          </label>
          <div className="filters__actions">
            <button type="submit" className="button button--primary">
              {t("people.filters.apply")}
            </button>
            <Link className="button" to={USERS_URL}>
              {t("people.filters.clear")}
            </Link>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="users-heading">
        <h2 id="users-heading" className="card__title">
          {t("settings.users.title")}
        </h2>
        {list.items.length === 0 ? (
          <div className="empty-state" data-testid="people-empty">
            <p>{t(data.filtered ? "people.empty.filtered" : "people.empty.none")}</p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table people-table card-table">
              <caption className="visually-hidden">{t("people.table.caption", { year: label })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{t("people.table.select")}</span>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t("people.table.photo")}</span>
                  </th>
                  <th scope="col">{t("settings.users.name")}</th>
                  <th scope="col">{t("settings.users.role")}</th>
                  <th scope="col">{t("settings.users.team")}</th>
                  <th scope="col" className="absence-table__number">
                    {t("people.table.yearly")}
                  </th>
                  <th scope="col" className="absence-table__number">
                    {t("people.table.residual")}
                  </th>
                  <th scope="col" className="absence-table__number">
                    {t("people.table.specialLeave")}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t("settings.users.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((user) => {
                  const balance = `/balances/${encodeURIComponent(user.id)}?year=${year}`;
                  const balanceLabel = t("people.table.balanceOf", { name: user.displayName, year: label });
                  const carried = user.allowance && !user.allowance.setForYear ? t("people.table.carried", { year: label, from: leaveYearLabel(user.allowance.year, data.leaveYear.startMonth) }) : null;
                  return (
                    <tr key={user.id} data-testid="people-row">
                      <td className="card-table__fit">
                        <input type="checkbox" name="userIds" value={user.id} form="bulk-allowances" aria-label={t("people.table.selectNamed", { name: user.displayName })} />
                      </td>
                      <td className="card-table__fit">
                        <Avatar name={user.displayName} photo={user.profilePicture} />
                      </td>
                      {/* The e-mail under the name, as in the reports: eleven columns fit beside the settings menu. */}
                      <td className="people-table__name card-table__title">
                        <Link to={editLink(user.id)}>{user.displayName}</Link>
                        <span className="people-table__email">{user.email}</span>
                      </td>
                      <td data-label={t("settings.users.role")}>{t(`roles.${user.role}`, { defaultValue: user.role })}</td>
                      <td className="people-table__team" data-label={t("settings.users.team")}>{user.teamId ? teamName[user.teamId] : "—"}</td>
                      <td className="absence-table__number card-table__figure" data-label={t("people.table.yearly")}>
                        <Link to={balance} aria-label={`${balanceLabel}: ${t("people.table.yearly")} ${days(user.allowance?.yearly)}`} title={carried ?? undefined}>
                          {days(user.allowance?.yearly)}
                          {carried ? <span aria-hidden="true">*</span> : null}
                        </Link>
                        {carried ? <span className="visually-hidden">{carried}</span> : null}
                      </td>
                      <td className="absence-table__number card-table__figure" data-label={t("people.table.residual")}>
                        <Link to={balance} aria-label={`${balanceLabel}: ${t("people.table.residual")} ${days(user.allowance?.residual)}`}>
                          {days(user.allowance?.residual)}
                        </Link>
                      </td>
                      <td className="absence-table__number card-table__figure" data-label={t("people.table.specialLeave")}>
                        <Link to={balance} aria-label={`${balanceLabel}: ${t("people.table.specialLeave")} ${days(user.allowance?.specialLeave)}`}>
                          {days(user.allowance?.specialLeave)}
                        </Link>
                      </td>
                      <td className="card-table__actions">
                        <div className="absence-table__form">
                          <Link className="button button--small" to={editLink(user.id)} aria-label={t("people.table.editNamed", { name: user.displayName })}>
                            {t("people.table.edit")}
                          </Link>
                          {user.canRemove ? (
                            <Form method="post" preventScrollReset>
                              <input type="hidden" name="userId" value={user.id} />
                              <ConfirmSubmitButton
                                confirmation={deleteConfirmation(user)}
                                name="intent"
                                value="users.delete"
                                className="button button--small button--delete"
                                disabled={busy}
                                aria-label={t("settings.users.deleteNamed", { name: user.displayName })}
                              >
                                {t("settings.users.delete")}
                              </ConfirmSubmitButton>
                            </Form>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {list.total > 0 ? (
          <Pager label={t("people.table.pager")} total={list.total} offset={list.offset} limit={list.limit} count={list.items.length} pageKey="page" sizeKey="size" params={params} />
        ) : null}
      </section>
      {data.invitations.length > 0 ? <PendingInvitations invitations={data.invitations} busy={busy} /> : null}
      <div className="settings-grid settings-grid--halves">
        <BulkAllowances year={year} yearHint={yearHint} units={data.units} reply={reply} busy={busy} />
        <InviteForm teams={teams} reply={reply} busy={busy} />
      </div>
    </>
  );
}

type PendingInvitation = UsersListData["invitations"][number];

function cancelInvitationConfirmation(t: TFunction, invitation: PendingInvitation): Confirmation {
  return {
    title: t("people.invitations.confirmTitle"),
    question: t("people.invitations.confirmQuestion", { name: invitation.fullName, email: invitation.email }),
    confirm: t("people.invitations.confirmYes"),
    cancel: t("people.invitations.confirmNo"),
  };
}

/** Who was invited and has not joined yet: inviting the same address again sends a fresh link. */
function PendingInvitations({ invitations, busy }: { invitations: PendingInvitation[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="invitations-heading" data-testid="pending-invitations">
      <h2 id="invitations-heading" className="card__title">
        {t("people.invitations.title", { count: invitations.length })}
      </h2>
      <p className="field__hint">{t("people.invitations.hint")}</p>
      <div className="table-wrap">
        <table className="table card-table">
          <thead>
            <tr>
              <th scope="col">{t("settings.users.name")}</th>
              <th scope="col">{t("settings.users.email")}</th>
              <th scope="col">{t("settings.users.team")}</th>
              <th scope="col">{t("people.invitations.expires")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("settings.users.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row" className="people-table__name card-table__title card-table__wide">{invitation.fullName}</th>
                <td className="card-table__wide" data-label={t("settings.users.email")}>{invitation.email}</td>
                <td className="people-table__team" data-label={t("settings.users.team")}>{invitation.team?.name ?? "—"}</td>
                <td data-label={t("people.invitations.expires")}>
                  <DateText date={invitation.expiresOn} />
                </td>
                <td className="card-table__actions">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <ConfirmSubmitButton
                      confirmation={cancelInvitationConfirmation(t, invitation)}
                      name="intent"
                      value="users.cancel-invitation"
                      className="button button--small button--delete"
                      disabled={busy}
                      aria-label={t("people.invitations.cancelNamed", { name: invitation.fullName })}
                    >
                      {t("people.invitations.cancel")}
                    </ConfirmSubmitButton>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BulkAllowances({ year, yearHint, units, reply, busy }: { year: number; yearHint: string | null; units: AllowanceUnits; reply: Reply | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "bulk-allowances",
    lastResult: resultFor(reply, "users.bulk-allowances"),
    defaultValue: { scope: "selected", year: String(year) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bulkAllowanceSchemaFor(units) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const number = (field: typeof fields.yearly, label: string, hint?: string) => (
    <label className="field">
      <span>{label}</span>
      {hint ? <small className="field__hint">{hint}</small> : null}
      <input {...getInputProps(field, { type: "text" })} key={field.key} inputMode="decimal" autoComplete="off" />
      <FieldError errors={field.errors} id={field.errorId} />
    </label>
  );
  return (
    <section className="card" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading" className="card__title">
        {t("people.bulk.title")}
      </h2>
      <p className="muted">{t("people.bulk.intro")}</p>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.bulk-allowances" />
        <fieldset className="people-scope">
          <legend>{t("people.bulk.scope")}</legend>
          {(["selected", "everyone"] as const).map((scope) => (
            <label key={scope} className="people-scope__choice">
              <input type="radio" name={fields.scope.name} value={scope} defaultChecked={fields.scope.initialValue === scope} key={fields.scope.key} />{" "}
              {t(`people.bulk.${scope}`)}
            </label>
          ))}
          <FieldError errors={fields.scope.errors} id={fields.scope.errorId} />
          <FieldError errors={fields.userIds.errors} id={fields.userIds.errorId} />
        </fieldset>
        <label className="field">
          <span>{t("people.bulk.year")}</span>
          {yearHint ? <small className="field__hint">{yearHint}</small> : null}
          <input {...getInputProps(fields.year, { type: "number" })} key={fields.year.key} min={2000} max={2100} step={1} inputMode="numeric" />
          <FieldError errors={fields.year.errors} id={fields.year.errorId} />
        </label>
        <div className="people-allowance-row">
          {number(fields.yearly, allowanceLabel(t, "yearly", units))}
          {number(fields.residual, allowanceLabel(t, "residual", units))}
          {number(fields.specialLeave, allowanceLabel(t, "specialLeave", units))}
        </div>
        <p className="field__hint">
          {t("people.allowances.hint")} {anyHours(units) ? `${t("hours.allowances.hint")} ` : null}
          {t("people.bulk.keepHint")}
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("people.bulk.submit")}
        </button>
      </Form>
    </section>
  );
}

function InviteForm({ teams, reply, busy }: { teams: UsersListData["teams"]; reply: Reply | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: resultFor(reply, "users.invite", "invite.sent"),
    // Every select named: after a sent invitation resets the form, "no team" shows, not a blank.
    defaultValue: { role: "user", teamId: "", startDate: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="card__title">
        {t("settings.invite.title")}
      </h2>
      <FormError errors={form.errors} />
      <Form method="post" className="stack" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="users.invite" />
        <label className="field">
          <span>{t("settings.invite.name")}</span>
          <input {...getInputProps(fields.fullName, { type: "text" })} key={fields.fullName.key} />
          <FieldError errors={fields.fullName.errors} id={fields.fullName.errorId} />
        </label>
        <label className="field">
          <span>{t("settings.invite.email")}</span>
          <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} />
          <FieldError errors={fields.email.errors} id={fields.email.errorId} />
        </label>
        <label className="field">
          <span>{t("settings.invite.role")}</span>
          <select {...getSelectProps(fields.role)} key={fields.role.key}>
            <option value="user">{t("roles.user")}</option>
            <option value="admin">{t("roles.admin")}</option>
          </select>
          <FieldError errors={fields.role.errors} id={fields.role.errorId} />
        </label>
        <label className="field">
          <span>{t("people.invite.team")}</span>
          <select {...getSelectProps(fields.teamId)} key={fields.teamId.key}>
            <option value="">{t("people.invite.noTeam")}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
          <FieldError errors={fields.teamId.errors} id={fields.teamId.errorId} />
        </label>
        <label className="field">
          <span>{t("people.invite.startDate")}</span>
          <small className="field__hint">{t("people.invite.startDateHint")}</small>
          <input {...getInputProps(fields.startDate, { type: "date" })} key={fields.startDate.key} />
          <FieldError errors={fields.startDate.errors} id={fields.startDate.errorId} />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("settings.invite.submit")}
        </button>
      </Form>
    </section>
  );
}
