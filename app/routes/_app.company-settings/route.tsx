// Company settings: the heading and the menu of its sections, each a route of its own below this one
// (/company-settings/<tab>, its data and forms in app/routes/_app.company-settings.<tab>/).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/meta";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";
import vacationTableStyles from "~/styles/vacation-table.css";
import companySettingsStyles from "~/styles/company-settings.css";
import { ACCOUNT_TABS, MANAGEMENT_TABS, tabOf, tabPath, type Tab } from "./tabs";

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

const GROUPS = [
  ["management", MANAGEMENT_TABS],
  ["account", ACCOUNT_TABS],
] as const;

/**
 * The sections in the spec's two titled groups: a side menu on wide screens; on narrower ones one
 * <details> whose summary names the current section, so it opens without JavaScript (the stylesheet
 * shows its content always where there is room, as the top bar does).
 */
export default function CompanySettings() {
  const { t } = useTranslation();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // With JavaScript the layout stays while a section loads: the open menu closes behind the choice.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const current = tabOf(location.pathname.split("/")[2] ?? null);
  const currentGroup = (MANAGEMENT_TABS as readonly Tab[]).includes(current) ? "management" : "account";
  return (
    <>
      <h1 className="page__title">{t("nav.adminConfigurations")}</h1>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t("settings.tabs")}>
          <details className="settings-nav__menu" ref={menu}>
            <summary className="settings-nav__toggle" data-testid="settings-nav-toggle">
              <span className="settings-nav__current-group">{t(`settings.groups.${currentGroup}`)}</span>
              <span className="settings-nav__current">{t(`settings.tab.${current}`)}</span>
            </summary>
            <div className="settings-nav__groups">
              {GROUPS.map(([group, tabs]) => (
                <div key={group} className="settings-nav__group">
                  <p className="settings-nav__title" id={`settings-group-${group}`}>
                    {t(`settings.groups.${group}`)}
                  </p>
                  <ul aria-labelledby={`settings-group-${group}`}>
                    {tabs.map((name) => (
                      <li key={name}>
                        <NavLink to={tabPath(name)} className="settings-nav__link">
                          {t(`settings.tab.${name}`)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </details>
        </nav>
        <div className="settings-layout__content">
          <Outlet />
        </div>
      </div>
    </>
  );
}
