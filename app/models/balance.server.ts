// The one place a person's balance inputs are assembled: their allowance of the year, their
// absences, the categories and the holidays of their country and region. My Calendar, the request
// check, the e-mail decision page, the report and /api allowances-summary all read them from here,
// so the same person shows the same balance everywhere. A fixed number of queries however many
// people or absences.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { computeBalances, type Balances } from "~/lib/balances";
import { firstDayOfYear, lastDayOfYear } from "~/lib/dates";
import { buildHolidayIndex, holidayCalendarFor, type HolidayCalendar, type HolidayPerson } from "~/lib/working-days";
import { effectiveAllowance, type AllowanceRow } from "./allowance.server";

type Db = PrismaClient | Prisma.TransactionClient;

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

export const balancePersonSelect = {
  id: true,
  email: true,
  fullName: true,
  name: true,
  role: true,
  teamId: true,
  countryCode: true,
  region: true,
} as const;

export interface BalanceScope {
  fromYear: number;
  toYear: number;
  /** The people to load; all of the company's when absent. */
  userIds?: readonly string[];
  /**
   * Also people deactivated on or after 1 January of `fromYear`: their absences of that time stay
   * in reports (docs/decisions/0014-user-deactivation.md). Otherwise only active people.
   */
  withRecentlyDeactivated?: boolean;
}

/**
 * The company's holidays, and each person's calendar from them (their work country and region,
 * else the company's country): two queries for any number of people.
 */
export async function loadHolidayCalendars(db: Db, companyId: string) {
  const [company, holidayRows] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true } }),
    db.holiday.findMany({ where: { companyId }, select: { date: true, name: true, countryCode: true, region: true, isRecurring: true } }),
  ]);
  const index = buildHolidayIndex(holidayRows);
  // The index keeps one calendar per country and region, so this is cheap per person.
  const calendarFor = (person: HolidayPerson): HolidayCalendar => holidayCalendarFor(index, person, company.countryCode);
  return { companyCountryCode: company.countryCode, holidayRows, calendarFor };
}

export async function loadBalanceInputs(db: Db, companyId: string, scope: BalanceScope) {
  const { fromYear, toYear, userIds } = scope;
  const byUser = userIds ? { userId: { in: [...userIds] } } : {};
  const deactivation = scope.withRecentlyDeactivated
    ? { OR: [{ deactivatedAt: null }, { deactivatedAt: { gte: new Date(`${firstDayOfYear(fromYear)}T00:00:00Z`) } }] }
    : { deactivatedAt: null };
  const [holidays, people, categories, allowances, vacations] = await Promise.all([
    loadHolidayCalendars(db, companyId),
    db.user.findMany({
      where: { companyId, ...(userIds ? { id: { in: [...userIds] } } : {}), ...deactivation },
      select: balancePersonSelect,
      orderBy: [{ fullName: "asc" }, { email: "asc" }],
    }),
    db.absenceCategory.findMany({ where: { companyId }, select: { id: true, balance: true } }),
    // Every earlier year too: a year without a row carries the last yearly allowance.
    db.allowance.findMany({ where: { companyId, year: { lte: toYear }, ...byUser }, select: { userId: true, year: true, yearly: true, residual: true, specialLeave: true } }),
    db.vacation.findMany({
      where: { companyId, ...byUser, endDate: { gte: firstDayOfYear(fromYear) }, startDate: { lte: lastDayOfYear(toYear) } },
      select: balanceVacationSelect,
      orderBy: { startDate: "asc" },
    }),
  ]);
  const allowancesByUser = groupBy(allowances, (row) => row.userId);
  const vacationsByUser = groupBy(vacations, (row) => row.userId);
  const peopleById = new Map(people.map((person) => [person.id, person]));
  const calendarOf = (userId: string): HolidayCalendar => holidays.calendarFor(peopleById.get(userId) ?? {});
  const allowanceOf = (userId: string, year: number): AllowanceRow | null => effectiveAllowance(allowancesByUser.get(userId) ?? [], year);
  const vacationsOf = (userId: string) => vacationsByUser.get(userId) ?? [];
  const balancesOf = (userId: string, year: number): Balances =>
    computeBalances({ year, allowance: allowanceOf(userId, year), vacations: vacationsOf(userId), categories, calendar: calendarOf(userId) });

  return { companyCountryCode: holidays.companyCountryCode, people, peopleById, holidayRows: holidays.holidayRows, categories, calendarOf, allowanceOf, vacationsOf, balancesOf };
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
