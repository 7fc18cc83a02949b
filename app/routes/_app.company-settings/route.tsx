// Company settings: one page, a tab per area (the `tab` query parameter). Each tab keeps its data
// and form actions in its own module beside this one (<tab>.server.ts, <tab>-tab.tsx); forms post
// here with intent "<area>.<verb>" and the action hands them to their area.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/meta";
import { requireAdminUser } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { withActionErrors, withPageErrors } from "~/utils/form-errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage } from "~/utils/i18n.server";
import { AbsenceTypesTab } from "./absence-types-tab";
import { ApiTokensTab } from "./api-tokens-tab";
import { apiTokensAction, loadApiTokensTab } from "./api-tokens.server";
import { BillingDetailsTab } from "./billing-details-tab";
import { billingDetailsAction, loadBillingDetailsTab, subscriptionAction } from "./billing-details.server";
import { BillingInvoicesTab } from "./billing-invoices-tab";
import { loadBillingInvoicesTab } from "./billing-invoices.server";
import { BillingPaymentTab } from "./billing-payment-tab";
import { loadBillingPaymentTab, paymentAction } from "./billing-payment.server";
import { absenceTypesAction, loadAbsenceTypesTab } from "./absence-types.server";
import { CompanyTab } from "./company-tab";
import { companyAction, loadCompanyTab } from "./company.server";
import { ManageAccountTab } from "./manage-account-tab";
import { accountAction, loadManageAccountTab } from "./manage-account.server";
import type { TabActionArgs, TabActionResult } from "./tab-action";
import { ACCOUNT_TABS, MANAGEMENT_TABS, tabOf } from "./tabs";
import { TeamsTab } from "./teams-tab";
import { loadTeamsTab, teamsAction } from "./teams.server";
import { UsersTab } from "./users-tab";
import { loadUsersTab, usersAction } from "./users.server";
import absenceTableStyles from "~/styles/absence-table.css";
import companySettingsStyles from "~/styles/company-settings.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: absenceTableStyles },
  { rel: "stylesheet", href: companySettingsStyles },
];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.adminConfigurations");

export function loader({ request }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser(request);
    const url = new URL(request.url);
    const tab = tabOf(url.searchParams.get("tab"));
    switch (tab) {
      case "users":
        return { tab, users: await loadUsersTab(viewer, url) } as const;
      case "teams":
        return { tab, teams: await loadTeamsTab(viewer, url) } as const;
      case "absence-types":
        return { tab, absenceTypes: await loadAbsenceTypesTab(viewer, url) } as const;
      case "company":
        return { tab, company: await loadCompanyTab(viewer, await getLanguage(request)) } as const;
      case "api-tokens":
        return { tab, apiTokens: await loadApiTokensTab(viewer) } as const;
      case "billing-details":
        return { tab, billing: await loadBillingDetailsTab(viewer, url) } as const;
      case "billing-invoices":
        return { tab, invoices: await loadBillingInvoicesTab(viewer) } as const;
      case "billing-payment":
        return { tab, payment: await loadBillingPaymentTab(viewer) } as const;
      case "manage-account":
        return { tab, account: await loadManageAccountTab(viewer) } as const;
    }
  });
}

const AREA_ACTIONS: Record<string, (args: TabActionArgs) => Promise<TabActionResult>> = {
  users: usersAction,
  teams: teamsAction,
  "absence-types": absenceTypesAction,
  company: companyAction,
  apiTokens: apiTokensAction,
  subscription: subscriptionAction,
  billingDetails: billingDetailsAction,
  payment: paymentAction,
  account: accountAction,
};

export function action({ request }: ActionFunctionArgs) {
  return withActionErrors(async () => {
    const viewer = await requireAdminUser(request);
    const formData = await readFormData(request);
    const intent = String(formData.get("intent") ?? "");
    const act = AREA_ACTIONS[intent.slice(0, intent.indexOf("."))];
    const answer = act ? await act({ viewer, request, formData, intent }) : null;
    if (answer === null) throw new AppError(400, "unknown_intent", "errors.invalidBody");
    return answer;
  });
}

export default function CompanySettings() {
  const { t } = useTranslation();
  const { tab } = useLoaderData<typeof loader>();
  const link = (name: string) => (
    <Link key={name} to={`?tab=${name}`} aria-current={tab === name ? "page" : undefined} className="tabs__tab">
      {t(`settings.tab.${name}`)}
    </Link>
  );
  return (
    <>
      <h1 className="page__title">{t("nav.adminConfigurations")}</h1>
      <nav className="tabs" aria-label={t("settings.tabs")}>
        <div className="tabs__group" role="group" aria-label={t("settings.groups.management")}>
          {MANAGEMENT_TABS.map(link)}
        </div>
        <div className="tabs__group" role="group" aria-label={t("settings.groups.account")}>
          {ACCOUNT_TABS.map(link)}
        </div>
      </nav>
      {tab === "users" ? (
        <UsersTab />
      ) : tab === "teams" ? (
        <TeamsTab />
      ) : tab === "absence-types" ? (
        <AbsenceTypesTab />
      ) : tab === "company" ? (
        <CompanyTab />
      ) : tab === "api-tokens" ? (
        <ApiTokensTab />
      ) : tab === "billing-details" ? (
        <BillingDetailsTab />
      ) : tab === "billing-invoices" ? (
        <BillingInvoicesTab />
      ) : tab === "billing-payment" ? (
        <BillingPaymentTab />
      ) : (
        <ManageAccountTab />
      )}
    </>
  );
}
