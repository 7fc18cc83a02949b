// The Users tab: the people of the company, invitations, removal.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { FieldError } from "~/components/field-error";
import { FormError } from "~/components/form-error";
import { parseWithZod } from "~/lib/form-parse";
import { displayName } from "~/lib/people";
import { inviteSchema } from "~/lib/schemas/identity";
import type { action, loader } from "./route";

export function UsersTab() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const { users, teams } = loaded.tab === "users" ? loaded.users : { users: [], teams: {} };
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
                          value="users.delete"
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
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("settings.invite.submit")}
          </button>
        </Form>
      </section>
    </div>
  );
}
