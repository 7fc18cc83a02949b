import { Form, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { usePendingApprovalsCount } from "~/hooks/use-pending-approvals";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

export interface ShellData {
  displayName: string;
  companyName: string;
  isAdmin: boolean;
  isMaster: boolean;
  pendingApprovals: number;
}

export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const pending = usePendingApprovalsCount(shell.pendingApprovals, shell.isAdmin);
  const links = [
    { to: "/my-calendar", label: t("nav.myCalendar") },
    { to: "/company-calendar", label: t("nav.companyCalendar") },
    { to: "/vacations", label: t("nav.absences") },
    { to: "/national-holidays", label: t("nav.bankHolidays") },
  ];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className="topbar">
        <a href="/" className="brand" aria-label={t("app.name")}>
          <Logo />
          <span>{t("app.name")}</span>
        </a>
        <nav className="topbar__nav" aria-label={t("nav.label")}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
            {shell.isAdmin ? (
              <>
                <li>
                  <NavLink to="/approvals" prefetch="intent">
                    {t("nav.approvals")}
                    {pending > 0 ? (
                      <span className="badge badge--danger" data-testid="pending-badge" aria-label={t("nav.pendingCount", { count: pending })}>
                        {pending}
                      </span>
                    ) : null}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/company-settings?tab=users" prefetch="intent">
                    {t("nav.adminConfigurations")}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/reports" prefetch="intent">
                    {t("nav.reports")}
                  </NavLink>
                </li>
              </>
            ) : null}
            {shell.isMaster ? (
              <li>
                <NavLink to="/audit" prefetch="intent">
                  {t("nav.audit")}
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="topbar__account">
          <span className="topbar__who">
            <span className="topbar__name" data-testid="display-name">
              {shell.displayName}
            </span>
            <span className="topbar__company">{shell.companyName}</span>
          </span>
          <LanguageSwitch />
          <Form method="post" action="/logout">
            <button type="submit" className="button button--ghost">
              {t("nav.signOut")}
            </button>
          </Form>
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
