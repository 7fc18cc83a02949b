// Absence requests: create (overlap and balance checks with the insert, in one transaction),
// decide (approve/reject, only while pending), cancel, and search. Every function is scoped by
// companyId; another company's ids are simply not found.
import type { Prisma } from "~/generated/prisma/client";
import { checkRequestFitsBalance } from "~/lib/balances";
import { firstDayOfYear, lastDayOfYear, yearOf } from "~/lib/dates";
import { splitEmails, type VacationRequestInput } from "~/lib/schemas/vacation";
import { countWorkingDays, holidayCalendar } from "~/lib/working-days";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { isAdmin } from "~/utils/permissions.server";
import { effectiveAllowance } from "./allowance.server";
import { notifyDecision, notifyNewRequest } from "./vacation-notify.server";

export const VACATION_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
/** Statuses that hold the dates: a new request may not overlap them. */
const BLOCKING_STATUSES = ["pending", "approved"];

interface Actor {
  id: string;
  role: string;
}

export const vacationSelect = {
  id: true,
  companyId: true,
  userId: true,
  categoryId: true,
  startDate: true,
  endDate: true,
  halfDayStart: true,
  halfDayEnd: true,
  status: true,
  description: true,
  notificationRecipients: true,
  reviewerId: true,
  reviewedAt: true,
  autoApproved: true,
  createdAt: true,
} as const;

export type VacationRow = Prisma.VacationGetPayload<{ select: typeof vacationSelect }>;

/** The /api shape (spec section 3 names). */
export function serializeVacation(v: VacationRow, workingDays?: number) {
  return {
    id: v.id,
    user_id: v.userId,
    start_date: v.startDate,
    end_date: v.endDate,
    half_day_start: v.halfDayStart,
    half_day_end: v.halfDayEnd,
    status: v.status,
    description: v.description,
    absence_category_id: v.categoryId,
    notification_recipients: JSON.parse(v.notificationRecipients),
    reviewer_id: v.reviewerId,
    reviewed_at: v.reviewedAt?.toISOString() ?? null,
    auto_approved: v.autoApproved,
    created_at: v.createdAt.toISOString(),
    ...(workingDays === undefined ? {} : { working_days: workingDays }),
  };
}

/** Everything the rules need about one requester for the years a range touches: a fixed number of queries. */
async function requesterContext(tx: Prisma.TransactionClient, companyId: string, userId: string, fromYear: number, toYear: number) {
  const user = await tx.user.findFirst({
    where: { id: userId, companyId },
    select: {
      id: true,
      role: true,
      countryCode: true,
      region: true,
      teamId: true,
      company: { select: { countryCode: true } },
      team: { select: { admins: { select: { userId: true } } } },
    },
  });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  const [holidays, categories, allowances, vacations] = await Promise.all([
    tx.holiday.findMany({ where: { companyId }, select: { date: true, countryCode: true, region: true, isRecurring: true } }),
    tx.absenceCategory.findMany({ where: { companyId }, select: { id: true, balance: true, active: true } }),
    tx.allowance.findMany({ where: { companyId, userId, year: { lte: toYear } }, orderBy: { year: "desc" }, take: toYear - fromYear + 2 }),
    tx.vacation.findMany({
      where: { companyId, userId, endDate: { gte: firstDayOfYear(fromYear) }, startDate: { lte: lastDayOfYear(toYear) } },
      select: vacationSelect,
    }),
  ]);
  const calendar = holidayCalendar(holidays, user, user.company.countryCode);
  const effective = [];
  for (let year = fromYear; year <= toYear; year++) {
    const row = effectiveAllowance(allowances, year);
    if (row) effective.push(row);
  }
  return { user, categories, allowances: effective, vacations, calendar };
}

export interface CreateOptions {
  /** An admin may grant a request beyond the remaining balance. */
  overrideBalance?: boolean;
}

export async function createVacation(companyId: string, requester: Actor, input: VacationRequestInput, options: CreateOptions = {}) {
  if (input.startDate > input.endDate) {
    throw new AppError(400, "invalid_range", "vacation.startAfterEnd", { endDate: "vacation.startAfterEnd" });
  }
  const recipients =
    input.recipientType === "custom"
      ? { type: "custom", emails: splitEmails(input.customEmails) }
      : { type: input.recipientType };
  const db = getDb();
  // The overlap check and the insert share one transaction; SQLite runs one write transaction at a
  // time (and the adapter serialises transactions in a process), so two simultaneous overlapping
  // requests cannot both pass the check (docs/decisions/0008-absences.md).
  const created = await db.$transaction(async (tx) => {
    const ctx = await requesterContext(tx, companyId, requester.id, yearOf(input.startDate), yearOf(input.endDate));
    const category = ctx.categories.find((c) => c.id === input.categoryId && c.active);
    if (!category) throw new AppError(400, "invalid_category", "vacation.categoryInvalid", { categoryId: "vacation.categoryInvalid" });
    if (ctx.user.role === "user" && !ctx.user.team?.admins.length) {
      throw new AppError(409, "no_assigned_admin", "vacation.noAdmin");
    }
    const range = { startDate: input.startDate, endDate: input.endDate, halfDayStart: input.halfDayStart, halfDayEnd: input.halfDayEnd };
    const workingDays = countWorkingDays(range, ctx.calendar);
    if (workingDays === 0) throw new AppError(400, "no_working_days", "vacation.noWorkingDays", { endDate: "vacation.noWorkingDays" });
    const clash = ctx.vacations.find(
      (v) => BLOCKING_STATUSES.includes(v.status) && v.startDate <= input.endDate && v.endDate >= input.startDate,
    );
    if (clash) throw new AppError(409, "overlap", "vacation.overlap");
    const shortfall = checkRequestFitsBalance({
      request: { ...range, categoryId: category.id },
      vacations: ctx.vacations,
      allowances: ctx.allowances,
      categories: ctx.categories,
      calendar: ctx.calendar,
    });
    if (shortfall && !(options.overrideBalance && isAdmin(requester))) {
      throw new AppError(409, "insufficient_balance", "vacation.insufficientBalance", {
        requested: String(shortfall.requested),
        count: String(shortfall.requested),
        remaining: String(Math.max(0, shortfall.remaining)),
        year: String(shortfall.year),
      });
    }
    const vacation = await tx.vacation.create({
      data: {
        companyId,
        userId: requester.id,
        categoryId: category.id,
        ...range,
        description: input.description,
        notificationRecipients: JSON.stringify(recipients),
        status: "pending",
      },
      select: vacationSelect,
    });
    await recordAudit(
      {
        companyId,
        actorId: requester.id,
        action: "vacation.created",
        entity: "vacation",
        entityId: vacation.id,
        details: { start_date: range.startDate, end_date: range.endDate, category: category.id, working_days: workingDays, balance_override: Boolean(shortfall) },
      },
      tx,
    );
    return { vacation, workingDays };
  });
  // After the commit, so a slow mail never holds the write lock; delivery itself is queued.
  await notifyNewRequest(companyId, created.vacation.id);
  return created;
}

/** Can this person decide this requester's requests? Owner: all; admin: their teams, or all without teams. */
export async function canReview(companyId: string, reviewer: Actor, requesterId: string): Promise<boolean> {
  if (reviewer.role === "owner") return true;
  // Nobody but the owner decides their own request.
  if (reviewer.role !== "admin" || reviewer.id === requesterId) return false;
  const db = getDb();
  const [adminOf, requester] = await Promise.all([
    db.teamAdmin.findMany({ where: { userId: reviewer.id, team: { companyId } }, select: { teamId: true } }),
    db.user.findFirst({ where: { id: requesterId, companyId }, select: { teamId: true } }),
  ]);
  if (!requester) return false;
  return adminOf.length === 0 || adminOf.some((a) => a.teamId === requester.teamId);
}

export async function getVacation(companyId: string, id: string) {
  const vacation = await getDb().vacation.findFirst({ where: { id, companyId }, select: vacationSelect });
  if (!vacation) throw new AppError(404, "not_found", "vacation.notFound");
  return vacation;
}

/** Approve or reject, only while pending; the conditional update decides races (one wins). */
export async function decideVacation(
  companyId: string,
  reviewer: Actor,
  id: string,
  decision: "approved" | "rejected",
  options: { auto?: boolean; now?: Date } = {},
) {
  const vacation = await getVacation(companyId, id);
  if (!options.auto && !(await canReview(companyId, reviewer, vacation.userId))) {
    throw new AppError(403, "forbidden", "errors.forbidden");
  }
  const now = options.now ?? new Date();
  const db = getDb();
  const decided = await db.$transaction(async (tx) => {
    const { count } = await tx.vacation.updateMany({
      where: { id, companyId, status: "pending" },
      data: { status: decision, reviewerId: options.auto ? null : reviewer.id, reviewedAt: now, autoApproved: Boolean(options.auto) },
    });
    if (count !== 1) throw new AppError(409, "not_pending", "vacation.notPending");
    await recordAudit(
      {
        companyId,
        actorId: options.auto ? null : reviewer.id,
        action: options.auto ? "vacation.auto_approved" : `vacation.${decision === "approved" ? "approved" : "rejected"}`,
        entity: "vacation",
        entityId: id,
        details: { status: { old: "pending", new: decision } },
      },
      tx,
    );
    return tx.vacation.findUniqueOrThrow({ where: { id }, select: vacationSelect });
  });
  await notifyDecision(companyId, id);
  return decided;
}

/**
 * Cancelling keeps the row (status cancelled) for history and audit. The requester cancels their
 * own pending or future absences; company admins cancel any.
 */
export async function cancelVacation(companyId: string, actor: Actor, id: string, today: string) {
  const vacation = await getVacation(companyId, id);
  const own = vacation.userId === actor.id;
  if (!own && !isAdmin(actor)) throw new AppError(403, "forbidden", "errors.forbidden");
  if (vacation.status === "cancelled") throw new AppError(409, "already_cancelled", "vacation.alreadyCancelled");
  if (own && !isAdmin(actor) && vacation.status === "approved" && vacation.startDate <= today) {
    throw new AppError(409, "already_started", "vacation.alreadyStarted");
  }
  const db = getDb();
  return db.$transaction(async (tx) => {
    // Conditional, so two simultaneous cancellations change (and audit) it once.
    const { count } = await tx.vacation.updateMany({ where: { id, companyId, status: { not: "cancelled" } }, data: { status: "cancelled" } });
    if (count !== 1) throw new AppError(409, "already_cancelled", "vacation.alreadyCancelled");
    await recordAudit(
      { companyId, actorId: actor.id, action: "vacation.cancelled", entity: "vacation", entityId: id, details: changes({ status: vacation.status }, { status: "cancelled" }) },
      tx,
    );
  });
}

export interface VacationFilters {
  userId?: string;
  status?: string;
  categoryId?: string;
  dateFrom?: string;
  dateTo?: string;
  offset?: number;
  limit?: number;
}

/** The CSV export takes every row under the filters, up to this many. */
export const MAX_EXPORT_ROWS = 100_000;

/** A page of absences overlapping [dateFrom, dateTo], newest first; two queries whatever the size. */
export async function searchVacations(companyId: string, filters: VacationFilters) {
  const where: Prisma.VacationWhereInput = {
    companyId,
    ...(filters.userId ? { userId: filters.userId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
    ...(filters.dateFrom ? { endDate: { gte: filters.dateFrom } } : {}),
    ...(filters.dateTo ? { startDate: { lte: filters.dateTo } } : {}),
  };
  const limit = Math.min(Math.max(filters.limit ?? 10, 1), MAX_EXPORT_ROWS);
  const offset = Math.max(filters.offset ?? 0, 0);
  const db = getDb();
  const [items, total] = await Promise.all([
    db.vacation.findMany({ where, select: vacationSelect, orderBy: [{ startDate: "desc" }, { createdAt: "desc" }], skip: offset, take: limit }),
    db.vacation.count({ where }),
  ]);
  return { items, total, offset, limit };
}
