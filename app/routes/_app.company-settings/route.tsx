// Company settings: the heading and the tabs, each tab a route of its own below this one
// (/company-settings/<tab>, its data and forms in app/routes/_app.company-settings.<tab>/).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/meta";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";
import vacationTableStyles from "~/styles/vacation-table.css";
import companySettingsStyles from "~/styles/company-settings.css";
import { ACCOUNT_TABS, MANAGEMENT_TABS, tabPath, type Tab } from "./tabs";

// Every tab's styles: one sheet for the settings screens, and the vacation table a person's edit view shows.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: vacationTableStyles },
  { rel: "stylesheet", href: companySettingsStyles },
];

// A tab has no boundary of its own: its error (a person not found) shows as the page, like every screen's.
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.adminConfigurations");

// Employees get the 403 page, not the tabs around a 403.
export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    await requireAdminUser({ request, context });
    return null;
  });
}

export default function CompanySettings() {
  const { t } = useTranslation();
  const link = (name: Tab) => (
    <NavLink key={name} to={tabPath(name)} className="tabs__tab">
      {t(`settings.tab.${name}`)}
    </NavLink>
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
      <Outlet />
    </>
  );
}
