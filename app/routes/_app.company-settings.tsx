import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/form-parse";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod/mini";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { pageTitle } from "~/lib/meta";
import { inviteSchema } from "~/lib/schemas/identity";
import { displayName } from "~/lib/people";
import { inviteUser } from "~/models/invitation.server";
import { listTeams } from "~/models/team.server";
import { deactivateUser, listUsers } from "~/models/user.server";
import { requireAdminUser } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import { noticeOf, withActionErrors, withPageErrors, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { getLanguage } from "~/utils/i18n.server";
import { canManagePerson } from "~/utils/permissions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.adminConfigurations");

const deleteUserSchema = z.object({ userId: z.string() });

const TABS = ["users", "teams", "billing-details", "billing-invoices", "billing-payment", "manage-account"] as const;
type Tab = (typeof TABS)[number];

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser(request);
    const requested = new URL(request.url).searchParams.get("tab");
    const tab: Tab = (TABS as readonly string[]).includes(requested ?? "") ? (requested as Tab) : "users";
    if (tab !== "users") return { tab, users: [], teams: {} };
    const [users, teams] = await Promise.all([listUsers(viewer), listTeams(viewer)]);
    return {
      tab,
      // The same rule deactivateUser enforces decides where the button is shown.
      users: users.map((user) => ({ ...user, displayName: displayName(user), canRemove: canManagePerson(viewer, user) })),
      teams: Object.fromEntries(teams.map((t) => [t.id, t.name])),
    };
  });
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    const formData = await readFormData(request);
    const intent = formData.get("intent");
    if (intent === "delete") {
      // Removing a person asks first; without JavaScript the first POST only answers the question.
      if (needsConfirmation(formData)) return confirmationStep(formData);
      const submission = parseWithZod(formData, { schema: deleteUserSchema });
      if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
      try {
        await deactivateUser(viewer, submission.value.userId);
      } catch (error) {
        if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, "settings.users.deleteFailed") }, { status: error.status });
        throw error;
      }
      return data<ActionReply>({ notice: { tone: "success", key: "settings.users.deleted" } });
    }
    const submission = parseWithZod(formData, { schema: inviteSchema });
    if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
    try {
      await inviteUser(viewer, submission.value, await getLanguage(request));
    } catch (error) {
      return replyWithAppError(error, submission.reply);
    }
    return data<ActionReply>({
      result: submission.reply({ resetForm: true }),
      notice: { tone: "success", key: "invite.sent", values: { email: submission.value.email } },
    });
  });
}

export default function CompanySettings() {
  const { t } = useTranslation();
  const { tab } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="page__title">{t("nav.adminConfigurations")}</h1>
      <nav className="tabs" aria-label={t("settings.tabs")}>
        {TABS.map((name) => (
          <Link key={name} to={`?tab=${name}`} aria-current={tab === name ? "page" : undefined} className="tabs__tab">
            {t(`settings.tab.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === "users" ? (
        <UsersTab />
      ) : (
        <div className="empty-state">
          <p>{t("placeholder.body")}</p>
        </div>
      )}
    </>
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const { users, teams } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: navigation.state === "idle" && actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { role: "user" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle";
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const stepUser = confirmStep ? users.find((user) => user.id === confirmStep.fields.userId) : undefined;
  const deleteConfirmation = (user: { fullName: string | null; name: string | null; email: string }): Confirmation => ({
    title: t("settings.users.confirmTitle"),
    question: t("settings.users.confirmQuestion", { name: displayName(user), email: user.email }),
    confirm: t("settings.users.confirmYes"),
    cancel: t("settings.users.confirmNo"),
  });
  return (
    <div className="settings-grid">
      <section className="card" aria-labelledby="users-heading">
        <h2 id="users-heading">{t("settings.users.title")}</h2>
        <ActionNotice notice={notice} />
        {confirmStep && stepUser ? <ConfirmationStep fields={confirmStep.fields} confirmation={deleteConfirmation(stepUser)} /> : null}
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("settings.users.name")}</th>
                <th scope="col">{t("settings.users.email")}</th>
                <th scope="col">{t("settings.users.role")}</th>
                <th scope="col">{t("settings.users.team")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("settings.users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id}>
                  <td>{user.displayName}</td>
                  <td>{user.email}</td>
                  <td>{t(`roles.${user.role}`, { defaultValue: user.role })}</td>
                  <td>{user.teamId ? (teams as Record<string, string>)[user.teamId] : "—"}</td>
                  <td>
                    {user.canRemove ? (
                      <Form method="post">
                        <input type="hidden" name="userId" value={user.id} />
                        <ConfirmSubmitButton
                          confirmation={deleteConfirmation(user)}
                          name="intent"
                          value="delete"
                          className="button button--small button--delete"
                          disabled={busy}
                          aria-label={t("settings.users.deleteNamed", { name: user.displayName })}
                        >
                          {t("settings.users.delete")}
                        </ConfirmSubmitButton>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="invite-heading">
        <h2 id="invite-heading">{t("settings.invite.title")}</h2>
        <FormError errors={form.errors} />
        <Form method="post" className="stack" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="invite" />
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
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("settings.invite.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
