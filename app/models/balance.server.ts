// The one place a person's balance inputs are assembled: their allowance of the year, their
// vacations, the categories and the holidays of their country and region. My Calendar, the request
// check, the e-mail decision page, the report and /api allowances-summary all read them from here,
// so the same person shows the same balance everywhere. A fixed number of queries however many
// people or vacations.
import type { Prisma } from "~/generated/prisma/client";
import { balanceUnits, computeBalances, scheduleHourCounter, statusEffect, type Balances, type BalanceShortfall, type CarriedResidual, type HourCounter, type YearlyAccrual } from "~/lib/balances";
import { parseLeaveUnit } from "~/lib/leave-charge";
import { todayIn, type IsoDate } from "~/lib/dates";
import { leaveYear, leaveYearOf } from "~/lib/leave-year";
import { accrualLimit, accrue, parseRoundingRule, prorateAllowance, type AccrualExplanation, type ProrationExplanation, type RoundingRule } from "~/lib/proration";
import { yearlyAccrues } from "~/lib/absence-categories";
import { buildHolidayIndex, holidayCalendarFor, type DateRange, type HolidayCalendar, type HolidayPerson } from "~/lib/working-days";
import { spanOfVacationsTouching } from "~/lib/holiday-spans";
import { scheduleTimeline, type ScheduleSource, type ScheduleTimeline } from "~/lib/work-schedule";
import type { DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { readCategoryListing } from "./absence-category.server";
import { effectiveAllowance, type AllowanceRow } from "./allowance.server";
import { readVacations } from "./vacation-list.server";
import { chargedSources, readChargedSchedules, type ChargedSources } from "./charged-schedules.server";
import { loadScheduleTimelines } from "./work-schedule.server";

/** What holiday and balance reads need of a company, read already. */
export interface CompanyFacts {
  readonly id: string;
  readonly countryCode: string;
  readonly timeZone: string;
  /** Balance reads need these two (decision 0080); holiday reads do not. */
  readonly leaveYearStartMonth?: number;
  readonly allowanceRounding?: string;
  /** Accrual's booking ahead (decision 0082). */
  readonly accrualBookingAhead?: boolean;
}

/** What holiday reads need of a company: its id, or its id with the facts read already. */
export type CompanyRef = string | CompanyFacts;

/**
 * The viewer's company for holiday and balance reads: with its country, time zone and leave-year
 * settings when they came with the signed-in person (one statement less per page), else its id.
 * Writes in a transaction pass the id, so that they read the company inside it.
 */
export function companyRefOf(viewer: Viewer): CompanyRef {
  if (viewer.companyCountryCode === undefined) return viewer.companyId;
  return {
    id: viewer.companyId,
    countryCode: viewer.companyCountryCode,
    timeZone: viewer.timeZone,
    leaveYearStartMonth: viewer.companyLeaveYearStartMonth,
    allowanceRounding: viewer.companyAllowanceRounding,
    accrualBookingAhead: viewer.companyAccrualBookingAhead,
  };
}

/**
 * The leave year holding today in the company's time zone (decision 0080): the "current year" of
 * every year switcher and of the API's year parameters, which stay the calendar year it starts in.
 */
export function currentLeaveYear(viewer: Pick<Viewer, "timeZone" | "companyLeaveYearStartMonth">, now?: Date): number {
  return leaveYearOf(todayIn(viewer.timeZone, now), viewer.companyLeaveYearStartMonth ?? 1).year;
}

const companyFactsSelect = { id: true, countryCode: true, timeZone: true, leaveYearStartMonth: true, allowanceRounding: true, accrualBookingAhead: true } as const;

/** The company's facts a balance read needs: the ones given, else read (the same one statement holiday reads made). */
async function companyFactsOf(db: DbClient, company: CompanyRef): Promise<Required<CompanyFacts>> {
  if (typeof company !== "string" && company.leaveYearStartMonth !== undefined && company.allowanceRounding !== undefined && company.accrualBookingAhead !== undefined) {
    return company as Required<CompanyFacts>;
  }
  return db.company.findUniqueOrThrow({ where: { id: companyIdOf(company) }, select: companyFactsSelect });
}

export const balanceVacationSelect = {
  id: true,
  userId: true,
  categoryId: true,
  startDate: true,
  endDate: true,
  halfDayStart: true,
  halfDayEnd: true,
  status: true,
} as const;

type BalanceVacationRow = Prisma.VacationGetPayload<{ select: typeof balanceVacationSelect }> & HourFields & { chargedWith?: ScheduleSource };

const hourColumns = { startTime: true, endTime: true, hoursPerDay: true } as const;
type HourFields = Partial<Prisma.VacationGetPayload<{ select: typeof hourColumns }>>;

/**
 * The vacations with the hour fields of those of an hour category (decision 0081). The balance's
 * read takes its columns from the absences' covering index, which holds no hour field: only a
 * company with an hour category reads them, in one more query for just the rows made by time or
 * hours a day (the others are whole and half days, charged from the index's columns).
 */
async function withHourFields(
  db: DbClient,
  rows: readonly BalanceVacationRow[],
  hourCategoryIds: readonly string[],
  where: Prisma.VacationWhereInput,
): Promise<readonly BalanceVacationRow[]> {
  if (hourCategoryIds.length === 0 || rows.length === 0 || rows.every((row) => "startTime" in row)) return rows;
  const hourRows = await db.vacation.findMany({
    where: { ...where, categoryId: { in: [...hourCategoryIds] }, OR: [{ startTime: { not: null } }, { hoursPerDay: { not: null } }] },
    select: { id: true, ...hourColumns },
  });
  if (hourRows.length === 0) return rows;
  const byId = new Map(hourRows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const hours = byId.get(row.id);
    return hours ? { ...row, startTime: hours.startTime, endTime: hours.endTime, hoursPerDay: hours.hoursPerDay } : row;
  });
}

/** The rows whose charge was made with other schedules than their person's today carry them (chargedWith). */
function withChargedSchedules(rows: readonly BalanceVacationRow[], charged: ChargedSources): readonly BalanceVacationRow[] {
  return rows.map((row) => {
    const frozen = charged.frozenOf(row);
    return frozen ? { ...row, chargedWith: frozen } : row;
  });
}

// Rejected and cancelled vacations count nothing in any balance, clash or explanation (statusEffect
// "none"): not reading them spares a report of 1,000 people a fifth of its rows.
const UNCOUNTED_STATUSES = ["rejected", "cancelled"];

const companyIdOf = (company: CompanyRef) => (typeof company === "string" ? company : company.id);

export const balancePersonSelect = {
  id: true,
  email: true,
  fullName: true,
  name: true,
  role: true,
  teamId: true,
  countryCode: true,
  region: true,
  // Pro-rata for joiners and leavers (decision 0080).
  firstDay: true,
  lastDay: true,
} as const;

const allowanceColumns = { userId: true, year: true, yearly: true, residual: true, specialLeave: true } as const;
const carryOverColumns = { userId: true, fromYear: true, days: true, expiresOn: true } as const;

export type BalancePerson = Prisma.UserGetPayload<{ select: typeof balancePersonSelect }>;

/** `{ in: ids }` for the people asked for, or no condition when every one of the company's is. */
const idsIn = (ids: readonly string[] | undefined) => (ids ? { in: [...ids] } : undefined);

/** The company's people, with those deactivated since a date when asked (readBalancePeople's rule). */
export function balancePeopleWhere(companyId: string, deactivated: "excluded" | "included" | { since: Date }): Prisma.UserWhereInput {
  const stillThere: Prisma.UserWhereInput =
    deactivated === "excluded" ? { deactivatedAt: null } : deactivated === "included" ? {} : { OR: [{ deactivatedAt: null }, { deactivatedAt: { gte: deactivated.since } }] };
  return { companyId, ...stillThere };
}

/**
 * The company's people (of `userIds` when given) with balancePersonSelect's columns, by name:
 * the active ones, and of the deactivated none, all, or those deactivated on or after a moment.
 */
export function readBalancePeople(
  db: DbClient,
  companyId: string,
  { userIds, deactivated, teamId }: { userIds?: readonly string[]; deactivated: "excluded" | "included" | { since: Date }; teamId?: string },
): Promise<BalancePerson[]> {
  return db.user.findMany({
    where: { ...balancePeopleWhere(companyId, deactivated), id: idsIn(userIds), ...(teamId ? { teamId } : {}) },
    select: balancePersonSelect,
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
}

export interface BalanceScope {
  /** Leave years: the calendar year each starts in (the company's leave-year start month, decision 0080). */
  fromYear: number;
  toYear: number;
  /** The people to load; all of the company's when absent. */
  userIds?: readonly string[];
  /**
   * Also people deactivated on or after 1 January of `fromYear`: their vacations of that time stay
   * in reports (docs/decisions/0014-user-deactivation.md). Otherwise only active people.
   */
  withRecentlyDeactivated?: boolean;
  /** Today, when not the company's (tests, jobs): carried residual days lapse after their expiry. */
  today?: IsoDate;
  /**
   * The scope's vacations, when the caller reads them anyway (My Calendar lists the year's): every
   * vacation of `userIds` touching fromYear–toYear, of any status, oldest first. Read once, not twice.
   */
  vacations?: Promise<readonly BalanceVacationRow[]>;
  /**
   * The scope's people, when the caller has read them already with balancePersonSelect (the year
   * report reads them to cut them into reads): `userIds` of them, read as this read would.
   */
  people?: readonly BalancePerson[];
}

/**
 * The dates a caller counts working days in (each holiday on a date outside them is not read), or
 * null for any date (an export of vacations of every year). A company may keep decades of imported
 * calendars: a page reads the few dozen holidays around its own dates, not all of them.
 */
export type HolidaySpan = DateRange | null;

const holidayColumns = { date: true, name: true, countryCode: true, region: true, isRecurring: true } as const;

/**
 * The company's holidays within `span` (recurring ones always: they fall on every year), and each
 * person's calendar from them (their work country and region, else the company's country): one
 * query for any number of people, two when only the company's id is given. A calendar answers
 * only for dates within `span`.
 */
export async function loadHolidayCalendars(db: DbClient, company: CompanyRef, span: HolidaySpan) {
  const companyId = companyIdOf(company);
  // Each side of the OR names the company and the kind, so both engines read it through the index
  // (companyId, isRecurring, date): the recurring rows, then one date range of the others.
  const where: Prisma.HolidayWhereInput = span
    ? { OR: [{ companyId, isRecurring: true }, { companyId, isRecurring: false, date: { gte: span.startDate, lte: span.endDate } }] }
    : { companyId };
  const [{ countryCode, timeZone }, holidayRows] = await Promise.all([
    typeof company === "string" ? db.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true, timeZone: true } }) : company,
    db.holiday.findMany({ where, select: holidayColumns }),
  ]);
  const index = buildHolidayIndex(holidayRows);
  // The index keeps one calendar per country and region, so this is cheap per person.
  const calendarFor = (person: HolidayPerson): HolidayCalendar => holidayCalendarFor(index, person, countryCode);
  return { companyCountryCode: countryCode, companyTimeZone: timeZone, holidayRows, calendarFor, span };
}

/** The vacations the balances of these dates count: those touching them, neither rejected nor cancelled. */
function countedVacations(companyId: string, userIds: readonly string[] | undefined, span: DateRange): Prisma.VacationWhereInput {
  return {
    companyId,
    endDate: { gte: span.startDate },
    startDate: { lte: span.endDate },
    status: { notIn: UNCOUNTED_STATUSES },
    userId: idsIn(userIds),
  };
}

/** The dates of leave years `fromYear`–`toYear` of a company whose leave year starts in `startMonth`. */
export function leaveYearSpan(fromYear: number, toYear: number, startMonth: number): DateRange {
  return { startDate: leaveYear(fromYear, startMonth).firstDay, endDate: leaveYear(toYear, startMonth).lastDay };
}

/**
 * The people loadBalanceInputs reads for one leave year with its recently deactivated (a report's
 * people), without anything of their balances: what the year CSV pages through (decision 0102).
 */
export async function readYearPeople(db: DbClient, companyRef: CompanyRef, year: number): Promise<BalancePerson[]> {
  const company = await companyFactsOf(db, companyRef);
  const span = leaveYearSpan(year, year, company.leaveYearStartMonth);
  return readBalancePeople(db, company.id, { deactivated: { since: new Date(`${span.startDate}T00:00:00Z`) } });
}

export async function loadBalanceInputs(db: DbClient, companyRef: CompanyRef, scope: BalanceScope) {
  // The leave year bounds every read below; a company given by id is read first, in the one
  // statement the holiday read would have made.
  const company = await companyFactsOf(db, companyRef);
  const companyId = company.id;
  const { fromYear, toYear, userIds } = scope;
  const leaveYearStartMonth = company.leaveYearStartMonth;
  const rounding: RoundingRule = parseRoundingRule(company.allowanceRounding);
  const span = leaveYearSpan(fromYear, toYear, leaveYearStartMonth);
  const [holidays, people, categories, allowances, dayVacations, carryOvers, schedules] = await Promise.all([
    // The vacations read below touch the years asked for; every day of them lies within this span.
    loadHolidayCalendars(db, company, spanOfVacationsTouching(span.startDate, span.endDate)),
    scope.people ??
      readBalancePeople(db, companyId, {
        userIds,
        deactivated: scope.withRecentlyDeactivated ? { since: new Date(`${span.startDate}T00:00:00Z`) } : "excluded",
      }),
    readCategoryListing(db, companyId, { activeOnly: false }),
    // Every earlier year too: a year without a row carries the last yearly allowance.
    db.allowance.findMany({ where: { companyId, year: { lte: toYear }, userId: idsIn(userIds) }, select: allowanceColumns }),
    scope.vacations
      ? scope.vacations.then((rows) => rows.filter((row) => statusEffect(row.status) !== "none"))
      : readVacations(balanceVacationSelect, countedVacations(companyId, userIds, span), { order: "oldest", db }),
    // Days carried into the years asked for; a reverted carry-over no longer counts.
    db.carryOver.findMany({
      where: { companyId, userId: idsIn(userIds), revertedAt: null, fromYear: { gte: fromYear - 1, lte: toYear - 1 } },
      select: carryOverColumns,
    }),
    // The company default's rows and the people's: one query however many people (decision 0077).
    loadScheduleTimelines(db, companyId, userIds),
  ]);
  const hourCategoryIds = categories.filter((category) => parseLeaveUnit(category.unit) === "hour").map((category) => category.id);
  const counted = countedVacations(companyId, userIds, span);
  // The hour fields and the charged schedules (decision 0083) each cost a query only in a company
  // that has hour types or keeps schedules; both read apart from the covering index.
  const [hourVacations, storedCharges] = await Promise.all([
    withHourFields(db, dayVacations, hourCategoryIds, counted),
    dayVacations.some((row) => statusEffect(row.status) !== "none") ? readChargedSchedules(db, schedules, counted) : new Map<string, string>(),
  ]);
  const charged = chargedSources(schedules, storedCharges);
  const vacations = storedCharges.size ? withChargedSchedules(hourVacations, charged) : hourVacations;
  /** The unit each balance counts in (decision 0081): its allowance figures are in it too. */
  const units = balanceUnits(categories);
  const today = scope.today ?? todayIn(holidays.companyTimeZone);
  const allowancesByUser = groupBy(allowances, (row) => row.userId);
  const vacationsByUser = groupBy(vacations, (row) => row.userId);
  const peopleById = new Map(people.map((person) => [person.id, person]));
  const calendarOf = (userId: string): HolidayCalendar => holidays.calendarFor(peopleById.get(userId) ?? {});
  const setAllowanceOf = (userId: string, year: number): AllowanceRow | null => effectiveAllowance(allowancesByUser.get(userId) ?? [], year);
  const vacationsOf = (userId: string) => vacationsByUser.get(userId) ?? [];
  const carriedByUser = groupBy(
    carryOvers.map((row): CarriedResidual & { userId: string } => ({ userId: row.userId, year: row.fromYear + 1, days: row.days, expiresOn: row.expiresOn })),
    (row) => row.userId,
  );
  /** The residual days carried into each year of the scope (none for most people and years). */
  const carriedOf = (userId: string): CarriedResidual[] => carriedByUser.get(userId) ?? [];
  // A company without schedules counts Monday–Friday through the arithmetic it always used.
  const schedulesOf = (userId: string): ScheduleSource | undefined => (schedules.any ? schedules.timelineOf(userId) : undefined);
  const countDaysOf = schedules.countDaysOf;
  const hourCounters = new Map<ScheduleSource | undefined, HourCounter>();
  /** How a person's hours are counted, for balances in hours; people on one timeline share a counter. */
  const countHoursOf = (userId: string): HourCounter => {
    const timeline = schedulesOf(userId);
    let counter = hourCounters.get(timeline);
    if (!counter) hourCounters.set(timeline, (counter = scheduleHourCounter(timeline)));
    return counter;
  };
  // Pro-rata needs a timeline even in a company without schedules: Monday–Friday's.
  const mondayToFriday = scheduleTimeline();
  const prorations = new Map<string, ProrationExplanation | null>();
  /**
   * The yearly allowance of a person employed only part of the leave year (a joiner's first day
   * or a leaver's last day inside it), by scheduled working days and the company's rounding;
   * null when employed the whole year or no yearly allowance is set (decision 0080).
   */
  const prorationOf = (userId: string, year: number): ProrationExplanation | null => {
    const key = `${userId}:${year}`;
    if (prorations.has(key)) return prorations.get(key)!;
    const person = peopleById.get(userId);
    const row = setAllowanceOf(userId, year);
    const bounds = leaveYear(year, leaveYearStartMonth);
    let result: ProrationExplanation | null = null;
    if (person && row && ((person.firstDay && person.firstDay > bounds.firstDay) || (person.lastDay && person.lastDay < bounds.lastDay))) {
      const timeline: ScheduleTimeline = schedules.any ? schedules.timelineOf(userId) : mondayToFriday;
      result = prorateAllowance({ allowance: row.yearly, unit: units.yearly, leaveYear: bounds, firstDay: person.firstDay, lastDay: person.lastDay, schedules: timeline, rounding });
    }
    prorations.set(key, result);
    return result;
  };
  const accrues = yearlyAccrues(categories);
  const bookingAhead = company.accrualBookingAhead;
  const accruals = new Map<string, (AccrualExplanation & YearlyAccrual) | null>();
  /**
   * An accruing yearly allowance's year (decision 0082): 1/12 of the allowance for each month
   * started while employed up to today, never above the (prorated) total, and what may be
   * booked; null when the yearly allowance does not accrue or no allowance is set. Arithmetic
   * over rows already read: no query.
   */
  const accrualOf = (userId: string, year: number): (AccrualExplanation & YearlyAccrual) | null => {
    if (!accrues) return null;
    const key = `${userId}:${year}`;
    if (accruals.has(key)) return accruals.get(key)!;
    const row = setAllowanceOf(userId, year);
    const person = peopleById.get(userId);
    let result: (AccrualExplanation & YearlyAccrual) | null = null;
    if (row) {
      const accrual = accrue({
        allowance: row.yearly,
        total: prorationOf(userId, year)?.total ?? row.yearly,
        unit: units.yearly,
        leaveYear: leaveYear(year, leaveYearStartMonth),
        firstDay: person?.firstDay,
        lastDay: person?.lastDay,
        asOf: today,
        rounding,
      });
      result = { ...accrual, limit: accrualLimit(accrual, bookingAhead) };
    }
    accruals.set(key, result);
    return result;
  };
  /** The allowance a year's balance counts: the row in force, its yearly days prorated for joiners and leavers. */
  const allowanceOf = (userId: string, year: number): AllowanceRow | null => {
    const row = setAllowanceOf(userId, year);
    const proration = row && prorationOf(userId, year);
    return row && proration ? { ...row, yearly: proration.total } : row;
  };
  const balanceInputOf = (userId: string, year: number) => ({
    year,
    leaveYearStartMonth,
    allowance: allowanceOf(userId, year),
    vacations: vacationsOf(userId),
    categories,
    calendar: calendarOf(userId),
    countDays: countDaysOf(userId),
    countHours: countHoursOf(userId),
    carried: carriedOf(userId).find((row) => row.year === year) ?? null,
    today,
    accrual: accrualOf(userId, year),
  });
  const balancesOf = (userId: string, year: number): Balances => computeBalances(balanceInputOf(userId, year));

  return {
    companyCountryCode: holidays.companyCountryCode,
    /** The month the company's leave year starts in, and its rounding of prorated allowances. */
    leaveYearStartMonth,
    rounding,
    today,
    people,
    peopleById,
    holidayRows: holidays.holidayRows,
    /** The dates calendarOf and calendarFor answer for: the years asked for, widened by the longest vacation. */
    holidaySpan: holidays.span,
    /** Anyone's calendar (a person's country and region), of the holidays read for holidaySpan. */
    calendarFor: holidays.calendarFor,
    categories,
    calendarOf,
    allowanceOf,
    prorationOf,
    /** Accrual: whether the yearly allowance accrues, booking ahead, and a person's year. */
    accrues,
    bookingAhead,
    accrualOf,
    allowanceRowsOf: (userId: string) => allowancesByUser.get(userId) ?? [],
    vacationsOf,
    carriedOf,
    /** A person's work schedules; undefined when the company has none (Monday–Friday). */
    schedulesOf,
    /** How a person's working days are counted; undefined when the company has no schedules. */
    countDaysOf,
    countHoursOf,
    /** Each counted request's charge: the schedules it was made with, and what it costs today (decision 0083). */
    charged,
    /** The counted requests' stored schedules (by id), and the people's timelines, for a caller reading more requests. */
    storedCharges: storedCharges as ReadonlyMap<string, string>,
    scheduleTimelines: schedules,
    /** The unit each balance counts in. */
    units,
    balanceInputOf,
    balancesOf,
  };
}

/**
 * The refusal of a request that does not fit its balance (409). A request that falls short only
 * because carried residual days lapse before its dates says so, with the date (dd/mm/yyyy in every
 * language the product speaks).
 */
export function balanceShortfallError(shortfall: BalanceShortfall): AppError {
  const counts = { requested: String(shortfall.requested), count: String(shortfall.requested), remaining: String(Math.max(0, shortfall.remaining)), year: String(shortfall.year) };
  if (shortfall.expiresOn) {
    const [y, m, d] = shortfall.expiresOn.split("-");
    const key = shortfall.unit === "hour" ? "hours.errors.carriedExpired" : "balances.errors.carriedExpired";
    return new AppError(409, "carried_days_expired", key, { params: { ...counts, date: `${d}/${m}/${y}` } });
  }
  if (shortfall.earned !== undefined) {
    // Same code as any shortfall: the message says the limit is what is earned to date (decision 0082).
    const key = shortfall.unit === "hour" ? "accrual.errors.insufficientEarnedHours" : "accrual.errors.insufficientEarned";
    return new AppError(409, "insufficient_balance", key, { params: { ...counts, earned: String(shortfall.earned) } });
  }
  return new AppError(409, "insufficient_balance", shortfall.unit === "hour" ? "hours.errors.insufficientBalance" : "vacation.insufficientBalance", { params: counts });
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
