// The absences tab's data: every vacation in a date range (this year unless chosen) by absence category,
// status and team, a page at a time, and the query its CSV link repeats.
import type { TFunction } from "i18next";
import { categoryName } from "~/components/absence-category-name";
import { firstDayOfYear, lastDayOfYear, todayIn, yearOf } from "~/lib/dates";
import { readReportPaging } from "~/lib/report-params";
import { NO_TEAM_FILTER, readVacationFilters, vacationFilterQuery, type VacationFilters } from "~/lib/vacation-filters";
import { listCategories } from "~/models/calendar.server";
import { vacationReport } from "~/models/report.server";
import { listTeams } from "~/models/team.server";
import type { SignedInViewer } from "~/utils/auth.server";

/**
 * The filters as the report applies them: a wrong value is left out and said so by its field
 * (query name → locale key); without dates, this year.
 */
export async function readVacationReportFilters(viewer: SignedInViewer, params: URLSearchParams) {
  const { filters, invalid } = readVacationFilters(params);
  const [categories, teams] = await Promise.all([listCategories(viewer, { activeOnly: false }), listTeams(viewer)]);
  const applied: VacationFilters = { ...filters, userId: undefined };
  if (applied.categoryId && !categories.some((c) => c.id === applied.categoryId)) {
    invalid.type = "query.categoryInvalid";
    delete applied.categoryId;
  }
  if (applied.teamId && applied.teamId !== NO_TEAM_FILTER && !teams.some((t) => t.id === applied.teamId)) {
    invalid.team = "query.teamInvalid";
    delete applied.teamId;
  }
  if (applied.dateFrom && applied.dateTo && applied.dateFrom > applied.dateTo) {
    invalid.to = "vacation.startAfterEnd";
    delete applied.dateTo;
  }
  if (!applied.dateFrom && !applied.dateTo && !invalid.from && !invalid.to) {
    const year = yearOf(todayIn(viewer.timeZone));
    applied.dateFrom = firstDayOfYear(year);
    applied.dateTo = lastDayOfYear(year);
  }
  return { applied, invalid, categories, teams };
}

export async function loadVacationsTab(viewer: SignedInViewer, url: URL, t: TFunction) {
  const { applied, invalid, categories, teams } = await readVacationReportFilters(viewer, url.searchParams);
  const paging = readReportPaging(url.searchParams);
  const report = await vacationReport(viewer, applied, paging, t);
  return {
    filters: {
      from: applied.dateFrom ?? "",
      to: applied.dateTo ?? "",
      type: applied.categoryId ?? "",
      status: applied.status ?? "",
      team: applied.teamId ?? "",
    },
    invalid,
    categories: categories.map((category) => ({ id: category.id, name: categoryName(t, category) })),
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
    rows: report.items,
    total: report.total,
    offset: report.offset,
    limit: report.limit,
    exportQuery: vacationFilterQuery(applied).toString(),
  };
}

export type VacationsTabData = Awaited<ReturnType<typeof loadVacationsTab>>;
