// Data of the personal screens, loaded for a whole year in a fixed number of queries and
// computed in memory (working days, balances), whatever the number of absences.
import { computeBalances } from "~/lib/balances";
import { firstDayOfYear, lastDayOfYear } from "~/lib/dates";
import { holidaysInYear } from "~/lib/holiday-dates";
import { buildHolidayIndex, countWorkingDays, holidayCalendar, holidayCalendarFor, normalizeCode } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { pendingReviewFilter } from "./approval.server";
import { effectiveAllowance } from "./allowance.server";
import { vacationSelect } from "./vacation.server";

export const UPCOMING_LIMIT = 10;

export async function listCategories(companyId: string, { activeOnly = true } = {}) {
  return getDb().absenceCategory.findMany({
    where: { companyId, ...(activeOnly ? { active: true } : {}) },
    select: { id: true, name: true, color: true, active: true, balance: true },
    orderBy: [{ sortOrder: "asc" }, { name: "asc" }],
  });
}

/**
 * One person's year: their absences touching the year, the holidays that apply to them, the
 * categories, their balances, the next absences from `today` (which may reach into next year),
 * and the holiday rows the request form counts working days with in the browser.
 */
export async function getPersonalYear(companyId: string, userId: string, year: number, today: string) {
  const db = getDb();
  const user = await db.user.findFirst({
    where: { id: userId, companyId },
    select: { id: true, countryCode: true, region: true, company: { select: { countryCode: true } } },
  });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  const from = firstDayOfYear(year);
  const to = lastDayOfYear(year);
  const [holidayRows, categories, allowanceRows, vacations, upcomingRows] = await Promise.all([
    db.holiday.findMany({ where: { companyId }, select: { date: true, name: true, countryCode: true, region: true, isRecurring: true } }),
    listCategories(companyId, { activeOnly: false }),
    db.allowance.findMany({ where: { companyId, userId, year: { lte: year } }, orderBy: { year: "desc" }, take: 2 }),
    db.vacation.findMany({
      where: { companyId, userId, endDate: { gte: from }, startDate: { lte: to } },
      select: vacationSelect,
      orderBy: { startDate: "asc" },
    }),
    db.vacation.findMany({
      // What is still ahead: a rejected or cancelled request will not happen.
      where: { companyId, userId, endDate: { gte: today }, status: { notIn: ["rejected", "cancelled"] } },
      select: vacationSelect,
      orderBy: { startDate: "asc" },
      take: UPCOMING_LIMIT,
    }),
  ]);
  const calendar = holidayCalendar(holidayRows, user, user.company.countryCode);
  const allowance = effectiveAllowance(allowanceRows, year);
  const withDays = <T extends { startDate: string; endDate: string; halfDayStart: boolean; halfDayEnd: boolean }>(v: T) => ({
    ...v,
    workingDays: countWorkingDays(v, calendar),
  });
  return {
    year,
    holidays: holidaysInYear(holidayRows, user, user.company.countryCode, year),
    categories: categories.map(({ id, name, color, active, balance }) => ({ id, name, color, active, balance })),
    vacations: vacations.map(withDays),
    upcoming: upcomingRows.map(withDays),
    balances: computeBalances({
      year,
      allowance,
      vacations,
      categories,
      calendar,
    }),
    hasAllowance: Boolean(allowance),
    holidayContext: holidayContextOf(user, holidayRows),
  };
}

/**
 * The holiday rows that can apply to one person (their work country, else the company's), sent
 * to the browser so the request drawer counts working days with the server's own rules
 * (app/lib/working-days.ts takes rows, not calendars, through a loader).
 */
function holidayContextOf(
  user: { countryCode: string | null; region: string | null; company: { countryCode: string } },
  rows: readonly { date: string; countryCode: string; region: string | null; isRecurring: boolean }[],
) {
  const country = normalizeCode(user.countryCode) ?? normalizeCode(user.company.countryCode);
  return {
    person: { countryCode: user.countryCode, region: user.region },
    companyCountryCode: user.company.countryCode,
    rows: rows
      .filter((row) => normalizeCode(row.countryCode) === country)
      .map(({ date, countryCode, region, isRecurring }) => ({ date, countryCode, region, isRecurring })),
  };
}

export type HolidayContext = ReturnType<typeof holidayContextOf>;

interface DescribedVacation {
  id: string;
  userId: string;
  startDate: string;
  endDate: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
}

/**
 * Requester names and working days of a page of absences of any people, in a fixed number of
 * queries (users of the page, holidays, company) however many rows the page has.
 */
export async function describeVacations(companyId: string, vacations: readonly DescribedVacation[]) {
  const names: Record<string, string> = {};
  const workingDays: Record<string, number | null> = {};
  if (vacations.length === 0) return { names, workingDays };
  const db = getDb();
  const userIds = [...new Set(vacations.map((v) => v.userId))];
  const [users, holidays, company] = await Promise.all([
    db.user.findMany({
      where: { companyId, id: { in: userIds } },
      select: { id: true, fullName: true, name: true, email: true, countryCode: true, region: true },
    }),
    db.holiday.findMany({ where: { companyId }, select: { date: true, countryCode: true, region: true, isRecurring: true } }),
    db.company.findUnique({ where: { id: companyId }, select: { countryCode: true } }),
  ]);
  const index = buildHolidayIndex(holidays);
  const people = new Map(users.map((user) => [user.id, user]));
  for (const user of users) names[user.id] = user.fullName || user.name || user.email;
  for (const vacation of vacations) {
    const person = people.get(vacation.userId);
    try {
      workingDays[vacation.id] = person ? countWorkingDays(vacation, holidayCalendarFor(index, person, company?.countryCode ?? "PT")) : null;
    } catch {
      // A stored row with malformed dates shows a dash rather than breaking the whole list.
      workingDays[vacation.id] = null;
    }
  }
  return { names, workingDays };
}

/**
 * Which of the given absences the viewer may approve or reject now: pending, inside the viewer's
 * review scope (docs/decisions/0004-approvals-scope.md) and, except for the owner, not their own
 * (the rule decideVacation enforces). One query for a whole page, so no dead buttons are shown.
 */
export async function reviewableVacationIds(companyId: string, viewer: { id: string; role: string }, ids: readonly string[]) {
  const scope = ids.length ? await pendingReviewFilter(companyId, viewer) : null;
  if (!scope) return new Set<string>();
  const rows = await getDb().vacation.findMany({
    where: { AND: [scope, { id: { in: [...ids] } }, viewer.role === "owner" ? {} : { userId: { not: viewer.id } }] },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}
