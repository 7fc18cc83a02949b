// Vacation requests: create (overlap and balance checks with the insert, in one transaction),
// decide (approve/reject, only while pending), cancel, and search. Every function takes the
// Viewer and is scoped by the viewer's company; another company's ids are simply not found.
import type { Prisma } from "~/generated/prisma/client";
import { checkRequestFitsBalance } from "~/lib/balances";
import { todayIn, yearOf } from "~/lib/dates";
import type { ApiVacation, ApiVacationWithoutReason } from "~/lib/schemas/api-responses";
import { splitEmails, type VacationRequestInput } from "~/lib/schemas/vacation";
import { asVacationStatus, holdsDates } from "~/lib/statuses";
import type { VacationFilters } from "~/lib/vacation-filters";
import { chargeRefusal, chargeRequest, parseLeaveUnit, type LeaveRequest, type LeaveUnit } from "~/lib/leave-charge";
import { readLeaveRequest } from "~/lib/leave-request";
import { checkLeaveRules, type RuleFinding } from "~/lib/leave-rules";
import { constantSchedule, type ScheduleSource } from "~/lib/work-schedule";
import { countWorkingDays, type HolidayCalendar, type VacationRange } from "~/lib/working-days";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { assertAllowed, canCancel, canReview, isAdmin, seesVacationDetailsOf, type Requester, type Viewer } from "~/utils/permissions.server";
import { reviewersOf, withReviewRouting } from "./approval.server";
import { chargedSchedulesText } from "./charged-schedules.server";
import { balanceShortfallError, balanceVacationSelect, loadBalanceInputs } from "./balance.server";
import { assertOutsideRecipientsAllowed, notifyDecision, notifyNewRequest } from "./vacation-notify.server";
import { pageAndTotal } from "~/lib/paging";
import { countVacations, readVacations, vacationFilterWhere } from "./vacation-list.server";
import { enqueueWebhookEvents, kickWebhooks } from "./webhook.server";
import { enqueueChatNotifications, kickChat } from "./chat-delivery.server";
import { applicableBlackouts } from "./blackout.server";
import { assertCoverOnApprove, checkTeamCover, coverRefusal } from "./cover.server";

/** A stored request as lists and the API show it: what balances count, plus its story. */
export const vacationSelect = {
  ...balanceVacationSelect,
  companyId: true,
  description: true,
  notificationRecipients: true,
  reviewerId: true,
  reviewedAt: true,
  autoApproved: true,
  createdAt: true,
  startTime: true,
  endTime: true,
  hoursPerDay: true,
} as const;

export type VacationRow = Prisma.VacationGetPayload<{ select: typeof vacationSelect }> & {
  /** Set when the viewer may see that the person is away but not why (seesVacationDetailsOf). */
  reasonHidden?: boolean;
};

/**
 * The /api shape (spec section 3 names). A hidden reason leaves no description, type or recipients.
 * Made for JSON.stringify: the recipients' object may be shared with other vacations' answers.
 */
export function serializeVacation(v: VacationRow, workingDays?: number, amount?: VacationAmount): ApiVacation | ApiVacationWithoutReason {
  // working_days set after the others (last in the JSON) rather than spread in: a spread in an
  // object literal copies through a slow path, ~1 µs of a vacation's ~1.5 in a list of hundreds.
  let shape: ApiVacation | ApiVacationWithoutReason;
  if (v.reasonHidden) {
    shape = {
      id: v.id,
      user_id: v.userId,
      start_date: v.startDate,
      end_date: v.endDate,
      half_day_start: v.halfDayStart,
      half_day_end: v.halfDayEnd,
      status: asVacationStatus(v.status),
      description: "",
      absence_category_id: null,
      notification_recipients: null,
      reason_hidden: true,
      created_at: v.createdAt.toISOString(),
      start_time: v.startTime,
      end_time: v.endTime,
      hours_per_day: v.hoursPerDay,
    };
  } else {
    shape = {
      id: v.id,
      user_id: v.userId,
      start_date: v.startDate,
      end_date: v.endDate,
      half_day_start: v.halfDayStart,
      half_day_end: v.halfDayEnd,
      status: asVacationStatus(v.status),
      description: v.description,
      absence_category_id: v.categoryId,
      notification_recipients: recipientsOf(v.notificationRecipients),
      reviewer_id: v.reviewerId,
      reviewed_at: v.reviewedAt?.toISOString() ?? null,
      auto_approved: v.autoApproved,
      created_at: v.createdAt.toISOString(),
      start_time: v.startTime,
      end_time: v.endTime,
      hours_per_day: v.hoursPerDay,
      // Callers pass the category's unit (categoryUnits); "day" is the spec's unit of before.
      unit: amount?.unit ?? "day",
    };
  }
  if (workingDays !== undefined) shape.working_days = workingDays;
  if (amount?.hours !== undefined && !v.reasonHidden) (shape as ApiVacation).hours = amount.hours;
  return shape;
}

/** What the API adds to a vacation it knows the charge of: its category's unit, and the hours charged. */
export interface VacationAmount {
  unit: LeaveUnit;
  hours?: number;
}

/**
 * Each category's unit, for lists that answer it (one small query, whatever the list's length).
 * Vacations are read without their category, so their covering index keeps serving lists.
 */
export async function categoryUnits(viewer: Viewer): Promise<Map<string, LeaveUnit>> {
  const rows = await getDb().absenceCategory.findMany({ where: { companyId: viewer.companyId }, select: { id: true, unit: true } });
  return new Map(rows.map((row) => [row.id, parseLeaveUnit(row.unit)]));
}

// Nearly every vacation stores one of a few recipient choices ({"type":"team_admins"}): each text
// is parsed once and its (frozen) object shared, not parsed again for each vacation of a list.
const parsedRecipients = new Map<string, ApiVacation["notification_recipients"]>();
const MAX_PARSED_RECIPIENTS = 256;

function recipientsOf(stored: string): ApiVacation["notification_recipients"] {
  let parsed = parsedRecipients.get(stored);
  if (parsed === undefined) {
    parsed = deepFreeze(JSON.parse(stored) as ApiVacation["notification_recipients"]);
    if (parsedRecipients.size >= MAX_PARSED_RECIPIENTS) parsedRecipients.clear();
    parsedRecipients.set(stored, parsed);
  }
  return parsed;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Everything the rules need about one requester for the years a range touches: a fixed number of queries. */
export async function requesterContext(tx: Prisma.TransactionClient, viewer: Viewer, fromYear: number, toYear: number) {
  const [inputs, routing] = await Promise.all([
    loadBalanceInputs(tx, viewer.companyId, { fromYear, toYear, userIds: [viewer.userId] }),
    reviewersOf(viewer.companyId, { id: viewer.userId, role: viewer.role, teamId: viewer.teamId }, todayIn(viewer.timeZone), tx),
  ]);
  if (!inputs.peopleById.has(viewer.userId)) throw new AppError(404, "not_found", "errors.userNotFound");
  const allowances = [];
  const accruals = [];
  for (let year = fromYear; year <= toYear; year++) {
    const row = inputs.allowanceOf(viewer.userId, year);
    if (row) allowances.push(row);
    const accrual = inputs.accrualOf(viewer.userId, year);
    if (accrual) accruals.push({ year, earned: accrual.earned, limit: accrual.limit });
  }
  return {
    inputs,
    routing,
    allowances,
    accruals,
    vacations: inputs.vacationsOf(viewer.userId),
    carried: inputs.carriedOf(viewer.userId),
    calendar: inputs.calendarOf(viewer.userId),
    schedules: inputs.schedulesOf(viewer.userId),
  };
}

/**
 * The working days a request takes, or a 400 when it takes none. With work schedules (decision
 * 0077) the days are the person's and the refusal says "days you do not work"; without, the
 * Monday–Friday count and message of before.
 */
export function requestedWorkingDays(range: VacationRange, calendar: HolidayCalendar, schedules: ScheduleSource | undefined): number {
  if (!schedules) {
    const days = countWorkingDays(range, calendar);
    if (days === 0) throw new AppError(400, "no_working_days", "vacation.noWorkingDays", { fields: { endDate: "vacation.noWorkingDays" } });
    return days;
  }
  const charge = chargeRequest(range, { schedules, calendar, unit: "day" });
  if (chargeRefusal(charge)) throw new AppError(400, "no_working_days", "workSchedules.errors.noWorkingDay", { fields: { endDate: "workSchedules.errors.noWorkingDay" } });
  return charge.days;
}

/**
 * The hours a request of an hour category is charged (decision 0081): the schedule's hours of its
 * working days, capped by the hours asked; a 400 when it takes no working day, as in days.
 */
export function requestedHours(request: LeaveRequest, calendar: HolidayCalendar, schedules: ScheduleSource | undefined): { workingDays: number; hours: number } {
  const charge = chargeRequest(request, { schedules: schedules ?? constantSchedule(), calendar, unit: "hour" });
  if (chargeRefusal(charge)) {
    const key = schedules ? "workSchedules.errors.noWorkingDay" : "vacation.noWorkingDays";
    throw new AppError(400, "no_working_days", key, { fields: { endDate: key } });
  }
  return { workingDays: charge.workingDays, hours: charge.amount };
}

/** The columns a request in hours keeps (all null for days). */
export function hourFieldsOf(request: LeaveRequest) {
  if (request.kind === "time") return { startTime: request.startTime, endTime: request.endTime, hoursPerDay: null };
  if (request.kind === "hours") return { startTime: null, endTime: null, hoursPerDay: request.hoursPerDay };
  return { startTime: null, endTime: null, hoursPerDay: null };
}

/** The category columns checkLeaveRules reads. */
export const categoryRulesSelect = { minNoticeDays: true, minNoticeMode: true, maxConsecutiveDays: true, maxConsecutiveMode: true, minRequestDays: true, minRequestMode: true } as const;

/** A request refused by a blocking rule: 409 with the rule's message (the API's `detail`, the form's error). */
export function ruleRefusal(finding: RuleFinding): AppError {
  return new AppError(409, "leave_rule", finding.key, { params: finding.params });
}

/** The warnings stored on a request (decision 0087); a row without any, or unreadable, has none. */
export function parseRuleWarnings(stored: string | null | undefined): RuleFinding[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? (parsed as RuleFinding[]).filter((item) => typeof item?.key === "string" && (item.key.startsWith("leaveRules.findings.") || item.key.startsWith("cover.findings."))) : [];
  } catch {
    return [];
  }
}

/**
 * The warnings of the viewer's own request named by the page's `warned` parameter (after the
 * redirect of a request made with warnings); no query without the parameter.
 */
export async function ownRuleWarnings(viewer: Viewer, params: URLSearchParams): Promise<RuleFinding[]> {
  const id = params.get("warned");
  if (!id || id.length > 64) return [];
  const row = await getDb().vacation.findFirst({ where: { id, companyId: viewer.companyId, userId: viewer.userId }, select: { ruleWarnings: true } });
  return parseRuleWarnings(row?.ruleWarnings);
}

/** The stored warnings of a page of requests read with them, by id (rows without any are left out). */
export function ruleWarningsOf(rows: readonly { id: string; ruleWarnings: string | null }[]): Record<string, RuleFinding[]> {
  return Object.fromEntries(rows.filter((row) => row.ruleWarnings !== null).map((row) => [row.id, parseRuleWarnings(row.ruleWarnings)]));
}

export interface CreateOptions {
  /** An admin may grant a request beyond the remaining balance. */
  overrideBalance?: boolean;
}

export async function createVacation(viewer: Viewer, input: VacationRequestInput, options: CreateOptions = {}) {
  if (input.startDate > input.endDate) {
    throw new AppError(400, "invalid_range", "vacation.startAfterEnd", { fields: { endDate: "vacation.startAfterEnd" } });
  }
  const { companyId } = viewer;
  const recipients =
    input.recipientType === "custom"
      ? { type: "custom", emails: splitEmails(input.customEmails) }
      : { type: input.recipientType };
  if (recipients.emails) await assertOutsideRecipientsAllowed(companyId, viewer.userId, recipients.emails);
  const db = getDb();
  // The overlap check and the insert share one transaction; SQLite runs one write transaction at a
  // time (and the adapter serialises transactions in a process), so two simultaneous overlapping
  // requests cannot both pass the check (docs/decisions/0008-absences.md).
  const created = await db.$transaction(async (tx) => {
    // The leave year holding the start begins in its calendar year or the one before (decision
    // 0080); the company's start month is read inside the transaction, so both are loaded.
    const ctx = await requesterContext(tx, viewer, yearOf(input.startDate) - 1, yearOf(input.endDate));
    const category = await tx.absenceCategory.findFirst({ where: { companyId, id: input.categoryId, active: true }, select: { id: true, requiresApproval: true, unit: true, ...categoryRulesSelect } });
    if (!category) throw new AppError(400, "invalid_category", "vacation.categoryInvalid", { fields: { categoryId: "vacation.categoryInvalid" } });
    // A user's request needs an admin of their team (spec section 6); an admin's or owner's goes
    // to the other admins (docs/decisions/0018-approval-routing.md).
    if (viewer.role === "user" && ctx.routing.route !== "team") {
      throw new AppError(409, "no_assigned_admin", "vacation.noAdmin");
    }
    const unit = parseLeaveUnit(category.unit);
    const read = readLeaveRequest(input, unit);
    if (!read.ok) throw new AppError(400, "invalid_hours", read.problem.key, { fields: { [read.problem.field]: read.problem.key } });
    const range = { startDate: input.startDate, endDate: input.endDate, halfDayStart: input.halfDayStart, halfDayEnd: input.halfDayEnd };
    const { workingDays, hours } = unit === "hour" ? requestedHours(read.request, ctx.calendar, ctx.schedules) : { workingDays: requestedWorkingDays(range, ctx.calendar, ctx.schedules), hours: undefined };
    const clash = ctx.vacations.find(
      (v) => holdsDates(v.status) && v.startDate <= input.endDate && v.endDate >= input.startDate,
    );
    if (clash) throw new AppError(409, "overlap", "vacation.overlap");
    // The type's rules (decision 0087): a blocking one refuses with its message; warnings are kept
    // on the row for the approver and answered to the requester.
    // Lock dates (decision 0091) are findings of the same check.
    const blackouts = await applicableBlackouts(tx, companyId, viewer, category.id, range);
    const rules = checkLeaveRules({ request: range, rules: category, blackouts, today: todayIn(viewer.timeZone), workingDays, unit });
    if (rules.blocks.length > 0) throw ruleRefusal(rules.blocks[0]!);
    // The team's minimum cover (decision 0091): locks the team's rule row, then counts who is off.
    const cover = await checkTeamCover(tx, companyId, viewer, range);
    if (cover?.mode === "block" && cover.findings.length > 0) throw coverRefusal(cover.findings[0]!);
    const warningsFound = [...rules.warnings, ...(cover?.mode === "warn" ? cover.findings : [])];
    const ruleWarnings = warningsFound.length > 0 ? warningsFound : null;
    // An hour category's request is checked in hours against a balance in hours (decision 0081).
    const shortfall = checkRequestFitsBalance({
      request: { ...range, ...hourFieldsOf(read.request), categoryId: category.id },
      vacations: ctx.vacations,
      allowances: ctx.allowances,
      categories: ctx.inputs.categories,
      calendar: ctx.calendar,
      countDays: ctx.inputs.countDaysOf(viewer.userId),
      countHours: ctx.inputs.countHoursOf(viewer.userId),
      leaveYearStartMonth: ctx.inputs.leaveYearStartMonth,
      carried: ctx.carried,
      accruals: ctx.accruals,
    });
    if (shortfall && !(options.overrideBalance && isAdmin(viewer))) throw balanceShortfallError(shortfall);
    // An absence category that needs no approval is recorded, not requested: approved as it is made, by nobody
    // (reviewer null, not the auto-approval job either); docs/decisions/0021-absence-types.md. So is
    // the request of the company's only admin, whom nobody else could review (decision 0018).
    const soleAdmin = ctx.routing.reviewers.length === 0;
    const status = category.requiresApproval && !soleAdmin ? "pending" : "approved";
    const vacation = await tx.vacation.create({
      data: {
        companyId,
        userId: viewer.userId,
        categoryId: category.id,
        ...range,
        ...hourFieldsOf(read.request),
        // The schedules it is charged with: a schedule changed later leaves its amount as it is (decision 0083).
        chargedSchedules: chargedSchedulesText(ctx.schedules, range.startDate, range.endDate),
        ruleWarnings: ruleWarnings && JSON.stringify(ruleWarnings),
        description: input.description,
        notificationRecipients: JSON.stringify(recipients),
        status,
        reviewedAt: status === "approved" ? new Date() : null,
      },
      select: vacationSelect,
    });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "vacation.created",
        entity: "vacation",
        entityId: vacation.id,
        details: {
          start_date: range.startDate,
          end_date: range.endDate,
          category: category.id,
          working_days: workingDays,
          ...(hours !== undefined ? { hours } : {}),
          balance_override: Boolean(shortfall),
          ...(ruleWarnings ? { rule_warnings: ruleWarnings.map((warning) => warning.key.replace("leaveRules.findings.", "").replace("cover.findings.", "cover.")) } : {}),
          status,
          approval_required: category.requiresApproval,
          ...(soleAdmin && category.requiresApproval ? { approved_because: "no_other_admin" } : {}),
        },
      },
      tx,
    );
    // A request recorded as approved (no approval needed) is requested and approved at once.
    const shown = () => serializeVacation(vacation, workingDays, { unit, hours } as VacationAmount);
    const webhooks = await enqueueWebhookEvents(tx, companyId, [
      { type: "absence.requested", data: shown },
      ...(status === "approved" ? [{ type: "absence.approved" as const, data: shown }] : []),
    ]);
    // Slack and Teams (decision 0094): queued with the request, sent after the commit.
    const chat = status === "pending" ? await enqueueChatNotifications(tx, companyId, vacation.id, ctx.routing.reviewers.map((reviewer) => reviewer.id)) : 0;
    return { vacation, workingDays, amount: { unit, hours } as VacationAmount, approvedAsOnlyAdmin: soleAdmin && category.requiresApproval, ruleWarnings: ruleWarnings ?? [], webhooks, chat };
  });
  kickWebhooks(created.webhooks);
  kickChat(created.chat);
  // After the commit, so a slow mail never holds the write lock; delivery itself is queued.
  await notifyNewRequest(viewer, created.vacation.id);
  return created;
}

const requesterSelect = { id: true, role: true, teamId: true } as const;

/** One request of the viewer's company with the facts the permission rules need about its requester. */
async function findRequest(viewer: Viewer, id: string): Promise<VacationRow & { requester: Requester }> {
  const found = await getDb().vacation.findFirst({ where: { id, companyId: viewer.companyId }, select: { ...vacationSelect, user: { select: requesterSelect } } });
  if (!found) throw new AppError(404, "not_found", "vacation.notFound");
  const { user, ...vacation } = found;
  return { ...vacation, requester: user };
}

export async function getVacation(viewer: Viewer, id: string): Promise<VacationRow> {
  const { requester, ...vacation } = await findRequest(viewer, id);
  return seesVacationDetailsOf(viewer, requester) ? vacation : { ...vacation, reasonHidden: true };
}

/**
 * Colleagues see that someone is away, not why: rows of people the viewer may not see in detail
 * are marked (one query, only for viewers who are no company admin and see others' rows).
 */
async function hideReasons(viewer: Viewer, rows: VacationRow[]): Promise<VacationRow[]> {
  if (isAdmin(viewer)) return rows;
  const others = [...new Set(rows.filter((row) => row.userId !== viewer.userId).map((row) => row.userId))];
  if (others.length === 0) return rows;
  const people = await getDb().user.findMany({ where: { companyId: viewer.companyId, id: { in: others } }, select: { id: true, teamId: true } });
  const teamOf = new Map(people.map((person) => [person.id, person.teamId]));
  return rows.map((row) => (seesVacationDetailsOf(viewer, { id: row.userId, teamId: teamOf.get(row.userId) ?? null }) ? row : { ...row, reasonHidden: true }));
}

/** A pending request's decision: the conditional update decides races (one wins), audited in the same transaction. */
async function applyDecision(companyId: string, id: string, decision: "approved" | "rejected", reviewerId: string | null, now: Date) {
  const decided = await decideInTransaction(companyId, id, decision, reviewerId, now);
  kickWebhooks(decided.webhooks);
  await notifyDecision(companyId, id);
  return decided.row!;
}

/**
 * The decision's transaction. The request is read again for the webhooks' payload and the
 * caller's answer; without a caller that wants it (`readRow: false`), only when an endpoint does.
 */
async function decideInTransaction(companyId: string, id: string, decision: "approved" | "rejected", reviewerId: string | null, now: Date, { readRow = true } = {}) {
  return getDb().$transaction(async (tx) => {
    // Approving cannot break a blocking cover rule the request was not warned about (decision 0091).
    if (decision === "approved") await assertCoverOnApprove(tx, companyId, id);
    const { count } = await tx.vacation.updateMany({
      where: { id, companyId, status: "pending" },
      data: { status: decision, reviewerId, reviewedAt: now, autoApproved: reviewerId === null },
    });
    if (count !== 1) throw new AppError(409, "not_pending", "vacation.notPending");
    await recordAudit(
      {
        companyId,
        actorId: reviewerId,
        action: reviewerId === null ? "vacation.auto_approved" : `vacation.${decision}`,
        entity: "vacation",
        entityId: id,
        details: { status: { old: "pending", new: decision } },
      },
      tx,
    );
    let row = readRow ? await tx.vacation.findUniqueOrThrow({ where: { id }, select: vacationSelect }) : undefined;
    const data = async () => serializeVacation((row ??= await tx.vacation.findUniqueOrThrow({ where: { id }, select: vacationSelect })));
    return { row, webhooks: await enqueueWebhookEvents(tx, companyId, [{ type: `absence.${decision}`, data }]) };
  });
}

/** Approve or reject, only while pending, only within the viewer's review scope. */
export async function decideVacation(viewer: Viewer, id: string, decision: "approved" | "rejected", options: { now?: Date } = {}) {
  const request = await findRequest(viewer, id);
  if (request.status !== "pending") throw new AppError(409, "not_pending", "vacation.notPending");
  assertAllowed(canReview(await withReviewRouting(viewer), request, request.requester));
  return applyDecision(viewer.companyId, id, decision, viewer.userId, options.now ?? new Date());
}

/**
 * The auto-approval job's decision: no person decides, so no viewer; only ever approves. The
 * requester is told by the job, a company's requests at once (notifyDecisions), after the commits.
 */
export async function autoApproveVacation(companyId: string, id: string, now: Date) {
  const decided = await decideInTransaction(companyId, id, "approved", null, now, { readRow: false });
  kickWebhooks(decided.webhooks);
}

/**
 * Cancelling keeps the row (status cancelled) for history and audit. Who may: canCancel in
 * app/utils/permissions.server.ts.
 */
export async function cancelVacation(viewer: Viewer, id: string, today: string) {
  const request = await findRequest(viewer, id);
  if (request.status === "cancelled") throw new AppError(409, "already_cancelled", "vacation.alreadyCancelled");
  if (!canCancel(await withReviewRouting(viewer), request, request.requester, today)) {
    // The requester's own started vacation is a clearer message than "forbidden".
    if (request.userId === viewer.userId) throw new AppError(409, "already_started", "vacation.alreadyStarted");
    throw new AppError(403, "forbidden", "errors.forbidden");
  }
  const { companyId } = viewer;
  const webhooks = await getDb().$transaction(async (tx) => {
    // Conditional, so two simultaneous cancellations change (and audit) it once.
    const { count } = await tx.vacation.updateMany({ where: { id, companyId, status: { not: "cancelled" } }, data: { status: "cancelled" } });
    if (count !== 1) throw new AppError(409, "already_cancelled", "vacation.alreadyCancelled");
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "vacation.cancelled", entity: "vacation", entityId: id, details: changes({ status: request.status }, { status: "cancelled" }) },
      tx,
    );
    return enqueueWebhookEvents(tx, companyId, [{ type: "absence.cancelled", data: async () => serializeVacation(await tx.vacation.findUniqueOrThrow({ where: { id }, select: vacationSelect })) }]);
  });
  kickWebhooks(webhooks);
}

/** The CSV export takes every row under the filters, up to this many. */
export const MAX_EXPORT_ROWS = 100_000;

/** A page of vacations overlapping [dateFrom, dateTo], newest first; two queries whatever the size (one when the page is the last). */
export async function searchVacations(viewer: Viewer, filters: VacationFilters & { offset?: number; limit?: number }) {
  const where = vacationFilterWhere(viewer, filters);
  const limit = Math.min(Math.max(filters.limit ?? 10, 1), MAX_EXPORT_ROWS);
  const offset = Math.max(filters.offset ?? 0, 0);
  const { items, total } = await pageAndTotal(
    { offset, limit },
    () => readVacations(vacationSelect, where, { order: "newest", page: { offset, limit } }),
    () => countVacations(where),
  );
  return { items: await hideReasons(viewer, items), total, offset, limit };
}
