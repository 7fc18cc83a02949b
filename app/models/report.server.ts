// The reports (docs/decisions/0024-reports-and-csv.md), company admins only:
// - the year: every person's allowances, used and remaining, from ONE load of the company's
//   balance inputs (loadBalanceInputs, the same numbers as every other screen), filtered by team,
//   sorted by any column, with the two pictures' numbers (app/lib/report-charts.ts);
// - the vacations: every vacation in a date range by absence category, status and team.
// Each, and its CSV, in a fixed number of queries however many people or vacations.
import type { Prisma } from "~/generated/prisma/client";
import type { TFunction } from "i18next";
import { categoryName } from "~/components/absence-category-name";
import type { BalanceKind, Balances } from "~/lib/balances";
import type { ProrationExplanation } from "~/lib/proration";
import type { ApiReportRow } from "~/lib/schemas/api-responses";
import { labelsOf, toCsv, type CsvDialect } from "~/lib/csv";
import { compareNames, displayName } from "~/lib/people";
import { daysOffByMonth, mostDaysLeft, type DaysLeft, type MonthlyDaysOff } from "~/lib/report-charts";
import type { ReportSortKey, SortDirection } from "~/lib/report-params";
import { NO_TEAM_FILTER, type VacationFilters } from "~/lib/vacation-filters";
import { vacationWorkingDays, type LeaveUnit } from "~/lib/leave-charge";
import { chargedHours } from "~/lib/leave-request";
import { spanOfVacations, spanOfVacationsTouching } from "~/lib/holiday-spans";
import { getDb } from "~/utils/db.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { companyRefOf, loadBalanceInputs, loadHolidayCalendars, type HolidaySpan } from "./balance.server";
import { listTeams } from "./team.server";
import { chargedSources, readChargedSchedules, type ChargedSources } from "./charged-schedules.server";
import { loadScheduleTimelines } from "./work-schedule.server";
import { countVacations, readVacations, vacationFilterWhere } from "./vacation-list.server";
import { pageAndTotal } from "~/lib/paging";

export interface ReportRow {
  user: { id: string; name: string; email: string; role: string };
  team: { id: string; name: string } | null;
  balances: Balances;
  /** A joiner's or leaver's employed part of the leave year (decision 0080); null when employed all of it. */
  employed: { from: string | null; to: string | null } | null;
  /** Approved yearly days beyond the prorated allowance (a leaver who took more); 0 otherwise. */
  overdraft: number;
}

/** What a row says of pro-rata: the employed part, and approved days beyond the prorated allowance. */
function prorationFacts(proration: ProrationExplanation | null, balances: Balances): Pick<ReportRow, "employed" | "overdraft"> {
  if (!proration) return { employed: null, overdraft: 0 };
  return { employed: { from: proration.employedFrom, to: proration.employedTo }, overdraft: Math.max(0, balances.yearly.used - proration.total) };
}

/** One load of the year: everyone's balances (people deactivated during it too), their teams. */
async function loadYear(viewer: Viewer, year: number) {
  requireAdmin(viewer);
  const [inputs, teams] = await Promise.all([
    loadBalanceInputs(getDb(), companyRefOf(viewer), { fromYear: year, toYear: year, withRecentlyDeactivated: true }),
    listTeams(viewer),
  ]);
  const teamById = new Map(teams.map((team) => [team.id, team]));
  const rows: ReportRow[] = inputs.people.map((person) => {
    const balances = inputs.balancesOf(person.id, year);
    return {
      user: { id: person.id, name: displayName(person), email: person.email, role: person.role },
      team: (person.teamId && teamById.get(person.teamId)) || null,
      balances,
      ...prorationFacts(inputs.prorationOf(person.id, year), balances),
    };
  });
  return { inputs, teams, rows };
}

/** Company admins read everyone's balances of a year (the /api report), by name. */
export async function allowanceReport(viewer: Viewer, year: number): Promise<ReportRow[]> {
  return (await loadYear(viewer, year)).rows;
}

/** The viewer's own balances of a year (/api/users/me/allowances-summary). */
export async function ownBalances(viewer: Viewer, year: number): Promise<Balances> {
  const inputs = await loadBalanceInputs(getDb(), companyRefOf(viewer), { fromYear: year, toYear: year, userIds: [viewer.userId] });
  return inputs.balancesOf(viewer.userId, year);
}

/** The /api report row (spec section 3, camelCase as the spec names them). */
export function serializeReportRow({ user, team, balances, overdraft }: ReportRow): ApiReportRow {
  return {
    user,
    team,
    yearlyAllowance: balances.yearly.total,
    yearlyUsed: balances.yearly.used,
    yearlyPending: balances.yearly.pending,
    yearlyRemaining: balances.yearly.remaining,
    residualAllowance: balances.residual.total,
    residualUsed: balances.residual.used,
    residualPending: balances.residual.pending,
    residualRemaining: balances.residual.remaining,
    specialLeaveAllowance: balances.special.total,
    specialLeaveUsed: balances.special.used,
    specialLeavePending: balances.special.pending,
    specialLeaveRemaining: balances.special.remaining,
    yearlyOverdraft: overdraft,
    yearlyUnit: balances.yearly.unit ?? "day",
    residualUnit: balances.residual.unit ?? "day",
    specialLeaveUnit: balances.special.unit ?? "day",
  };
}

export interface YearReportQuery {
  year: number;
  /** A team id or NO_TEAM_FILTER; everyone when absent. */
  teamId?: string;
  sort: ReportSortKey;
  direction: SortDirection;
}

function sortValue(row: ReportRow, key: ReportSortKey): number | string | null {
  if (key === "name") return row.user.name;
  if (key === "team") return row.team?.name ?? null;
  const kind = key.startsWith("yearly") ? "yearly" : key.startsWith("residual") ? "residual" : "special";
  const figure = key.endsWith("Total") ? "total" : key.endsWith("Used") ? "used" : "remaining";
  return row.balances[kind][figure];
}

/** Sorted by one column; ties and people without a team (always last) by name. */
export function sortReportRows(rows: readonly ReportRow[], sort: ReportSortKey, direction: SortDirection): ReportRow[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const order = typeof x === "number" && typeof y === "number" ? x - y : compareNames(String(x), String(y));
      if (order !== 0) return sign * order;
    }
    return compareNames(a.user.name, b.user.name);
  });
}

function sumBalances(rows: readonly ReportRow[]): Balances {
  const sum = (kind: keyof Balances) =>
    rows.reduce(
      (total, row) => ({
        total: total.total + row.balances[kind].total,
        used: total.used + row.balances[kind].used,
        pending: total.pending + row.balances[kind].pending,
        remaining: total.remaining + row.balances[kind].remaining,
      }),
      { total: 0, used: 0, pending: 0, remaining: 0 },
    );
  return { yearly: sum("yearly"), residual: sum("residual"), special: sum("special") };
}

export interface YearReport {
  year: number;
  teams: { id: string; name: string }[];
  /** The team asked for is not one of the company's: nothing was filtered. */
  unknownTeam: boolean;
  /** The team filter's people, sorted. */
  rows: ReportRow[];
  totals: Balances;
  daysOff: MonthlyDaysOff;
  daysLeft: DaysLeft[];
  /** The unit each balance counts in (decision 0081): the table and the CSV name hours. */
  units: Record<BalanceKind, LeaveUnit>;
  /** The yearly allowance accrues (decision 0082). */
  accrues: boolean;
}

/** The reports screen's year: table, totals and both pictures, from one load of the year. */
export async function yearReport(viewer: Viewer, query: YearReportQuery): Promise<YearReport> {
  const { inputs, teams, rows } = await loadYear(viewer, query.year);
  // A team the company does not have (another company's, one deleted since) filters nothing: the
  // screen says so by its field.
  const unknownTeam = Boolean(query.teamId && query.teamId !== NO_TEAM_FILTER && !teams.some((team) => team.id === query.teamId));
  const teamId = unknownTeam ? undefined : query.teamId;
  const chosen = teamId ? rows.filter((row) => (teamId === NO_TEAM_FILTER ? row.team === null : row.team?.id === teamId)) : rows;
  const people = chosen.map((row) => ({ id: row.user.id, name: row.user.name, teamId: row.team?.id ?? null }));
  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  return {
    year: query.year,
    teams,
    unknownTeam,
    rows: sortReportRows(chosen, query.sort, query.direction),
    totals: sumBalances(chosen),
    daysOff: daysOffByMonth(query.year, people, teamNames, inputs.vacationsOf, inputs.calendarOf, inputs.countDaysOf, inputs.leaveYearStartMonth),
    daysLeft: mostDaysLeft(chosen.map((row, index) => ({ person: people[index], balances: row.balances }))),
    units: inputs.units,
    /** Whether the yearly allowance accrues (decision 0082): the CSV then has an "earned" column. */
    accrues: inputs.accrues,
  };
}

export interface CsvOptions {
  t: TFunction;
  dialect: CsvDialect;
}

/** The year table as CSV, pending days included (the table folds them into what remains). */
export async function allowanceReportCsv(viewer: Viewer, query: YearReportQuery, { t, dialect }: CsvOptions): Promise<string> {
  const report = await yearReport(viewer, query);
  const unitSuffix = (kind: BalanceKind) => (report.units[kind] === "hour" ? " (h)" : "");
  const kinds = [
    ["yearly", "reports.columns.yearly"],
    ["residual", "reports.columns.residual"],
    ["special", "reports.columns.special"],
  ] as const;
  const header = [
    t("export.name"),
    t("export.email"),
    t("reports.csv.role"),
    t("reports.columns.team"),
    // A balance in hours says so in its columns' names ("h", as every language here writes it).
    ...kinds.flatMap(([kind, label]) => ["total", "used", "pending", "remaining"].map((figure) => `${t(label)}${unitSuffix(kind)}: ${t(`reports.csv.${figure}`)}`)),
    `${t("reports.columns.yearly")}${unitSuffix("yearly")}: ${t("leaveYear.report.overdraft")}`,
    // Last, and only for a company whose yearly allowance accrues: every other company's file keeps its bytes.
    ...(report.accrues ? [`${t("reports.columns.yearly")}${unitSuffix("yearly")}: ${t("accrual.csv.earned")}`] : []),
  ];
  const role = labelsOf((value) => t(`roles.${value}`, { defaultValue: value }));
  const rows = report.rows.map((row) => [
    row.user.name,
    row.user.email,
    role(row.user.role),
    row.team?.name ?? "",
    ...kinds.flatMap(([kind]) => [row.balances[kind].total, row.balances[kind].used, row.balances[kind].pending, row.balances[kind].remaining]),
    row.overdraft,
    ...(report.accrues ? [row.balances.yearly.earned ?? 0] : []),
  ]);
  return toCsv(header, rows, dialect);
}

// ---------------------------------------------------------------------------------------------
// Vacations in a date range.

// The CSV has no use for the id: each string column of 15,000 rows costs SQLite and the driver a
// few milliseconds, against the 150 ms an admin should wait for a year of a 1,000-person company.
const vacationReportFields = {
  userId: true,
  categoryId: true,
  startDate: true,
  endDate: true,
  halfDayStart: true,
  halfDayEnd: true,
  status: true,
  description: true,
  // Null for requests in days: a few bytes a row (decision 0081).
  startTime: true,
  endTime: true,
  hoursPerDay: true,
} as const;

const vacationReportSelect = { id: true, ...vacationReportFields } as const;

type VacationReportFields = Prisma.VacationGetPayload<{ select: typeof vacationReportFields }>;

export interface VacationReportRow {
  id: string;
  person: { id: string; name: string; email: string };
  team: string | null;
  category: string;
  status: string;
  startDate: string;
  endDate: string;
  /** Null for a stored row whose dates cannot be counted. */
  workingDays: number | null;
  /** Set for a request of a category counting hours: the hours it is charged (decision 0081). */
  hours?: number | null;
  description: string;
}

/**
 * What describes vacations — the person's name and e-mail, their team, the absence category, the working
 * days — from four queries for any number of rows. `userIds` null: everyone in the company (an
 * export of every vacation, where naming a thousand ids costs more than reading them all).
 */
async function vacationDescriber(viewer: Viewer, t: TFunction, userIds: string[] | null, span: HolidaySpan) {
  const db = getDb();
  const [people, holidays, categories, teams, schedules] = await Promise.all([
    db.user.findMany({ where: { companyId: viewer.companyId, ...(userIds ? { id: { in: userIds } } : {}) }, select: { id: true, fullName: true, name: true, email: true, teamId: true, countryCode: true, region: true } }),
    loadHolidayCalendars(db, companyRefOf(viewer), span),
    db.absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true, unit: true } }),
    listTeams(viewer),
    loadScheduleTimelines(db, viewer.companyId, userIds ?? undefined),
  ]);
  const categoryNames = new Map(categories.map((category) => [category.id, categoryName(t, category)]));
  const hourCategories = new Set(categories.filter((category) => category.unit === "hour").map((category) => category.id));
  const teamName = new Map(teams.map((team) => [team.id, team.name]));
  // What is said of a person once per person, not once per vacation (an export has 15 per person).
  const personById = new Map(
    people.map((person) => [
      person.id,
      { name: displayName(person), email: person.email, team: person.teamId ? (teamName.get(person.teamId) ?? null) : null, calendar: holidays.calendarFor(person), countDays: schedules.countDaysOf(person.id), schedules: schedules.any ? schedules.timelineOf(person.id) : undefined },
    ]),
  );
  /** `charged`: the kept charges of the rows described (decision 0083); without, each person's schedules. */
  const describe = (vacation: VacationReportFields & { id: string }, charged?: ChargedSources) => {
    const person = personById.get(vacation.userId);
    const frozen = charged?.frozenOf(vacation);
    let workingDays: number | null = null;
    try {
      workingDays = person ? vacationWorkingDays(vacation, person.calendar, frozen ? charged!.countDaysOf(vacation) : person.countDays) : null;
    } catch {
      // A stored row with malformed dates shows a dash rather than breaking the report.
    }
    return {
      name: person ? person.name : vacation.userId,
      email: person?.email ?? "",
      team: person?.team ?? null,
      category: categoryNames.get(vacation.categoryId) ?? vacation.categoryId,
      workingDays,
      hours: hourCategories.has(vacation.categoryId) ? (person ? chargedHours(vacation, person.calendar, frozen ?? person.schedules) : null) : undefined,
    };
  };
  return Object.assign(describe, {
    anyInHours: hourCategories.size > 0,
    /** The kept charges of the rows `where` finds (one statement, only in a company that keeps schedules). */
    async chargesOf(where: Prisma.VacationWhereInput): Promise<ChargedSources> {
      return chargedSources(schedules, await readChargedSchedules(db, schedules, where));
    },
  });
}

async function describeVacationReport(viewer: Viewer, t: TFunction, vacations: (VacationReportFields & { id: string })[]): Promise<VacationReportRow[]> {
  const describe = await vacationDescriber(viewer, t, [...new Set(vacations.map((v) => v.userId))], spanOfVacations(vacations));
  const charged = await describe.chargesOf({ companyId: viewer.companyId, id: { in: vacations.map((vacation) => vacation.id) } });
  return vacations.map((vacation) => {
    const { name, email, team, category, workingDays, hours } = describe(vacation, charged);
    return {
      id: vacation.id,
      person: { id: vacation.userId, name, email },
      team,
      category,
      status: vacation.status,
      startDate: vacation.startDate,
      endDate: vacation.endDate,
      workingDays,
      ...(hours !== undefined ? { hours } : {}),
      description: vacation.description,
    };
  });
}

/** A page of the vacations under the filters, in date order (a report reads forward in time). */
export async function vacationReport(viewer: Viewer, filters: VacationFilters, paging: { offset: number; limit: number }, t: TFunction) {
  requireAdmin(viewer);
  const where = vacationFilterWhere(viewer, { ...filters, userId: undefined });
  const { items, total } = await pageAndTotal(
    paging,
    () => readVacations(vacationReportSelect, where, { order: "oldest", page: paging }),
    () => countVacations(where),
  );
  return { items: await describeVacationReport(viewer, t, items), total, offset: paging.offset, limit: paging.limit };
}

/** The most vacations one CSV holds (a company's century). */
export const MAX_VACATION_REPORT_ROWS = 100_000;

/** Every vacation under the filters as CSV, with the person's team and its working days. */
export async function vacationReportCsv(viewer: Viewer, filters: VacationFilters, { t, dialect }: CsvOptions): Promise<string> {
  requireAdmin(viewer);
  const where = vacationFilterWhere(viewer, { ...filters, userId: undefined });
  const [vacations, describe] = await Promise.all([
    readVacations(vacationReportSelect, where, { order: "oldest", page: { offset: 0, limit: MAX_VACATION_REPORT_ROWS } }),
    // Read alongside the vacations, so from the filters' dates: any vacation they find touches them.
    vacationDescriber(viewer, t, null, filters.dateFrom && filters.dateTo ? spanOfVacationsTouching(filters.dateFrom, filters.dateTo) : null),
  ]);
  // The kept charges of the same rows, by the same filters (decision 0083).
  const charged = await describe.chargesOf(where);
  // A company with an hour category gets a last column of hours (empty for requests in days); the
  // others' files keep their columns.
  const inHours = describe.anyInHours;
  const header = [t("export.name"), t("export.email"), t("reports.columns.team"), t("export.type"), t("export.status"), t("export.start"), t("export.end"), t("export.workingDays"), t("export.description"), ...(inHours ? [t("hours.csvColumn")] : [])];
  const status = labelsOf((value) => t(`export.statuses.${value}`, { defaultValue: value }));
  return toCsv(
    header,
    vacations.map((vacation) => {
      const { name, email, team, category, workingDays, hours } = describe(vacation, charged);
      const row = [name, email, team ?? "", category, status(vacation.status), vacation.startDate, vacation.endDate, workingDays, vacation.description];
      if (inHours) row.push(hours ?? "");
      return row;
    }),
    dialect,
  );
}
