import { Form, Link, NavLink, useLocation, useMatch } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePendingApprovalsCount } from "~/hooks/use-pending-approvals";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";
import { TrialBanner, type TrialBannerView } from "./trial-banner";

export interface ShellData {
  displayName: string;
  companyName: string;
  isAdmin: boolean;
  /** canReadAudit (app/utils/permissions.server.ts): the master, and owners for their company. */
  seesAudit: boolean;
  pendingApprovals: number;
  trialBanner: TrialBannerView | null;
}

/**
 * The top bar. On a phone the navigation and the account sit in a <details> menu, so it opens and
 * closes without JavaScript; with JavaScript it also closes after each navigation and on Escape.
 * On wide screens the stylesheet shows the menu's content inline and hides its toggle.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
  const { t } = useTranslation();
  const pending = usePendingApprovalsCount(shell.pendingApprovals, shell.isAdmin);
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // The link opens the first tab but is the current page on every tab of company settings.
  const inSettings = useMatch({ path: "/company-settings", end: false }) !== null;
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
    if (location.key === firstKey.current) return;
    // An answer that removed what had focus (a sent drawer, an approved row) would drop focus to
    // the document's start: it goes to the answer's notice, or to the page, instead.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement !== document.body) return;
      const target = document.querySelector<HTMLElement>("main .notice, main [data-answer]") ?? document.getElementById("main");
      if (!target) return;
      // Notices and answers are text: focusable by script only, never a tab stop.
      target.tabIndex = -1;
      target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key]);
  const hasTrialBanner = shell.trialBanner !== null;
  useEffect(() => {
    if (hasTrialBanner) void import("./trial-banner-enhance").then((module) => module.enhanceTrialBanner());
  }, [hasTrialBanner]);
  const onMenuKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.currentTarget.open = false;
    event.currentTarget.querySelector("summary")?.focus();
  };
  const links = [
    { to: "/my-calendar", label: t("nav.myCalendar") },
    { to: "/company-calendar", label: t("nav.companyCalendar") },
    { to: "/vacations", label: t("nav.absences") },
    { to: "/national-holidays", label: t("nav.bankHolidays") },
  ];
  // Admin bars hold twice the links: the stylesheet folds them into the menu on wider screens.
  const many = shell.isAdmin || shell.seesAudit;
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className={many ? "topbar topbar--many" : "topbar"}>
        <a href="/" className="brand" aria-label={t("app.name")}>
          <Logo />
          <span className="brand__name">{t("app.name")}</span>
        </a>
        <div className="topbar__language">
          <LanguageSwitch />
        </div>
        <details className="topbar__menu" ref={menu} onKeyDown={onMenuKeyDown}>
          <summary className="topbar__toggle">
            <span className="topbar__toggle-icon" aria-hidden="true" />
            {t("nav.menu")}
            {pending > 0 ? (
              <span className="badge badge--danger" aria-hidden="true">
                {pending}
              </span>
            ) : null}
          </summary>
          <div className="topbar__panel">
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
                      <Link to="/company-settings/users" prefetch="intent" className={inSettings ? "active" : undefined} aria-current={inSettings ? "page" : undefined}>
                        {t("nav.adminConfigurations")}
                      </Link>
                    </li>
                    <li>
                      <NavLink to="/reports" prefetch="intent">
                        {t("nav.reports")}
                      </NavLink>
                    </li>
                  </>
                ) : null}
                {shell.seesAudit ? (
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
                {/* The person's own ways in (providers, password) sit behind their name. */}
                <Link to="/sign-in-methods" className="topbar__name" data-testid="display-name">
                  {shell.displayName}
                </Link>
                <span className="topbar__company">{shell.companyName}</span>
              </span>
              <Form method="post" action="/logout">
                {/* An icon on wide screens (the word stays its accessible name), the word in the menu. */}
                <button type="submit" className="button button--ghost topbar__signout" title={t("nav.signOut")}>
                  <svg className="topbar__signout-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5M15 8l4 4-4 4M19 12H9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  <span className="topbar__signout-label">{t("nav.signOut")}</span>
                </button>
              </Form>
            </div>
          </div>
        </details>
      </header>
      {shell.trialBanner ? (
        <div className="trial-banner-slot">
          <TrialBanner banner={shell.trialBanner} />
        </div>
      ) : null}
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
