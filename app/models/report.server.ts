// The per-user allowance report of a year: five queries for the whole company, computed in memory.
import { computeCompanyBalances, type Balances } from "~/lib/balances";
import { firstDayOfYear, lastDayOfYear } from "~/lib/dates";
import { buildHolidayIndex } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { effectiveAllowance } from "./allowance.server";

export async function companyBalances(companyId: string, year: number, userIds?: string[]) {
  const db = getDb();
  const userFilter = userIds ? { id: { in: userIds } } : {};
  const [company, users, allowances, vacations, holidays, categories] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true } }),
    db.user.findMany({
      where: { companyId, ...userFilter },
      select: { id: true, email: true, fullName: true, name: true, role: true, countryCode: true, region: true },
      orderBy: [{ fullName: "asc" }, { email: "asc" }],
    }),
    db.allowance.findMany({ where: { companyId, year: { lte: year }, ...(userIds ? { userId: { in: userIds } } : {}) } }),
    db.vacation.findMany({
      where: {
        companyId,
        status: { in: ["pending", "approved"] },
        endDate: { gte: firstDayOfYear(year) },
        startDate: { lte: lastDayOfYear(year) },
        ...(userIds ? { userId: { in: userIds } } : {}),
      },
      select: { userId: true, startDate: true, endDate: true, halfDayStart: true, halfDayEnd: true, status: true, categoryId: true },
    }),
    db.holiday.findMany({ where: { companyId }, select: { date: true, countryCode: true, region: true, isRecurring: true } }),
    db.absenceCategory.findMany({ where: { companyId }, select: { id: true, balance: true } }),
  ]);
  const byUser = new Map<string, typeof allowances>();
  for (const row of allowances) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const balances = computeCompanyBalances({
    year,
    users,
    allowances: users.flatMap((user) => {
      const row = effectiveAllowance(byUser.get(user.id) ?? [], year);
      return row ? [{ ...row, userId: user.id }] : [];
    }),
    vacations,
    categories,
    holidays: buildHolidayIndex(holidays),
    companyCountryCode: company.countryCode,
  });
  return { users, balances };
}

export interface ReportRow {
  user: { id: string; name: string; email: string; role: string };
  balances: Balances;
}

export async function allowanceReport(companyId: string, year: number): Promise<ReportRow[]> {
  const { users, balances } = await companyBalances(companyId, year);
  return users.map((user) => ({
    user: { id: user.id, name: user.fullName || user.name || user.email, email: user.email, role: user.role },
    balances: balances.get(user.id)!,
  }));
}

/** The /api report row (spec section 3, camelCase as the spec names them). */
export function serializeReportRow({ user, balances }: ReportRow) {
  return {
    user,
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
  };
}
