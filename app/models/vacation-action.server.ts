// The Approve / Reject links of reviewers' e-mails. Opening one only shows the request; deciding
// is a POST that uses the link (once) and then goes through the same rules as the app.
import { parseCategoryBalance } from "~/lib/balances";
import { yearOf } from "~/lib/dates";
import { leaveYearOf } from "~/lib/leave-year";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { parseLeaveUnit, vacationWorkingDays } from "~/lib/leave-charge";
import { chargedHours } from "~/lib/leave-request";
import { loadViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { hashToken } from "~/utils/tokens.server";
import { loadBalanceInputs } from "./balance.server";
import { chargeChangeOf, chargedSources, storedChargesOf } from "./charged-schedules.server";
import { decideVacation, parseRuleWarnings } from "./vacation.server";

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
    include: { category: { select: { id: true, name: true, balance: true, unit: true } }, user: { select: { id: true, teamId: true } } },
  });
  if (vacation.status !== "pending") throw new AppError(409, "not_pending", "vacation.notPending");
  // The balance of the leave year the request starts in (decision 0080): that is the start's
  // calendar year or the one before, and the company's start month comes with the inputs.
  const startYear = yearOf(vacation.startDate);
  const [inputs, teamAway] = await Promise.all([
    loadBalanceInputs(db, link.companyId, { fromYear: startYear - 1, toYear: startYear, userIds: [vacation.userId], withRecentlyDeactivated: true }),
    vacation.user.teamId
      ? db.vacation.findMany({
          where: {
            companyId: link.companyId,
            userId: { not: vacation.userId },
            user: { teamId: vacation.user.teamId, deactivatedAt: null },
            status: { in: [...BLOCKING_STATUSES] },
            startDate: { lte: vacation.endDate },
            endDate: { gte: vacation.startDate },
          },
          select: { startDate: true, endDate: true, status: true, user: { select: { fullName: true, name: true, email: true } } },
          orderBy: { startDate: "asc" },
        })
      : Promise.resolve([]),
  ]);
  const requester = inputs.peopleById.get(vacation.userId);
  if (!requester) throw new AppError(404, "not_found", "vacation.notFound");
  const balances = inputs.balancesOf(vacation.userId, leaveYearOf(vacation.startDate, inputs.leaveYearStartMonth).year);
  const kind = parseCategoryBalance(vacation.category.balance);
  // The request is read whole, its charged schedules with it: no statement more.
  const charged = chargedSources(inputs.scheduleTimelines, storedChargesOf([vacation]));
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
      // The charge the request keeps (decision 0083), and today's when it differs: only admins hold these links.
      workingDays: vacationWorkingDays(vacation, inputs.calendarOf(vacation.userId), charged.countDaysOf(vacation)),
      // An hour category's request is shown in hours, with its times (decision 0081).
      hours: vacation.category.unit === "hour" ? chargedHours(vacation, inputs.calendarOf(vacation.userId), charged.schedulesOf(vacation)) : undefined,
      chargeChange: chargeChangeOf(charged.comparisonOf(vacation, inputs.calendarOf(vacation.userId), parseLeaveUnit(vacation.category.unit))),
      startTime: vacation.startTime,
      endTime: vacation.endTime,
      requester: displayName(requester),
      // Read with the row: the rules it broke in warn mode when made (decision 0087).
      ruleWarnings: parseRuleWarnings(vacation.ruleWarnings),
    },
    // The balance this request draws on (pending days, this one included, already counted).
    balance: kind === "none" ? null : { kind, ...balances[kind] },
    awayTogether: teamAway.map((v) => ({ name: displayName(v.user), startDate: v.startDate, endDate: v.endDate, status: v.status })),
  };
}

/** Uses the link (single use, also when two clicks race) and decides as that admin, under the same rules as the app. */
export async function redeemActionLink(token: string, now = new Date()) {
  const link = await findLink(token, now);
  const db = getDb();
  const viewer = await loadViewer(link.adminId, link.companyId);
  if (!viewer) throw new AppError(403, "forbidden", "errors.forbidden");
  const { count } = await db.vacationActionToken.updateMany({
    where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) throw new AppError(400, "token_used", "token.used");
  const decision = link.action === "approve" ? "approved" : "rejected";
  const vacation = await decideVacation(viewer, link.vacationId, decision, { now });
  // The request is decided: every other link about it is spent too.
  await db.vacationActionToken.updateMany({ where: { vacationId: link.vacationId, usedAt: null }, data: { usedAt: now } });
  return { decision, vacation };
}
