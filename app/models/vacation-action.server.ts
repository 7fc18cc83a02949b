// The Approve / Reject links of reviewers' e-mails. Opening one only shows the request; deciding
// is a POST that uses the link (once) and then goes through the same rules as the app.
import { computeBalances, parseCategoryBalance } from "~/lib/balances";
import { countWorkingDays, holidayCalendar } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { hashToken } from "~/utils/tokens.server";
import { effectiveAllowance } from "./allowance.server";
import { decideVacation } from "./vacation.server";

async function findLink(token: string, now: Date) {
  if (!token) throw new AppError(400, "token_missing", "token.missing");
  const link = await getDb().vacationActionToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { admin: { select: { id: true, role: true, fullName: true, email: true } } },
  });
  if (!link) throw new AppError(400, "token_invalid", "token.invalid");
  if (link.usedAt) throw new AppError(400, "token_used", "token.used");
  if (link.expiresAt <= now) throw new AppError(400, "token_expired", "token.expired");
  return link;
}

/** What the confirmation page shows: the request, the requester's balance, who else is away then. */
export async function describeActionLink(token: string, now = new Date()) {
  const link = await findLink(token, now);
  const db = getDb();
  const vacation = await db.vacation.findFirstOrThrow({
    where: { id: link.vacationId, companyId: link.companyId },
    include: {
      category: { select: { id: true, name: true, balance: true } },
      user: { select: { id: true, fullName: true, email: true, teamId: true, countryCode: true, region: true, company: { select: { countryCode: true } } } },
    },
  });
  if (vacation.status !== "pending") throw new AppError(409, "not_pending", "vacation.notPending");
  const year = Number(vacation.startDate.slice(0, 4));
  const [holidays, categories, allowanceRows, ownVacations, teamAway] = await Promise.all([
    db.holiday.findMany({ where: { companyId: link.companyId }, select: { date: true, countryCode: true, region: true, isRecurring: true } }),
    db.absenceCategory.findMany({ where: { companyId: link.companyId }, select: { id: true, balance: true } }),
    db.allowance.findMany({ where: { userId: vacation.userId, year: { lte: year } }, orderBy: { year: "desc" }, take: 2 }),
    db.vacation.findMany({
      where: { companyId: link.companyId, userId: vacation.userId, endDate: { gte: `${year}-01-01` }, startDate: { lte: `${year}-12-31` } },
    }),
    vacation.user.teamId
      ? db.vacation.findMany({
          where: {
            companyId: link.companyId,
            userId: { not: vacation.userId },
            user: { teamId: vacation.user.teamId },
            status: { in: ["approved", "pending"] },
            startDate: { lte: vacation.endDate },
            endDate: { gte: vacation.startDate },
          },
          select: { startDate: true, endDate: true, status: true, user: { select: { fullName: true, email: true } } },
          orderBy: { startDate: "asc" },
        })
      : Promise.resolve([]),
  ]);
  const calendar = holidayCalendar(holidays, vacation.user, vacation.user.company.countryCode);
  const balances = computeBalances({ year, allowance: effectiveAllowance(allowanceRows, year), vacations: ownVacations, categories, calendar });
  const kind = parseCategoryBalance(vacation.category.balance);
  return {
    action: link.action as "approve" | "reject",
    admin: link.admin,
    vacation: {
      id: vacation.id,
      startDate: vacation.startDate,
      endDate: vacation.endDate,
      description: vacation.description,
      categoryId: vacation.category.id,
      categoryName: vacation.category.name,
      workingDays: countWorkingDays(vacation, calendar),
      requester: vacation.user.fullName ?? vacation.user.email,
    },
    // The balance this request draws on (pending days, this one included, already counted).
    balance: kind === "none" ? null : { kind, ...balances[kind] },
    awayTogether: teamAway.map((v) => ({ name: v.user.fullName ?? v.user.email, startDate: v.startDate, endDate: v.endDate, status: v.status })),
  };
}

/** Uses the link (single use, also when two clicks race) and decides as that admin. */
export async function redeemActionLink(token: string, now = new Date()) {
  const link = await findLink(token, now);
  const db = getDb();
  const { count } = await db.vacationActionToken.updateMany({
    where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw new AppError(400, "token_used", "token.used");
  const decision = link.action === "approve" ? "approved" : "rejected";
  const vacation = await decideVacation(link.companyId, link.admin, link.vacationId, decision, { now });
  // The request is decided: every other link about it is spent too.
  await db.vacationActionToken.updateMany({ where: { vacationId: link.vacationId, usedAt: null }, data: { usedAt: now } });
  return { decision, vacation };
}
