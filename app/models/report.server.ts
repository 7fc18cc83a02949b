// The reports (docs/decisions/0024-reports-and-csv.md), company admins only:
// - the year: every person's allowances, used and remaining, from the company's balance inputs
//   (loadBalanceInputs, the same numbers as every other screen) read PEOPLE_PER_READ people at a
//   time, filtered by team, sorted by any column, with the two pictures' numbers (app/lib/report-charts.ts);
// - the vacations: every vacation in a date range by absence category, status and team.
// Each in a fixed number of queries per read of people or of vacations (decision 0102).
import type { Prisma } from "~/generated/prisma/client";
import type { TFunction } from "i18next";
import { categoryName } from "~/components/absence-category-name";
import type { BalanceKind, Balances } from "~/lib/balances";
import type { ProrationExplanation } from "~/lib/proration";
import type { ApiReportRow } from "~/lib/schemas/api-responses";
import { csvLines, labelsOf, type CsvDialect } from "~/lib/csv";
import { compareNames, displayName } from "~/lib/people";
import { daysOffTally, mostDaysLeft, type ChartPerson, type DaysLeft, type DaysOffTally, type MonthlyDaysOff } from "~/lib/report-charts";
import type { ReportSortKey, SortDirection } from "~/lib/report-params";
import { NO_TEAM_FILTER, type VacationFilters } from "~/lib/vacation-filters";
import { vacationWorkingDays, type LeaveUnit } from "~/lib/leave-charge";
import { chargedHours } from "~/lib/leave-request";
import { spanOfVacations, spanOfVacationsTouching } from "~/lib/holiday-spans";
import { getDb } from "~/utils/db.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { companyRefOf, loadBalanceInputs, loadHolidayCalendars, readYearPeople, type BalancePerson, type HolidaySpan } from "./balance.server";
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

/** The balance inputs of a year for `people` (readYearPeople's), the recently deactivated too. */
function loadYearInputs(viewer: Viewer, year: number, people: readonly BalancePerson[]) {
  return loadBalanceInputs(getDb(), companyRefOf(viewer), { fromYear: year, toYear: year, withRecentlyDeactivated: true, userIds: people.map((person) => person.id), people });
}

type YearInputs = Awaited<ReturnType<typeof loadYearInputs>>;

/** A row per person the inputs hold, in their order. */
function reportRowsOf(inputs: YearInputs, year: number, teamById: Map<string, { id: string; name: string }>): ReportRow[] {
  return inputs.people.map((person) => {
    const balances = inputs.balancesOf(person.id, year);
    return {
      user: { id: person.id, name: displayName(person), email: person.email, role: person.role },
      team: (person.teamId && teamById.get(person.teamId)) || null,
      balances,
      ...prorationFacts(inputs.prorationOf(person.id, year), balances),
    };
  });
}

/**
 * People per read of the year (decision 0102): the screen, the API and the CSV read the balance
 * inputs (allowances, vacations, carry-overs) of this many people at a time and let each read go
 * before the next, so memory stays flat however many people.
 */
export const PEOPLE_PER_READ = 500;

/**
 * The year's reads: its people (readYearPeople, no balance yet) under the team filter, in the
 * order asked for (by name or team; otherwise the people's own, by name as stored), cut into reads
 * of `peoplePerRead`. `read` loads one read's inputs and its rows in that order; the people are
 * not read again.
 */
async function planYearReads(viewer: Viewer, query: { year: number; teamId?: string; order?: ReportSortKey; direction?: SortDirection }, peoplePerRead: number) {
  requireAdmin(viewer);
  const [people, teams] = await Promise.all([readYearPeople(getDb(), companyRefOf(viewer), query.year), listTeams(viewer)]);
  const teamById = new Map(teams.map((team) => [team.id, team]));
  // A team the company does not have (another company's, one deleted since) filters nothing: the
  // screen says so by its field.
  const { unknownTeam, chosen } = teamFilter(query.teamId, teams);
  const listed = people.map((person) => ({ person, user: { name: displayName(person) }, team: (person.teamId && teamById.get(person.teamId)) || null })).filter(chosen);
  const ordered = query.order && orderedWithoutBalances(query.order) ? sortReportRows(listed, query.order, query.direction ?? "asc") : listed;
  const reads: BalancePerson[][] = [];
  for (let i = 0; i < ordered.length; i += peoplePerRead) reads.push(ordered.slice(i, i + peoplePerRead).map((row) => row.person));
  // No one chosen: one read of no one still gives the units and the accrual.
  if (!reads.length) reads.push([]);
  return {
    teams,
    unknownTeam,
    reads,
    async read(people: readonly BalancePerson[]) {
      const inputs = await loadYearInputs(viewer, query.year, people);
      return { inputs, rows: reportRowsOf(inputs, query.year, teamById) };
    },
  };
}

/** How many people a read of the year holds; tests read across a boundary with a few. */
export interface YearReadOptions {
  peoplePerRead?: number;
}

/** Company admins read everyone's balances of a year (the /api report), by name. */
export async function allowanceReport(viewer: Viewer, year: number, { peoplePerRead = PEOPLE_PER_READ }: YearReadOptions = {}): Promise<ReportRow[]> {
  const plan = await planYearReads(viewer, { year }, peoplePerRead);
  const rows: ReportRow[] = [];
  for (const people of plan.reads) rows.push(...(await plan.read(people)).rows);
  return rows;
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

/** What sorting needs of a row: a name and a team, and its balances for the other columns. */
type SortableRow = { user: { name: string }; team: { name: string } | null; balances?: Balances };

/** Columns whose order is known before any balance is read (the year CSV's pages follow it). */
const orderedWithoutBalances = (key: ReportSortKey) => key === "name" || key === "team";

function sortValue(row: SortableRow, key: ReportSortKey): number | string | null {
  if (key === "name") return row.user.name;
  if (key === "team") return row.team?.name ?? null;
  if (!row.balances) return null;
  const kind = key.startsWith("yearly") ? "yearly" : key.startsWith("residual") ? "residual" : "special";
  const figure = key.endsWith("Total") ? "total" : key.endsWith("Used") ? "used" : "remaining";
  return row.balances[kind][figure];
}

/** Sorted by one column; ties and people without a team (always last) by name. */
export function sortReportRows<Row extends SortableRow>(rows: readonly Row[], sort: ReportSortKey, direction: SortDirection): Row[] {
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

/** The year's team filter: a team, people without one (NO_TEAM_FILTER), or everyone. */
function teamFilter(teamId: string | undefined, teams: readonly { id: string }[]) {
  const unknownTeam = Boolean(teamId && teamId !== NO_TEAM_FILTER && !teams.some((team) => team.id === teamId));
  const wanted = unknownTeam ? undefined : teamId;
  const chosen = (row: { team: { id: string } | null }) => !wanted || (wanted === NO_TEAM_FILTER ? row.team === null : row.team?.id === wanted);
  return { unknownTeam, chosen };
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

/**
 * The reports screen's year: table, totals and both pictures, built read by read (decision 0102):
 * each read's rows are kept (a few hundred bytes each, for sorting by any column), its days off
 * tallied and its inputs let go before the next read.
 */
export async function yearReport(viewer: Viewer, query: YearReportQuery, { peoplePerRead = PEOPLE_PER_READ }: YearReadOptions = {}): Promise<YearReport> {
  // Read in the people's own order, whatever the sort: the sums add up in the order they always did.
  const plan = await planYearReads(viewer, { year: query.year, teamId: query.teamId }, peoplePerRead);
  const teamNames = new Map(plan.teams.map((team) => [team.id, team.name]));
  const rows: ReportRow[] = [];
  let daysOff: DaysOffTally | null = null;
  let facts: Pick<YearInputs, "units" | "accrues"> | null = null;
  for (const people of plan.reads) {
    const { inputs, rows: read } = await plan.read(people);
    daysOff ??= daysOffTally(query.year, teamNames, inputs.leaveYearStartMonth);
    daysOff.add(read.map(chartPerson), inputs.vacationsOf, inputs.calendarOf, inputs.countDaysOf);
    rows.push(...read);
    facts = { units: inputs.units, accrues: inputs.accrues };
  }
  return {
    year: query.year,
    teams: plan.teams,
    unknownTeam: plan.unknownTeam,
    rows: sortReportRows(rows, query.sort, query.direction),
    totals: sumBalances(rows),
    daysOff: daysOff!.result(),
    daysLeft: mostDaysLeft(rows.map((row) => ({ person: chartPerson(row), balances: row.balances }))),
    units: facts!.units,
    /** Whether the yearly allowance accrues (decision 0082): the CSV then has an "earned" column. */
    accrues: facts!.accrues,
  };
}

const chartPerson = (row: ReportRow): ChartPerson => ({ id: row.user.id, name: row.user.name, teamId: row.team?.id ?? null });

export interface CsvOptions {
  t: TFunction;
  dialect: CsvDialect;
}

/** The year table as CSV, pending days included (the table folds them into what remains). */
export async function allowanceReportCsv(viewer: Viewer, query: YearReportQuery, options: CsvOptions): Promise<string> {
  let text = "";
  for await (const part of allowanceReportCsvParts(viewer, query, options)) text += part;
  return text;
}

/**
 * The year CSV a part at a time: the header with the first PEOPLE_PER_READ people, then the
 * next. Sorted by name or team, the order is known from the people alone and each read is written
 * at once; sorted by a balance, the rows (not the inputs they came from) are kept until the last read.
 */
export async function* allowanceReportCsvParts(viewer: Viewer, query: YearReportQuery, { t, dialect }: CsvOptions): AsyncGenerator<string> {
  const plan = await planYearReads(viewer, { year: query.year, teamId: query.teamId, order: query.sort, direction: query.direction }, PEOPLE_PER_READ);
  const role = labelsOf((value) => t(`roles.${value}`, { defaultValue: value }));
  let header: ((inputs: YearInputs) => string) | null = (inputs) => allowanceCsvHeader(t, inputs, dialect);
  const held: ReportRow[] = [];
  let accrues = false;
  for (const people of plan.reads) {
    const { inputs, rows } = await plan.read(people);
    accrues = inputs.accrues;
    const head = header ? header(inputs) : "";
    header = null;
    if (orderedWithoutBalances(query.sort)) yield head + csvLines(rows.map((row) => allowanceCsvRow(row, accrues, role)), dialect);
    else {
      if (head) yield head;
      held.push(...rows);
    }
  }
  const sorted = sortReportRows(held, query.sort, query.direction);
  for (let i = 0; i < sorted.length; i += PEOPLE_PER_READ) {
    yield csvLines(sorted.slice(i, i + PEOPLE_PER_READ).map((row) => allowanceCsvRow(row, accrues, role)), dialect);
  }
}

const BALANCE_KINDS = [
  ["yearly", "reports.columns.yearly"],
  ["residual", "reports.columns.residual"],
  ["special", "reports.columns.special"],
] as const;

function allowanceCsvHeader(t: TFunction, { units, accrues }: { units: Record<BalanceKind, LeaveUnit>; accrues: boolean }, dialect: CsvDialect): string {
  const unitSuffix = (kind: BalanceKind) => (units[kind] === "hour" ? " (h)" : "");
  return csvLines(
    [
      [
        t("export.name"),
        t("export.email"),
        t("reports.csv.role"),
        t("reports.columns.team"),
        // A balance in hours says so in its columns' names ("h", as every language here writes it).
        ...BALANCE_KINDS.flatMap(([kind, label]) => ["total", "used", "pending", "remaining"].map((figure) => `${t(label)}${unitSuffix(kind)}: ${t(`reports.csv.${figure}`)}`)),
        `${t("reports.columns.yearly")}${unitSuffix("yearly")}: ${t("leaveYear.report.overdraft")}`,
        // Last, and only for a company whose yearly allowance accrues: every other company's file keeps its bytes.
        ...(accrues ? [`${t("reports.columns.yearly")}${unitSuffix("yearly")}: ${t("accrual.csv.earned")}`] : []),
      ],
    ],
    dialect,
  );
}

function allowanceCsvRow(row: ReportRow, accrues: boolean, role: (value: string) => string): unknown[] {
  return [
    row.user.name,
    row.user.email,
    role(row.user.role),
    row.team?.name ?? "",
    ...BALANCE_KINDS.flatMap(([kind]) => [row.balances[kind].total, row.balances[kind].used, row.balances[kind].pending, row.balances[kind].remaining]),
    row.overdraft,
    ...(accrues ? [row.balances.yearly.earned ?? 0] : []),
  ];
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

/** Vacations per read of the absences CSV (decision 0102): each read is described, written and let go. */
export const CSV_VACATIONS_PER_READ = 2_000;

/** Every vacation under the filters as CSV, with the person's team and its working days. */
export async function vacationReportCsv(viewer: Viewer, filters: VacationFilters, options: CsvOptions): Promise<string> {
  let text = "";
  for await (const part of vacationReportCsvParts(viewer, filters, options)) text += part;
  return text;
}

/**
 * The absences CSV a part at a time, in date order: the header with the first CSV_VACATIONS_PER_READ
 * vacations, then the next, each read starting after the last one written (by start date, creation
 * and id, the list's own order), so a read costs the same at the file's end as at its start.
 */
export async function* vacationReportCsvParts(viewer: Viewer, filters: VacationFilters, { t, dialect }: CsvOptions): AsyncGenerator<string> {
  requireAdmin(viewer);
  const where = vacationFilterWhere(viewer, { ...filters, userId: undefined });
  const readAfter = (last: { startDate: string; createdAt: Date; id: string } | null, limit: number) =>
    readVacations({ ...vacationReportSelect, createdAt: true }, last ? { AND: [where, after(last)] } : where, { order: "oldest", page: { offset: 0, limit } });
  const [first, describe] = await Promise.all([
    readAfter(null, Math.min(CSV_VACATIONS_PER_READ, MAX_VACATION_REPORT_ROWS)),
    // Read alongside the vacations, so from the filters' dates: any vacation they find touches them.
    vacationDescriber(viewer, t, null, filters.dateFrom && filters.dateTo ? spanOfVacationsTouching(filters.dateFrom, filters.dateTo) : null),
  ]);
  // A company with an hour category gets a last column of hours (empty for requests in days); the
  // others' files keep their columns.
  const inHours = describe.anyInHours;
  const header = [t("export.name"), t("export.email"), t("reports.columns.team"), t("export.type"), t("export.status"), t("export.start"), t("export.end"), t("export.workingDays"), t("export.description"), ...(inHours ? [t("hours.csvColumn")] : [])];
  const status = labelsOf((value) => t(`export.statuses.${value}`, { defaultValue: value }));
  const linesOf = async (vacations: typeof first) => {
    // The kept charges of the same rows (decision 0083).
    const charged = await describe.chargesOf({ companyId: viewer.companyId, id: { in: vacations.map((vacation) => vacation.id) } });
    return csvLines(
      vacations.map((vacation) => {
        const { name, email, team, category, workingDays, hours } = describe(vacation, charged);
        const row = [name, email, team ?? "", category, status(vacation.status), vacation.startDate, vacation.endDate, workingDays, vacation.description];
        if (inHours) row.push(hours ?? "");
        return row;
      }),
      dialect,
    );
  };
  let page = first;
  let written = page.length;
  yield csvLines([header], dialect) + (page.length ? await linesOf(page) : "");
  while (page.length === CSV_VACATIONS_PER_READ && written < MAX_VACATION_REPORT_ROWS) {
    page = await readAfter(page[page.length - 1], Math.min(CSV_VACATIONS_PER_READ, MAX_VACATION_REPORT_ROWS - written));
    written += page.length;
    if (page.length) yield await linesOf(page);
  }
}

/** The vacations after `last` in the "oldest" order (start date, creation, id): a keyset, not an offset. */
function after(last: { startDate: string; createdAt: Date; id: string }): Prisma.VacationWhereInput {
  return {
    OR: [
      { startDate: { gt: last.startDate } },
      { startDate: last.startDate, createdAt: { gt: last.createdAt } },
      { startDate: last.startDate, createdAt: last.createdAt, id: { gt: last.id } },
    ],
  };
}
