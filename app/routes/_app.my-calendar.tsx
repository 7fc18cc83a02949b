import type { MetaFunction, LinksFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { BalanceCards } from "~/components/balance-cards";
import { DeferredVacationForm, preloadVacationForm } from "~/components/deferred-vacation-form";
import { DeferredSetupChecklist } from "~/components/deferred-setup-checklist";
import { CalendarLegend } from "~/components/month-grid";
import { LockedDatesList } from "~/components/locked-dates";
import { UpcomingVacations } from "~/components/upcoming-vacations";
import { YearCalendar } from "~/components/year-calendar";
import { useHydrated } from "~/hooks/use-hydrated";
import type { SelectedRange } from "~/hooks/use-range-selection";
import { leaveYearLabel } from "~/lib/leave-year";
import { formatDays } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { MyScheduleCard } from "~/components/my-schedule-card";
import myCalendarStyles from "~/styles/my-calendar.css";
import { RuleWarningsNotice } from "~/components/rule-warnings";
import { loader, action } from "./_app.my-calendar.server";

export { loader, action };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: myCalendarStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: MetaFunction = ({ matches }) => pageTitle(matches, "nav.myCalendar");

interface DrawerState {
  open: boolean;
  range: SelectedRange | null;
}

export default function MyCalendar() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const hydrated = useHydrated();
  const { year, currentYear } = data;

  // The drawer follows the address (?new=1, or a refused submission) until the person opens or
  // closes it; every navigation hands control back to the address.
  const [manual, setManual] = useState<DrawerState | null>(null);
  const [nonce, setNonce] = useState(0);
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setManual(null);
  }
  const refused = Boolean(actionData && "result" in actionData);
  const open = manual ? manual.open : data.openNew || refused;
  const urlRange = data.prefill.startDate ? { start: data.prefill.startDate, end: data.prefill.endDate } : null;
  const range = manual ? manual.range : urlRange;
  const drawerInUrl = data.openNew;
  // Stable identities: the deferred form must not see an update before its code has arrived.
  const activeCategories = useMemo(() => data.categories.filter((c) => c.active), [data.categories]);
  const [rangeStart, rangeEnd] = [range?.start, range?.end];
  const formDefaults = useMemo(() => (rangeStart && rangeEnd ? { startDate: rangeStart, endDate: rangeEnd } : undefined), [rangeStart, rangeEnd]);

  const onSelect = useCallback((selection: SelectedRange) => {
    setManual({ open: true, range: selection });
    setNonce((n) => n + 1);
  }, []);
  const openEmpty = (event: React.MouseEvent) => {
    event.preventDefault();
    setManual({ open: true, range: null });
    setNonce((n) => n + 1);
  };
  const close = useCallback(() => {
    setManual({ open: false, range: null });
    return drawerInUrl;
  }, [drawerInUrl]);
  const drawerTitle = t("absences.form.title");
  const focusOnOpen = manual?.open === true;
  // Stable too: the drawer is part of the deferred module (its props must not change identity).
  const drawer = useMemo(
    () => ({ title: drawerTitle, closeHref: `/my-calendar?year=${year}`, onClose: close, focusOnOpen }),
    [drawerTitle, year, close, focusOnOpen],
  );

  const yearUrl = (y: number) => `/my-calendar?year=${y}`;
  const counts = { approved: 0, pending: 0, rejected: 0 };
  for (const vacation of data.vacations) {
    if (vacation.status === "approved" || vacation.status === "rejected") counts[vacation.status]++;
    else if (vacation.status !== "cancelled") counts.pending++;
  }

  return (
    <div className="my-calendar">
      <header className="page-header">
        <h1 className="page__title">{t("nav.myCalendar")}</h1>
        <div className="toolbar" role="group" aria-label={t("absences.myCalendar.toolbar")}>
          <nav className="year-switch" aria-label={t("absences.myCalendar.yearNav")}>
            <Link className="button year-switch__step" to={yearUrl(year - 1)} aria-label={t("absences.myCalendar.previousYear", { year: leaveYearLabel(year - 1, data.startMonth) })}>
              <span aria-hidden="true">‹</span>
            </Link>
            <span className="year-switch__year" aria-live="polite" data-testid="calendar-year">
              {data.yearLabel}
            </span>
            <Link className="button year-switch__step" to={yearUrl(year + 1)} aria-label={t("absences.myCalendar.nextYear", { year: leaveYearLabel(year + 1, data.startMonth) })}>
              <span aria-hidden="true">›</span>
            </Link>
            <Link className="button" to={yearUrl(currentYear)} aria-current={year === currentYear ? "page" : undefined}>
              {t("absences.myCalendar.currentYear")}
            </Link>
          </nav>
          <Link className="button" to={`${yearUrl(currentYear)}#today`}>
            {t("absences.myCalendar.today")}
          </Link>
          <Link className="button" to={yearUrl(year)}>
            {t("absences.myCalendar.refresh")}
          </Link>
          <Link className="button" to="/calendar-feeds?scope=person">
            {t("feeds.subscribeLink")}
          </Link>
          <Link
            className="button button--primary"
            to={`${yearUrl(year)}&new=1`}
            onClick={hydrated ? openEmpty : undefined}
            onPointerEnter={preloadVacationForm}
            onFocus={preloadVacationForm}
            preventScrollReset
          >
            <span aria-hidden="true">+</span> {t("absences.myCalendar.newAbsence")}
          </Link>
        </div>
      </header>

      {data.created && !actionData ? (
        <p className="notice notice--success" role="status">
          {data.created === "recorded" ? t("absenceTypes.recorded") : data.created === "approved" ? t("teams.approvedAsOnlyAdmin") : t("absences.myCalendar.created")}
        </p>
      ) : null}
      {!actionData ? <RuleWarningsNotice warnings={data.ruleWarnings} /> : null}

      {data.setup ? <DeferredSetupChecklist steps={data.setup.steps} /> : null}

      <BalanceCards balances={data.balances} hasAllowance={data.hasAllowance} year={year} label={data.yearLabel} />

      <MyScheduleCard {...data.schedule.words} />

      <section className="card upcoming-card" aria-labelledby="upcoming-heading">
        <div className="card__header">
          <h2 id="upcoming-heading">{t("absences.myCalendar.upcomingTitle")}</h2>
          <p className="card__meta" data-testid="year-summary">
            {t("absences.myCalendar.summary", {
              year: data.yearLabel,
              approved: t("absences.myCalendar.summaryApproved", { count: counts.approved }),
              pending: t("absences.myCalendar.summaryPending", { count: counts.pending }),
              rejected: t("absences.myCalendar.summaryRejected", { count: counts.rejected }),
              available: t("absences.myCalendar.summaryAvailable", {
                count: data.hasAllowance ? data.balances.yearly.remaining : Number.NaN,
                days: data.hasAllowance ? formatDays(data.balances.yearly.remaining, i18n.language) : formatDays(null),
              }),
            })}
          </p>
        </div>
        <UpcomingVacations items={data.upcoming} categories={data.categories} />
      </section>

      {/* A press on the calendar may start a selection that opens the form: fetch its code. */}
      <section className="card calendar-card" aria-labelledby="calendar-heading" onPointerDown={preloadVacationForm} onKeyDown={preloadVacationForm}>
        <div className="card__header">
          <h2 id="calendar-heading">{t("absences.calendar.title", { year: data.yearLabel })}</h2>
          <CalendarLegend selectable={hydrated} withOffDays={data.offDays.length > 0} withLocked={data.locked.length > 0} />
        </div>
        {hydrated ? <p className="calendar-card__hint">{t("absences.calendar.selectHint")}</p> : null}
        <YearCalendar
          year={year}
          startMonth={data.startMonth}
          today={data.today}
          vacations={data.vacations}
          holidays={data.holidays}
          offDays={data.offDays}
          locked={data.locked}
          selected={open ? range : null}
          onSelect={onSelect}
        />
        <LockedDatesList locks={data.locked} />
      </section>

      {open ? (
        <DeferredVacationForm
          key={`${location.key}:${nonce}`}
          drawer={drawer}
          // A refused request comes back to an address that keeps the drawer open without JS.
          action={`${yearUrl(year)}&new=1`}
          categories={activeCategories}
          defaultValue={formDefaults}
          lastResult={manual ? undefined : actionData?.result}
          errorValues={actionData?.values}
          balances={data.balances}
          hasAllowance={data.hasAllowance}
          balanceYear={year}
          holidays={data.holidayContext}
        />
      ) : null}
    </div>
  );
}
