import type { LoaderFunctionArgs, MetaFunction, LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "~/components/auth-layout";
import { pageTitle } from "~/lib/meta";
import authStyles from "~/styles/auth.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: authStyles },
];

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "decision.doneTitle");

const MESSAGES = ["vacation_approved", "vacation_rejected"] as const;

// Spec: a confirmation page with a Go-to-app button; any other message shows a no-action text.
export function loader({ request }: LoaderFunctionArgs) {
  const message = new URL(request.url).searchParams.get("message");
  return { message: (MESSAGES as readonly string[]).includes(message ?? "") ? message : null };
}

export default function VacationAction() {
  const { t } = useTranslation();
  const { message } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title={t("decision.doneTitle")}>
      <p className={`notice ${message ? "notice--success" : "notice--info"}`} role="status">
        {message ? t(`decision.${message}`) : t("decision.noAction")}
      </p>
      <Link className="button button--primary" to="/">
        {t("decision.toApp")}
      </Link>
    </AuthLayout>
  );
}
