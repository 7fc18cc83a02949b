// The manage account tab (/company-settings/manage-account): the privacy documents, and the owner's account deletion request (asked
// first, with and without JavaScript; the subscription ends at the end of the month).
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { ConfirmationStep, ConfirmSubmitButton, type Confirmation } from "~/components/confirm";
import { formatDate } from "~/lib/format";
import { requireAdminUser } from "~/utils/auth.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { tabPath } from "../_app.company-settings/tabs";
import { accountAction, loadManageAccountTab } from "./manage-account.server";

const TAB_URL = tabPath("manage-account");

export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => loadManageAccountTab(await requireAdminUser({ request, context })));
}

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    // Asking to delete the account stays open in a read-only company.
    const viewer = await requireAdminUser(request, { whileReadOnly: true });
    return accountAction(viewer, await readFormData(request));
  });
}

export default function ManageAccountTab() {
  const { t, i18n } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const account = useLoaderData<typeof loader>();
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const confirmation: Confirmation = {
    title: t("billing.account.confirm.title"),
    question: t("billing.account.confirm.question", { company: account.companyName }),
    confirm: t("billing.account.confirm.yes"),
    cancel: t("billing.account.confirm.no"),
  };
  return (
    <div className="settings-grid billing">
      <section className="card" aria-labelledby="deletion-heading">
        <h2 id="deletion-heading">{t("billing.account.deleteTitle")}</h2>
        <ActionNotice notice={notice} />
        {confirmStep ? <ConfirmationStep fields={confirmStep.fields} confirmation={confirmation} /> : null}
        <p>{t("billing.account.deleteBody")}</p>
        {account.deletionRequestedAt ? (
          <div className="notice notice--info" data-testid="deletion-status">
            <p className="notice__line">{t("billing.account.requestedOn", { date: formatDate(account.deletionRequestedAt, i18n.language) })}</p>
            {account.endsOn ? <p className="notice__line">{t("billing.account.endsOn", { date: formatDate(account.endsOn, i18n.language) })}</p> : null}
          </div>
        ) : account.canDelete ? (
          <Form method="post" action={TAB_URL}>
            <ConfirmSubmitButton confirmation={confirmation} name="intent" value="account.delete" className="button button--danger" disabled={navigation.state !== "idle"}>
              {t("billing.account.deleteButton")}
            </ConfirmSubmitButton>
          </Form>
        ) : (
          <p className="muted" data-testid="deletion-owner-only">
            {t("billing.account.ownerOnly")}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="privacy-heading">
        <h2 id="privacy-heading">{t("billing.account.privacyTitle")}</h2>
        <p>{t("billing.account.privacyBody")}</p>
        <a href={account.privacyUrl} target="_blank" rel="noopener" className="button">
          {t("billing.account.privacyLink")}
        </a>
      </section>
    </div>
  );
}
