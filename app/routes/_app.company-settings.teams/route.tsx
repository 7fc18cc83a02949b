// The Teams tab (/company-settings/teams): the company's teams (admins summary, member count), adding and deleting teams,
// and the team dialog (name, members, admins, substitute approver). The dialog is the
// `?team=<id>` state of the page: a modal <dialog> with JavaScript, a section of the page without.
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice, type Notice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { useHydrated } from "~/hooks/use-hydrated";
import { messageValues } from "~/i18n";
import { parseWithZod } from "@conform-to/zod/v4";
import { createTeamSchema, MAX_TEAM_NAME_LENGTH } from "~/lib/schemas/teams";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { loadTeamsTab, teamsAction, type CoverReply } from "./teams.server";

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type SelectedTeam = NonNullable<Loaded["selected"]>;

const TEAMS_URL = tabPath("teams");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadTeamsTab(await requireAdminUser({ request, context }), new URL(request.url)));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    return teamsAction(viewer, await readFormData(request));
  });
}

export default function TeamsTab() {
  const { t } = useTranslation();
  const { teams, people, selected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const stepTeam = confirmStep ? teams.find((team) => team.id === confirmStep.fields.teamId) : undefined;
  const deleteConfirmation = (name: string): Confirmation => ({
    title: t("teams.confirm.title"),
    question: t("teams.confirm.question", { name }),
    confirm: t("teams.confirm.yes"),
    cancel: t("teams.confirm.no"),
  });
  // The same button whether it asks first (an empty team) or not (one with members).
  const deleteButton = (teamName: string) => ({
    name: "intent",
    value: "teams.delete",
    className: "button button--small button--delete",
    disabled: busy,
    "aria-label": t("teams.deleteNamed", { name: teamName }),
  });
  const adminsSummary = (team: Loaded["teams"][number]) => {
    if (!team.adminNames.length) return <span className="muted">{t("teams.noAdmins")}</span>;
    const names = team.adminNames.join(", ");
    return team.moreAdmins ? t("teams.adminsMore", { names, extra: team.moreAdmins }) : names;
  };
  return (
    <div className="settings-grid">
      <section className="card" aria-labelledby="teams-heading">
        <h2 id="teams-heading">{t("teams.title")}</h2>
        {/* With a team open its answers show in the dialog, where the eyes and the focus are. */}
        {selected ? null : <ActionNotice notice={notice} />}
        {confirmStep && stepTeam ? <ConfirmationStep fields={confirmStep.fields} confirmation={deleteConfirmation(stepTeam.name)} /> : null}
        {teams.length === 0 ? (
          <div className="empty-state" data-testid="teams-empty">
            <p>{t("teams.empty")}</p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table teams-table card-table">
              <thead>
                <tr>
                  <th scope="col">{t("teams.name")}</th>
                  <th scope="col">{t("teams.admins")}</th>
                  <th scope="col">{t("teams.members")}</th>
                  <th scope="col">{t("cover.team.column")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("teams.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {teams.map((team) => (
                  <tr key={team.id} data-testid="team-row">
                    <th scope="row" className="teams-table__name card-table__title card-table__wide">{team.name}</th>
                    <td className="teams-table__admins" data-label={t("teams.admins")}>{adminsSummary(team)}</td>
                    <td data-label={t("teams.members")}>{t("teams.memberCount", { count: team.memberCount })}</td>
                    <td data-label={t("cover.team.column")} data-testid="team-cover-summary">
                      <CoverSummary cover={team.cover} />
                    </td>
                    <td className="card-table__actions">
                      <div className="teams-table__actions">
                        <Link
                          to={`${TEAMS_URL}?team=${encodeURIComponent(team.id)}`}
                          preventScrollReset
                          className="button button--small"
                          aria-label={t("teams.manageNamed", { name: team.name })}
                        >
                          {t("teams.manage")}
                        </Link>
                        <Form method="post" action={TEAMS_URL}>
                          <input type="hidden" name="teamId" value={team.id} />
                          {team.memberCount === 0 ? (
                            <ConfirmSubmitButton confirmation={deleteConfirmation(team.name)} {...deleteButton(team.name)}>
                              {t("teams.delete")}
                            </ConfirmSubmitButton>
                          ) : (
                            // A team with members cannot go: the server says so at once, with no question first.
                            <button type="submit" {...deleteButton(team.name)}>
                              {t("teams.delete")}
                            </button>
                          )}
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <CreateTeamCard busy={busy} />
      {selected ? (
        <TeamDialog team={selected}>
          <TeamEditor team={selected} people={people} notice={notice} busy={busy} />
        </TeamDialog>
      ) : null}
    </div>
  );
}

function CreateTeamCard({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && actionData && "result" in actionData ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createTeamSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  return (
    <section className="card" aria-labelledby="create-team-heading">
      <h2 id="create-team-heading">{t("teams.create.title")}</h2>
      <Form method="post" action={TEAMS_URL} className="stack" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="teams.create" />
        <label className="field">
          <span>{t("teams.create.name")}</span>
          <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={MAX_TEAM_NAME_LENGTH} autoComplete="off" />
          {fields.name.errors?.length ? (
            <span className="field__error" id={fields.name.errorId} role="alert">
              {fields.name.errors.map((error) => t(error, messageValues(values))).join(" ")}
            </span>
          ) : null}
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("teams.create.submit")}
        </button>
      </Form>
    </section>
  );
}

/** With JavaScript a modal dialog over the tab (closing it goes back to the list); without, a section. */
function TeamDialog({ team, children }: { team: SelectedTeam; children: React.ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!hydrated || !element) return;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, [hydrated]);
  const heading = (
    <div className="team-dialog__header">
      <h2 id={titleId} className="team-dialog__title">
        {t("teams.dialog.title", { name: team.name })}
      </h2>
      <Link to={TEAMS_URL} preventScrollReset className="button button--small">
        {hydrated ? t("teams.dialog.close") : t("teams.dialog.back")}
      </Link>
    </div>
  );
  if (!hydrated) {
    return (
      <section className="card team-dialog team-dialog--page" aria-labelledby={titleId} id="team-editor">
        {heading}
        {children}
      </section>
    );
  }
  return (
    // Escape closes it; the list is the page without the team selected.
    <dialog ref={dialog} className="team-dialog" aria-labelledby={titleId} onClose={() => navigate(TEAMS_URL, { preventScrollReset: true, replace: true })}>
      {heading}
      {children}
    </dialog>
  );
}

interface EditorProps {
  team: SelectedTeam;
  people: Loaded["people"];
  notice: Notice | null | undefined;
  busy: boolean;
}

function TeamEditor({ team, people, notice, busy }: EditorProps) {
  const { t } = useTranslation();
  const ids = useId();
  const adminsFormId = `${ids}-admins`;
  const here = `${TEAMS_URL}?team=${encodeURIComponent(team.id)}`;
  const candidates = people.filter((person) => person.teamId !== team.id);
  return (
    <div className="team-editor stack">
      <ActionNotice notice={notice} />
      <Form method="post" action={here} className="team-editor__rename">
        <input type="hidden" name="intent" value="teams.rename" />
        <input type="hidden" name="teamId" value={team.id} />
        <label className="field">
          <span>{t("teams.name")}</span>
          <input type="text" name="name" defaultValue={team.name} key={team.name} required maxLength={MAX_TEAM_NAME_LENGTH} autoComplete="off" />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t("teams.rename")}
        </button>
      </Form>

      <section aria-labelledby={`${ids}-members`}>
        <h3 id={`${ids}-members`}>{t("teams.dialog.membersTitle")}</h3>
        {team.members.length === 0 ? (
          <p className="muted">{t("teams.dialog.noMembers")}</p>
        ) : (
          <>
            <p className="field__hint">{t("teams.dialog.adminsHint")}</p>
            <div className="table-wrap">
              <table className="table card-table">
                <thead>
                  <tr>
                    <th scope="col">{t("teams.name")}</th>
                    <th scope="col">{t("teams.dialog.isAdmin")}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t("teams.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {team.members.map((member) => (
                    <tr key={member.id}>
                      <th scope="row" className="card-table__title card-table__wide">
                        {member.name}
                        <span className="team-editor__email">{member.email}</span>
                      </th>
                      <td data-label={t("teams.dialog.isAdmin")}>
                        {/* Belongs to the admins form below the table (forms cannot nest with the row's own). */}
                        <input
                          type="checkbox"
                          name="adminIds"
                          value={member.id}
                          form={adminsFormId}
                          defaultChecked={member.isAdmin}
                          key={`${member.id}-${member.isAdmin}`}
                          aria-label={t("teams.dialog.adminOf", { name: member.name })}
                          className="team-editor__check"
                        />
                      </td>
                      <td className="card-table__actions">
                        <Form method="post" action={here}>
                          <input type="hidden" name="intent" value="teams.removeMember" />
                          <input type="hidden" name="teamId" value={team.id} />
                          <input type="hidden" name="userId" value={member.id} />
                          <button type="submit" className="button button--small" disabled={busy} aria-label={t("teams.dialog.removeNamed", { name: member.name })}>
                            {t("teams.dialog.remove")}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Form method="post" action={here} id={adminsFormId}>
              <input type="hidden" name="intent" value="teams.setAdmins" />
              <input type="hidden" name="teamId" value={team.id} />
              <button type="submit" className="button button--primary" disabled={busy}>
                {t("teams.dialog.saveAdmins")}
              </button>
            </Form>
          </>
        )}
      </section>

      <section aria-labelledby={`${ids}-add`}>
        <h3 id={`${ids}-add`}>{t("teams.dialog.addTitle")}</h3>
        {candidates.length === 0 ? (
          <p className="muted">{t("teams.dialog.nobodyToAdd")}</p>
        ) : (
          // Keyed by who can be added: once someone is, the select starts again at its dash rather than
          // on whoever the browser moves to (one more click would move them out of their team).
          <Form method="post" action={here} className="team-editor__inline" key={candidates.map((person) => person.id).join()}>
            <input type="hidden" name="intent" value="teams.addMember" />
            <input type="hidden" name="teamId" value={team.id} />
            <label className="field">
              <span>{t("teams.dialog.person")}</span>
              <select name="userId" required defaultValue="" aria-describedby={`${ids}-add-hint`}>
                <option value="" disabled>
                  —
                </option>
                {candidates.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.teamName ? t("teams.dialog.personInTeam", { name: person.name, team: person.teamName }) : person.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button" disabled={busy}>
              {t("teams.dialog.add")}
            </button>
            <p className="field__hint team-editor__hint" id={`${ids}-add-hint`}>
              {t("teams.dialog.addHint")}
            </p>
          </Form>
        )}
      </section>

      <CoverEditor team={team} here={here} busy={busy} />

      <section aria-labelledby={`${ids}-substitute`}>
        <h3 id={`${ids}-substitute`}>{t("teams.dialog.substituteTitle")}</h3>
        <Form method="post" action={here} className="team-editor__inline">
          <input type="hidden" name="intent" value="teams.setSubstitute" />
          <input type="hidden" name="teamId" value={team.id} />
          <label className="field">
            <span className="visually-hidden">{t("teams.dialog.substituteTitle")}</span>
            <select name="substituteId" defaultValue={team.substituteApproverId ?? ""} key={team.substituteApproverId ?? ""} aria-describedby={`${ids}-substitute-hint`}>
              <option value="">{t("teams.dialog.substituteNone")}</option>
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={busy}>
            {t("teams.dialog.saveSubstitute")}
          </button>
          <p className="field__hint team-editor__hint" id={`${ids}-substitute-hint`}>
            {t("teams.dialog.substituteHint")}
          </p>
        </Form>
      </section>
    </div>
  );
}

/** "at most 1 off, key group of 2 (blocks)", or that the team has no rule. */
function CoverSummary({ cover }: { cover: Loaded["teams"][number]["cover"] }) {
  const { t } = useTranslation();
  if (!cover) return <span className="muted">{t("cover.team.noRule")}</span>;
  const parts = [
    cover.maxAbsent !== null ? t("cover.team.summaryMax", { count: cover.maxAbsent }) : null,
    cover.minPresent !== null ? t("cover.team.summaryMin", { count: cover.minPresent }) : null,
    cover.keyMemberIds.length ? t("cover.team.summaryKeys", { count: cover.keyMemberIds.length }) : null,
  ].filter(Boolean);
  return (
    <>
      {parts.join(", ")} ({t(`cover.team.modeShort.${cover.mode}`)})
    </>
  );
}

/**
 * The team's minimum cover (decision 0091): two limits, a key group among the members and what a
 * broken rule does. A refused form comes back with what was typed and each field's message.
 */
function CoverEditor({ team, here, busy }: { team: SelectedTeam; here: string; busy: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const reply = useActionData<typeof action>() as CoverReply | undefined;
  const refused = reply?.cover;
  const errors = refused?.fieldErrors ?? {};
  const saved = team.cover;
  const values = refused?.values ?? {
    maxAbsent: saved?.maxAbsent?.toString() ?? "",
    minPresent: saved?.minPresent?.toString() ?? "",
    mode: saved?.mode ?? "block",
    keyMemberIds: saved?.keyMemberIds ?? [],
  };
  const error = (field: string) =>
    errors[field] ? (
      <span className="field__error" id={`${id}-${field}-error`} role="alert">
        {t(errors[field]!, messageValues(reply?.values))}
      </span>
    ) : null;
  const described = (field: string, hint?: string) => {
    const ids = [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(" ");
    return { "aria-invalid": errors[field] ? true : undefined, "aria-describedby": ids || undefined };
  };
  // Keyed by what is shown: after a save (or another team) the fields start again from the stored rule.
  const formKey = JSON.stringify(values);
  return (
    <section aria-labelledby={`${id}-title`} data-testid="team-cover">
      <h3 id={`${id}-title`}>{t("cover.team.legend")}</h3>
      <p className="field__hint">{t("cover.team.hint")}</p>
      <Form method="post" action={here} className="stack team-cover" key={formKey} noValidate>
        <input type="hidden" name="intent" value="teams.setCover" />
        <input type="hidden" name="teamId" value={team.id} />
        <p className="field__hint" id={`${id}-limit-hint`}>
          {t("cover.team.limitHint")}
        </p>
        <div className="team-cover__limits">
          <label className="field">
            <span>{t("cover.team.maxAbsent")}</span>
            <input type="number" name="maxAbsent" min={0} max={10000} step={1} inputMode="numeric" defaultValue={values.maxAbsent} {...described("maxAbsent", `${id}-limit-hint`)} />
            {error("maxAbsent")}
          </label>
          <label className="field">
            <span>{t("cover.team.minPresent")}</span>
            <input type="number" name="minPresent" min={0} max={10000} step={1} inputMode="numeric" defaultValue={values.minPresent} {...described("minPresent", `${id}-limit-hint`)} />
            {error("minPresent")}
          </label>
        </div>
        <fieldset className="team-cover__keys" {...described("keyMemberIds", `${id}-keys-hint`)}>
          <legend>{t("cover.team.keyGroup")}</legend>
          <p className="field__hint" id={`${id}-keys-hint`}>
            {team.members.length ? t("cover.team.keyGroupHint") : t("cover.team.keyGroupEmpty")}
          </p>
          {team.members.map((member) => (
            <label key={member.id} className="team-cover__key">
              <input type="checkbox" name="keyMemberIds" value={member.id} defaultChecked={values.keyMemberIds.includes(member.id)} />
              <span>{member.name}</span>
            </label>
          ))}
          {error("keyMemberIds")}
        </fieldset>
        <fieldset className="team-cover__mode" {...described("mode")}>
          <legend>{t("cover.team.mode")}</legend>
          {(["block", "warn"] as const).map((mode) => (
            <label key={mode} className="team-cover__key">
              <input type="radio" name="mode" value={mode} defaultChecked={(values.mode || "block") === mode} />
              <span>{t(`cover.team.modes.${mode}`)}</span>
            </label>
          ))}
          {error("mode")}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("cover.team.save")}
        </button>
      </Form>
    </section>
  );
}
