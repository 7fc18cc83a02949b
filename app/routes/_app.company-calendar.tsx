// /company-calendar?month=YYYY-MM&team=<id>|all&q= — who is off: the company's month, a row per person (without
// ?team, a company larger than a page opens on the viewer's own team: decision 0102).
// The address is the state: month, filters, the open vacation (?bar=) and the request drawer
// (?new=1&start=&end=) all work without JavaScript; with it, panels open in place.
import { MAX_PEOPLE_SEARCH } from "~/lib/input-limits";
import { type MetaFunction, type LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionNotice } from "~/components/action-notice";
import { cancelConfirmation } from "~/components/vacation-table";
import { ConfirmationStep, ConfirmSubmitButton } from "~/components/confirm";
import { barLabel, barTitle, MonthTable, unpackPeople, withQuery, type MonthBar } from "~/components/company-month";
import { DateRangeText } from "~/components/date-text";
import { RouteErrorBoundary } from "~/components/route-error";
import { DeferredVacationForm, preloadVacationForm } from "~/components/deferred-vacation-form";
import { PersonBalances, PersonIdentity, type PersonOverviewData } from "~/components/person-overview";
import { SidePanel } from "~/components/side-panel";
import { StatusBadge } from "~/components/status-badge";
import { useHydrated } from "~/hooks/use-hydrated";
import type { SelectedRange } from "~/hooks/use-range-selection";
import { ALL_TEAMS } from "~/lib/constants";
import { formatDateRange, formatIsoDate } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { firstDayOfMonth, shiftMonth } from "~/lib/month-param";
import { LockedDatesList } from "~/components/locked-dates";
import companyCalendarStyles from "~/styles/company-calendar.css";
import { RuleWarningsNotice } from "~/components/rule-warnings";
import { loader, action } from "./_app.company-calendar.server";

export { loader, action };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: companyCalendarStyles }];

export function ErrorBoundary() {
  return <RouteErrorBoundary loadFailedKey="companyCalendar.loadFailed" />;
}

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.companyCalendar");

interface OpenPanel {
  kind: "bar" | "person";
  id: string;
  trigger: HTMLElement | null;
}

export default function CompanyCalendar() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const query = searchParams.toString();
  const { month } = data;
  const people = useMemo(() => unpackPeople(data.people), [data.people]);

  // Panels and the draft follow the address until the person acts; every navigation (a new month,
  // a submitted form) hands control back to it.
  const [panel, setPanel] = useState<OpenPanel | null>(null);
  const [draft, setDraft] = useState<SelectedRange | null>(null);
  const [drawerClosed, setDrawerClosed] = useState(false);
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setPanel(null);
    setDraft(null);
    setDrawerClosed(false);
  }
  const openBarId = panel ? (panel.kind === "bar" ? panel.id : null) : data.openBar;
  const openBar = useMemo(() => {
    if (!openBarId) return null;
    for (const person of people) {
      const bar = person.bars.find((b) => b.id === openBarId);
      if (bar) return { bar, person };
    }
    return null;
  }, [openBarId, people]);

  const onOpenBar = useCallback((id: string, trigger: HTMLElement) => setPanel({ kind: "bar", id, trigger }), []);
  const onOpenPerson = useCallback((id: string, trigger: HTMLElement) => setPanel({ kind: "person", id, trigger }), []);
  const personPanelId = panel?.kind === "person" ? panel.id : null;
  const personSummary = usePersonSummary(personPanelId, month.slice(0, 4));
  const onDraft = useCallback((range: SelectedRange) => {
    preloadVacationForm();
    setDraft(range);
  }, []);
  // A finished draft hands focus to its "Continue" (the bar sits above the table, behind the
  // keyboard); dropping it hands focus back to one's row.
  const continueButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (draft) continueButton.current?.focus();
  }, [draft]);
  const dropDraft = () => {
    setDraft(null);
    document.querySelector<HTMLElement>('.company-month__row--own [tabindex="0"]')?.focus();
  };
  const closePanel = useCallback(() => setPanel(null), []);

  const monthUrl = (m: string) => `/company-calendar?${withQuery(query, { month: m, page: "" })}`;
  const closeHref = `/company-calendar?${withQuery(query, {})}`;
  const monthName = formatIsoDate(firstDayOfMonth(month), i18n.language, { month: "long", year: "numeric" });
  const monthTitle = monthName.charAt(0).toLocaleUpperCase() + monthName.slice(1);

  // The request drawer, as on My Calendar (its props keep their identity: see DeferredVacationForm).
  const drawerOpen = data.openNew && !drawerClosed && data.form !== null;
  const closeDrawer = useCallback(() => {
    setDrawerClosed(true);
    return true;
  }, []);
  const drawerTitle = t("absences.form.title");
  const drawer = useMemo(() => ({ title: drawerTitle, closeHref, onClose: closeDrawer, focusOnOpen: true }), [drawerTitle, closeHref, closeDrawer]);
  const prefillStart = data.prefill?.startDate;
  const prefillEnd = data.prefill?.endDate;
  const formDefaults = useMemo(() => (prefillStart && prefillEnd ? { startDate: prefillStart, endDate: prefillEnd } : undefined), [prefillStart, prefillEnd]);

  const confirmStep = actionData && "confirm" in actionData ? actionData.confirm : null;
  const followUp = actionData && "followUp" in actionData ? actionData.followUp : null;
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const confirmBar = confirmStep ? people.flatMap((p) => p.bars.map((bar) => ({ bar, person: p }))).find((entry) => entry.bar.id === confirmStep.fields.id) : null;
  // data.limit, not CALENDAR_PAGE_SIZE: the compiler empties *.server modules in the browser's bundle.
  const totalPages = Math.ceil(data.total / data.limit);

  return (
    <div className="company-calendar">
      <header className="page-header">
        <h1 className="page__title">{t("nav.companyCalendar")}</h1>
        <nav className="toolbar month-switch" aria-label={t("companyCalendar.monthNav")}>
          <Link className="button year-switch__step" to={monthUrl(shiftMonth(month, -1))} aria-label={t("companyCalendar.previousMonth")} preventScrollReset>
            <span aria-hidden="true">‹</span>
          </Link>
          <span className="month-switch__month" aria-live="polite" data-testid="calendar-month">
            {monthTitle}
          </span>
          <Link className="button year-switch__step" to={monthUrl(shiftMonth(month, 1))} aria-label={t("companyCalendar.nextMonth")} preventScrollReset>
            <span aria-hidden="true">›</span>
          </Link>
          <Link className="button" to={monthUrl(data.currentMonth)} aria-current={month === data.currentMonth ? "page" : undefined}>
            {t("absences.myCalendar.today")}
          </Link>
          {/* The filtered team's feed when the viewer may have it (canSubscribeTo), else the company's. */}
          <Link className="button" to={data.teamFeedId ? `/calendar-feeds?scope=team&team=${data.teamFeedId}` : "/calendar-feeds?scope=company"}>
            {t("feeds.subscribeLink")}
          </Link>
        </nav>
      </header>

      {data.created && !actionData ? (
        <p className="notice notice--success" role="status">
          {data.created === "recorded" ? t("absenceTypes.recorded") : data.created === "approved" ? t("teams.approvedAsOnlyAdmin") : t("absences.myCalendar.created")}
        </p>
      ) : null}
      {!actionData ? <RuleWarningsNotice warnings={data.ruleWarnings} /> : null}
      <ActionNotice notice={notice} />
      {confirmStep ? (
        <ConfirmationStep
          fields={confirmStep.fields}
          confirmation={cancelConfirmation(
            t,
            { startDate: confirmBar?.bar.startDate ?? "", endDate: confirmBar?.bar.endDate ?? "", userName: confirmBar?.person.name ?? "" },
            i18n.language,
            Boolean(confirmBar && !confirmBar.person.isViewer),
          )}
        />
      ) : null}
      {followUp ? <NotifyQuestion id={followUp.id} closeHref={closeHref} /> : null}

      <OffSummary summary={data.summary} />

      {/* Keyed by the filters: its fields keep no stale choice after "Limpar" or Back. */}
      <Form key={`${data.teamChoice}|${searchParams.get("q") ?? ""}`} method="get" className="filters company-calendar__filters" preventScrollReset>
        <input type="hidden" name="month" value={month} />
        <label className="field">
          <span className="field__label">{t("companyCalendar.filters.team")}</span>
          {/* Without ?team a company larger than a page opens on the viewer's team (decision 0102): the
              select shows that default, and "All teams" is a choice the address keeps (?team=all). */}
          <select name="team" defaultValue={data.teamChoice}>
            <option value={ALL_TEAMS}>{t("companyCalendar.filters.allTeams")}</option>
            {data.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t("companyCalendar.filters.search")}</span>
          <input type="search" name="q" defaultValue={searchParams.get("q") ?? ""} maxLength={MAX_PEOPLE_SEARCH} autoComplete="off" />
        </label>
        <div className="filters__actions">
          <button type="submit" className="button button--primary">
            {t("companyCalendar.filters.apply")}
          </button>
          <Link className="button" to={`/company-calendar?month=${month}`}>
            {t("companyCalendar.filters.clear")}
          </Link>
        </div>
      </Form>

      {draft ? (
        <div className="company-calendar__draft" role="status" data-testid="draft-bar">
          <p>{t("companyCalendar.draft.text", { range: formatDateRange(draft.start, draft.end, i18n.language) })}</p>
          <div className="company-calendar__draft-actions">
            <button
              ref={continueButton}
              type="button"
              className="button button--primary"
              onClick={() => navigate(`/company-calendar?${withQuery(query, { month, new: "1", start: draft.start, end: draft.end })}`, { preventScrollReset: true })}
            >
              {t("companyCalendar.draft.confirm")}
            </button>
            <button type="button" className="button" onClick={dropDraft}>
              {t("companyCalendar.draft.cancel")}
            </button>
          </div>
        </div>
      ) : null}

      <section className="card company-calendar__card" aria-labelledby="company-month-heading">
        <div className="card__header">
          <h2 id="company-month-heading">{t("companyCalendar.title", { month: monthName })}</h2>
          <MonthLegend withOffDays={people.some((person) => person.offDays)} withLocked={data.locked.length > 0} />
        </div>
        {hydrated ? <p className="calendar-card__hint">{t("companyCalendar.dragHint")}</p> : null}
        {people.length === 0 ? <p className="empty-state">{data.total === 0 && (searchParams.get("q") || data.teamId) ? t("companyCalendar.emptyFiltered") : t("companyCalendar.empty")}</p> : null}
        <MonthTable
          month={month}
          days={data.days}
          today={data.today}
          companyHolidays={data.companyHolidays}
          locked={data.locked}
          people={people}
          query={query}
          interactive={hydrated}
          draft={draft}
          onDraft={onDraft}
          onOpenBar={onOpenBar}
          onOpenPerson={onOpenPerson}
        />
        <LockedDatesList locks={data.locked} />
        {totalPages > 1 ? (
          <nav className="pager" aria-label={t("companyCalendar.pages")}>
            <p className="pager__counter">{t("absences.pager.counter", { from: data.offset + 1, to: data.offset + people.length, total: data.total })}</p>
            <div className="pager__links">
              {data.page > 1 ? (
                <Link className="button button--small" to={`/company-calendar?${withQuery(query, { page: String(data.page - 1) })}`} rel="prev">
                  {t("absences.pager.previous")}
                </Link>
              ) : null}
              {data.page < totalPages ? (
                <Link className="button button--small" to={`/company-calendar?${withQuery(query, { page: String(data.page + 1) })}`} rel="next">
                  {t("absences.pager.next")}
                </Link>
              ) : null}
            </div>
          </nav>
        ) : null}
      </section>

      {openBar ? (
        <SidePanel
          key={openBar.bar.id}
          labelledBy="bar-panel-title"
          onClose={hydrated ? closePanel : undefined}
          closeHref={closeHref}
          returnFocusTo={panel?.trigger}
          testId="bar-panel"
        >
          <BarDetails bar={openBar.bar} personName={openBar.person.name} isOwn={openBar.person.isViewer} />
        </SidePanel>
      ) : null}

      {panel?.kind === "person" ? (
        <SidePanel key={panel.id} labelledBy="person-panel-title" onClose={closePanel} closeHref={closeHref} returnFocusTo={panel.trigger} testId="person-panel">
          {personSummary === "failed" ? (
            <p id="person-panel-title" role="alert">
              {t("companyCalendar.person.loadFailed")} <Link to={`/people/${panel.id}?year=${month.slice(0, 4)}`}>{t("companyCalendar.person.openPage")}</Link>
            </p>
          ) : personSummary ? (
            <div className="person-panel">
              <PersonIdentity data={personSummary} headingId="person-panel-title" />
              <PersonBalances data={personSummary} />
              <Link className="button" to={`/people/${panel.id}?year=${personSummary.year}`}>
                {t("companyCalendar.person.yearView", { year: personSummary.year })}
              </Link>
            </div>
          ) : (
            <p id="person-panel-title" role="status">
              {t("companyCalendar.person.loading")}
            </p>
          )}
        </SidePanel>
      ) : null}

      {drawerOpen && data.form ? (
        <DeferredVacationForm
          key={location.key}
          drawer={drawer}
          // A refused request comes back to an address that keeps the drawer open without JS.
          action={`/company-calendar?${withQuery(query, { month, new: "1" })}`}
          categories={data.form.categories}
          defaultValue={formDefaults}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          errorValues={actionData && "values" in actionData ? actionData.values : undefined}
          balances={data.form.balances}
          hasAllowance={data.form.hasAllowance}
          balanceYear={data.form.year}
          holidays={data.form.holidayContext}
        />
      ) : null}
    </div>
  );
}

/**
 * The side panel's person, fetched as JSON (/people/:id/summary) with a plain fetch: the page
 * needs nothing more, and every page's first load stays free of Remix's fetcher machinery.
 */
function usePersonSummary(personId: string | null, year: string): PersonOverviewData | "failed" | null {
  const [loaded, setLoaded] = useState<{ id: string; data: PersonOverviewData | "failed" } | null>(null);
  useEffect(() => {
    if (!personId) return;
    const controller = new AbortController();
    fetch(`/people/${encodeURIComponent(personId)}/summary?year=${year}`, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then(async (response) => setLoaded({ id: personId, data: response.ok ? ((await response.json()) as PersonOverviewData) : "failed" }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ id: personId, data: "failed" });
      });
    return () => controller.abort();
  }, [personId, year]);
  return loaded && loaded.id === personId ? loaded.data : null;
}

/** The table's key; "not working" only when a row on the page has such days (decision 0078), "locked" when the month has locks. */
function MonthLegend({ withOffDays, withLocked }: { withOffDays: boolean; withLocked: boolean }) {
  const { t } = useTranslation();
  const kinds = ["approved", "pending", "weekend", "holiday", "today"] as const;
  return (
    <ul className="calendar-legend" aria-label={t("absences.calendar.legend.title")}>
      {kinds.map((kind) => (
        <li key={kind} className="calendar-legend__item">
          <span className={`calendar-legend__swatch company-month__swatch--${kind}`} aria-hidden="true" />
          {t(`absences.calendar.legend.${kind}`)}
        </li>
      ))}
      {withOffDays ? (
        <li className="calendar-legend__item">
          <span className="calendar-legend__swatch company-month__swatch--off" aria-hidden="true" />
          {t("workCounts.notWorking")}
        </li>
      ) : null}
      {withLocked ? (
        <li className="calendar-legend__item">
          <span className="calendar-legend__swatch calendar-legend__swatch--locked" aria-hidden="true" />
          {t("cover.calendar.legend")}
        </li>
      ) : null}
    </ul>
  );
}

/** What the open bar is, and the two things one can do with it (spec: 'Notificar Admin', 'Cancelar'). */
function BarDetails({ bar, personName, isOwn }: { bar: MonthBar; personName: string; isOwn: boolean }) {
  const { t, i18n } = useTranslation();
  const confirmation = cancelConfirmation(t, { startDate: bar.startDate, endDate: bar.endDate, userName: personName }, i18n.language, !isOwn);
  return (
    <div className="bar-details">
      <p className="bar-details__person">{personName}</p>
      <h2 id="bar-panel-title" className="bar-details__title">
        {barTitle(t, bar)}
      </h2>
      <p>
        <DateRangeText start={bar.startDate} end={bar.endDate} />
      </p>
      <p>
        <StatusBadge status={bar.status} />
      </p>
      {bar.details?.description && bar.details.description.trim() !== barTitle(t, bar) ? <p>{bar.details.description}</p> : null}
      {bar.canNotify || bar.canCancel ? (
        <Form method="post" className="bar-details__actions" preventScrollReset>
          <input type="hidden" name="id" value={bar.id} />
          {bar.canNotify ? (
            <button type="submit" name="intent" value="notify" className="button">
              {t("companyCalendar.bar.notify")}
            </button>
          ) : null}
          {bar.canCancel ? (
            <ConfirmSubmitButton confirmation={confirmation} name="intent" value="cancel" className="button button--danger">
              {t("companyCalendar.bar.cancel")}
            </ConfirmSubmitButton>
          ) : null}
        </Form>
      ) : (
        <p className="bar-details__none">{t("companyCalendar.bar.noActions")}</p>
      )}
      <span className="visually-hidden">{barLabel(t, bar)}</span>
    </div>
  );
}

/** After a cancellation: 'Queres notificar o Admin da Team?' */
function NotifyQuestion({ id, closeHref }: { id: string; closeHref: string }) {
  const { t } = useTranslation();
  return (
    <section className="card confirm-step" role="alertdialog" aria-labelledby="notify-question" data-testid="notify-question">
      <p id="notify-question">{t("companyCalendar.notifyQuestion")}</p>
      <Form method="post" className="confirm-step__actions" preventScrollReset>
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="notify-cancelled" className="button button--primary">
          {t("companyCalendar.notifyYes")}
        </button>
        <Link className="button" to={closeHref} preventScrollReset>
          {t("companyCalendar.notifyNo")}
        </Link>
      </Form>
    </section>
  );
}

interface SummaryEntry extends MonthBar {
  personId: string;
  name: string;
}

/** Who is off today and this week, above the grid: the question people open this screen with. */
function OffSummary({ summary }: { summary: { today: SummaryEntry[]; week: { start: string; end: string; vacations: SummaryEntry[] } } }) {
  const { t, i18n } = useTranslation();
  const entry = (item: SummaryEntry) => (
    <li key={`${item.id}`}>
      <strong>{item.name}</strong> — {barLabel(t, item)} <span className="off-summary__range">({formatDateRange(item.startDate, item.endDate, i18n.language)})</span>
    </li>
  );
  return (
    <section className="card off-summary" aria-labelledby="off-summary-heading" data-testid="off-summary">
      <h2 id="off-summary-heading" className="visually-hidden">
        {t("companyCalendar.summary.title")}
      </h2>
      <div className="off-summary__part">
        <h3>{t("companyCalendar.summary.today", { count: summary.today.length })}</h3>
        {summary.today.length ? <ul>{summary.today.map(entry)}</ul> : <p>{t("companyCalendar.summary.nobodyToday")}</p>}
      </div>
      <div className="off-summary__part">
        <h3>
          {t("companyCalendar.summary.week", { count: summary.week.vacations.length, range: formatDateRange(summary.week.start, summary.week.end, i18n.language) })}
        </h3>
        {summary.week.vacations.length ? <ul>{summary.week.vacations.map(entry)}</ul> : <p>{t("companyCalendar.summary.nobodyWeek")}</p>}
      </div>
    </section>
  );
}
