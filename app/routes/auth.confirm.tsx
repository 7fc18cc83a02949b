// The one confirmation before a provider account is first linked to a person (decision 0089).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { pageTitle } from "~/lib/meta";
import { readFormData } from "~/utils/http.server";
import { confirmPendingLink, pendingConfirmation } from "~/utils/provider-sign-in.server";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "signIn.confirm.title");

export function loader({ request }: LoaderFunctionArgs) {
  return pendingConfirmation(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  return confirmPendingLink(request, form.get("intent") === "link");
}

export default function ConfirmLink() {
  const { t } = useTranslation();
  const { provider, email } = useLoaderData<typeof loader>();
  const name = t(`signIn.providers.${provider}`);
  return (
    <AuthLayout title={t("signIn.confirm.title")}>
      <p>{t("signIn.confirm.intro", { provider: name, email })}</p>
      <Form method="post" className="stack">
        <button type="submit" name="intent" value="link" className="button button--primary">
          {t("signIn.confirm.submit", { provider: name })}
        </button>
        <button type="submit" name="intent" value="cancel" className="button">
          {t("signIn.confirm.cancel")}
        </button>
      </Form>
    </AuthLayout>
  );
}
