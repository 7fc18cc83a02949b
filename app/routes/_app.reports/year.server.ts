// The year tab's data: the year (spec bounds), the team, the sort, a page of the table, the totals
// and both pictures, with the labels that depend on the server's Intl data made here.
import type { TFunction } from "i18next";
import { todayIn, type IsoDate } from "~/lib/dates";
import { leaveYear, leaveYearOf } from "~/lib/leave-year";
import { formatIsoDate } from "~/lib/format";
import { NO_TEAM, OTHER_TEAMS } from "~/lib/report-charts";
import { lastReportYear, readReportPaging, readReportSort, readReportTeam, readReportYear } from "~/lib/report-params";
import { yearReport } from "~/models/report.server";
import type { SignedInViewer } from "~/utils/auth.server";

export async function loadYearTab(viewer: SignedInViewer, url: URL, language: string, t: TFunction) {
  const params = url.searchParams;
  // The current year is the leave year holding today (decision 0080); `year` stays the calendar
  // year it starts in, as in the API.
  const startMonth = viewer.companyLeaveYearStartMonth ?? 1;
  const currentYear = leaveYearOf(todayIn(viewer.timeZone), startMonth).year;
  const maxYear = lastReportYear(currentYear);
  const { year, error: yearError } = readReportYear(params.get("year"), currentYear);
  const { sort, direction } = readReportSort(params);
  const paging = readReportPaging(params);
  const asked = readReportTeam(params);
  const shown = await yearReport(viewer, { year, teamId: asked, sort, direction });
  const team = shown.unknownTeam ? undefined : asked;
  const teamError = shown.unknownTeam ? "query.teamInvalid" : null;
  const teamName = new Map(shown.teams.map((t) => [t.id, t.name]));
  const seriesLabel = (key: string) => (key === NO_TEAM ? t("reports.noTeam") : key === OTHER_TEAMS ? t("reports.charts.otherTeams") : (teamName.get(key) ?? key));
  const query = new URLSearchParams();
  query.set("year", String(year));
  if (team) query.set("team", team);
  query.set("sort", sort);
  query.set("dir", direction);
  const bounds = leaveYear(year, startMonth);
  return {
    year,
    /** "2026/27" when the leave year does not start in January, with its dates. */
    leaveYear: { label: bounds.label, firstDay: bounds.firstDay, lastDay: bounds.lastDay, startMonth },
    yearInput: yearError ? (params.get("year") ?? "") : String(year),
    yearError,
    maxYear,
    team: team ?? "",
    teamError,
    teams: shown.teams,
    sort,
    direction,
    // Nothing is shown for a year outside the bounds: the field says what to choose.
    count: yearError ? 0 : shown.rows.length,
    offset: paging.offset,
    limit: paging.limit,
    rows: yearError
      ? []
      : shown.rows.slice(paging.offset, paging.offset + paging.limit).map((row) => ({
          id: row.user.id,
          name: row.user.name,
          email: row.user.email,
          team: row.team?.name ?? null,
          yearly: row.balances.yearly,
          residual: row.balances.residual,
          special: row.balances.special,
          employed: row.employed,
          overdraft: row.overdraft,
        })),
    totals: shown.totals,
    /** The unit of each balance: a group counting hours is headed "(h)" (decision 0081). */
    units: shown.units,
    charts: yearError
      ? null
      : {
          ...monthWords(shown.daysOff.months, language),
          daysOff: shown.daysOff,
          series: shown.daysOff.series.map((s) => ({ key: s.key, label: seriesLabel(s.key), months: s.months, total: s.total })),
          daysLeft: shown.daysLeft,
          teamNames: Object.fromEntries(teamName),
        },
    exportQuery: query.toString(),
  };
}

/**
 * The chart's month words, made here for the server's Intl data. A leave year that crosses into
 * the next calendar year (April → March) says the year under its first month and under January,
 * and names each month with its year; a January one stays "jan … dez".
 */
function monthWords(months: readonly IsoDate[], language: string) {
  const crosses = months[0].slice(5, 7) !== "01";
  return {
    monthLabels: months.map((first) => formatIsoDate(first, language, { month: "short" })),
    monthYears: months.map((first, index) => (crosses && (index === 0 || first.slice(5, 7) === "01") ? first.slice(0, 4) : null)),
    monthNames: months.map((first) => formatIsoDate(first, language, crosses ? { month: "long", year: "numeric" } : { month: "long" })),
  };
}

export type YearTabData = Awaited<ReturnType<typeof loadYearTab>>;
