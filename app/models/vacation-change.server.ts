// Changing an approved absence (issue 41, decision 0093). Its owner proposes new dates or a new
// type; the absence stands as it is until an approver of its owner's requests approves the change.
// An admin who manages the owner changes it at once. The new version passes the checks a new
// request passes (createVacation's own functions), with the absence itself left out.
import type { Prisma } from "~/generated/prisma/client";
import { applicableBlackouts } from "./blackout.server";
import { checkTeamCover, coverRefusal } from "./cover.server";
import { checkRequestFitsBalance, computeBalances, parseCategoryBalance, type BalanceKind } from "~/lib/balances";
import { todayIn, yearOf } from "~/lib/dates";
import { parseLeaveUnit, type LeaveUnit } from "~/lib/leave-charge";
import { readLeaveRequest } from "~/lib/leave-request";
import { checkLeaveRules } from "~/lib/leave-rules";
import type { VacationRequestInput } from "~/lib/schemas/vacation";
import { holdsDates } from "~/lib/statuses";
import { addedRanges, changesSomething, keepsTakenDays } from "~/lib/vacation-change";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { getEnv } from "~/utils/env.server";
import { languageOr } from "~/i18n";
import { leaveYearOf } from "~/lib/leave-year";
import { managesRequestsOf, type Requester, type RoutedViewer, type Viewer } from "~/utils/permissions.server";
import { pendingChangesWhere, reviewersOf, withReviewRouting } from "./approval.server";
import { balanceShortfallError } from "./balance.server";
import { chargedSchedulesText } from "./charged-schedules.server";
import {
  categoryRulesSelect,
  hourFieldsOf,
  requestedHours,
  requestedWorkingDays,
  requesterContext,
  ruleRefusal,
  serializeVacation,
  vacationSelect,
  type VacationRow,
} from "./vacation.server";
import { enqueueWebhookEvents, kickWebhooks } from "./webhook.server";
import type { ApiVacationChange } from "~/lib/schemas/vacation-change";
import { renderChangeDecisionMail, renderChangeProposedMail } from "~/emails/vacation-change.server";
import { categoryName } from "~/components/absence-category-name";
import { displayName } from "~/lib/people";
import { getT } from "~/utils/i18n.server";

/** What a change proposes: the new version's fields of a request (its description and recipients stay). */
export type ChangeInput = Pick<VacationRequestInput, "startDate" | "endDate" | "halfDayStart" | "halfDayEnd" | "categoryId" | "startTime" | "endTime" | "hoursPerDay">;

const changeSelect = {
  id: true,
  vacationId: true,
  startDate: true,
  endDate: true,
  halfDayStart: true,
  halfDayEnd: true,
  startTime: true,
  endTime: true,
  hoursPerDay: true,
  categoryId: true,
  status: true,
  requestedById: true,
  decidedById: true,
  decidedAt: true,
  createdAt: true,
} as const;

export type VacationChangeRow = Prisma.VacationChangeGetPayload<{ select: typeof changeSelect }>;

type Tx = Prisma.TransactionClient;

/** The owner as the viewer createVacation's checks are written for: their routing, their balance. */
function asOwner(viewer: Viewer, owner: Requester): Viewer {
  return { ...viewer, userId: owner.id, role: owner.role === "owner" || owner.role === "admin" ? owner.role : "user", teamId: owner.teamId };
}

async function findAbsence(db: Tx | ReturnType<typeof getDb>, viewer: Viewer, vacationId: string) {
  const found = await db.vacation.findFirst({
    where: { id: vacationId, companyId: viewer.companyId },
    select: { ...vacationSelect, user: { select: { id: true, role: true, teamId: true } } },
  });
  if (!found) throw new AppError(404, "not_found", "vacation.notFound");
  const { user, ...vacation } = found;
  return { vacation: vacation as VacationRow, owner: user as Requester };
}

/** Who may do what with an absence's changes: one rule, for the screens and the models. */
export function changeRights(viewer: RoutedViewer, vacation: { userId: string; status: string }, owner: Requester) {
  const approved = vacation.status === "approved";
  const manages = managesRequestsOf(viewer, owner);
  return {
    /** The owner proposes; the change waits for an approver. */
    propose: approved && vacation.userId === viewer.userId,
    /** An admin managing the owner changes it at once, and decides the owner's proposals. */
    direct: approved && manages,
    decide: manages,
  };
}

interface CheckedVersion {
  data: {
    startDate: string;
    endDate: string;
    halfDayStart: boolean;
    halfDayEnd: boolean;
    startTime: string | null;
    endTime: string | null;
    hoursPerDay: number | null;
    categoryId: string;
    chargedSchedules: string | null;
  };
  unit: LeaveUnit;
  workingDays: number;
  hours: number | undefined;
  /** The remaining balance of each balance the change touches, with the absence as it is and as changed. */
  effect: { balance: BalanceKind; year: number; before: number; after: number; unit: LeaveUnit }[];
  oldAmount: number | null;
  /** The owner has nobody to approve a change (the company's only admin). */
  soleAdmin: boolean;
}

/**
 * The new version, checked as createVacation checks a request, with the absence itself left out
 * of the overlap and the balance; the days already taken stay as they were. Throws the refusal.
 */
async function checkVersion(tx: Tx, viewer: Viewer, vacation: VacationRow, owner: Requester, input: ChangeInput): Promise<CheckedVersion> {
  if (input.startDate > input.endDate) throw new AppError(400, "invalid_range", "vacation.startAfterEnd", { fields: { endDate: "vacation.startAfterEnd" } });
  const today = todayIn(viewer.timeZone);
  const proposed = { startDate: input.startDate, endDate: input.endDate, halfDayStart: Boolean(input.halfDayStart), halfDayEnd: Boolean(input.halfDayEnd) };
  if (!keepsTakenDays(vacation, proposed, today)) {
    throw new AppError(409, "days_taken", "leaveChange.errors.daysTaken", { params: { today }, fields: { startDate: "leaveChange.errors.daysTaken" } });
  }
  const ownerViewer = asOwner(viewer, owner);
  const fromYear = Math.min(yearOf(vacation.startDate), yearOf(input.startDate)) - 1;
  const toYear = Math.max(yearOf(vacation.endDate), yearOf(input.endDate));
  const ctx = await requesterContext(tx, ownerViewer, fromYear, toYear);
  const category = await tx.absenceCategory.findFirst({
    where: { companyId: viewer.companyId, id: input.categoryId, active: true },
    select: { id: true, unit: true, ...categoryRulesSelect },
  });
  if (!category) throw new AppError(400, "invalid_category", "vacation.categoryInvalid", { fields: { categoryId: "vacation.categoryInvalid" } });
  const unit = parseLeaveUnit(category.unit);
  const read = readLeaveRequest(input, unit);
  if (!read.ok) throw new AppError(400, "invalid_hours", read.problem.key, { fields: { [read.problem.field]: read.problem.key } });
  const hourFields = hourFieldsOf(read.request);
  if (!changesSomething(vacation, { ...proposed, ...hourFields, categoryId: category.id })) {
    throw new AppError(400, "no_change", "leaveChange.errors.noChange");
  }
  const { workingDays, hours } = unit === "hour" ? requestedHours(read.request, ctx.calendar, ctx.schedules) : { workingDays: requestedWorkingDays(proposed, ctx.calendar, ctx.schedules), hours: undefined };
  const others = ctx.vacations.filter((v) => v.id !== vacation.id);
  if (others.some((v) => holdsDates(v.status) && v.startDate <= input.endDate && v.endDate >= input.startDate)) throw new AppError(409, "overlap", "vacation.overlap");
  // Notice counts from a new start only: an unchanged start was given its notice when requested.
  const rules = category.minNoticeDays !== null && input.startDate === vacation.startDate ? { ...category, minNoticeDays: null } : category;
  // Lock dates bind only the days the change adds (all of them when the type changes): days already
  // approved were judged when requested.
  const locks = await applicableBlackouts(tx, viewer.companyId, { userId: owner.id, teamId: owner.teamId }, category.id, proposed);
  const blackouts =
    category.id !== vacation.categoryId
      ? locks
      : locks.filter((lock) => (input.startDate < vacation.startDate && lock.startDate < vacation.startDate) || (input.endDate > vacation.endDate && lock.endDate > vacation.endDate));
  const found = checkLeaveRules({ request: proposed, rules, blackouts, today, workingDays, unit });
  if (found.blocks.length > 0) throw ruleRefusal(found.blocks[0]!);
  // A blocking cover rule binds the days the change adds, as a new request of them would be bound
  // (decision 0091): without it, extending an approved week into a full August would pass.
  for (const added of addedRanges(vacation, proposed)) {
    const cover = await checkTeamCover(tx, viewer.companyId, { userId: owner.id, teamId: owner.teamId }, added);
    if (cover?.mode === "block" && cover.findings.length > 0) throw coverRefusal(cover.findings[0]!);
  }
  const newRow = { ...proposed, ...hourFields, categoryId: category.id };
  const shortfall = checkRequestFitsBalance({
    request: newRow,
    vacations: others,
    allowances: ctx.allowances,
    categories: ctx.inputs.categories,
    calendar: ctx.calendar,
    countDays: ctx.inputs.countDaysOf(owner.id),
    countHours: ctx.inputs.countHoursOf(owner.id),
    leaveYearStartMonth: ctx.inputs.leaveYearStartMonth,
    carried: ctx.carried,
    accruals: ctx.accruals,
  });
  if (shortfall) throw balanceShortfallError(shortfall);
  // The balance effect shown beside the two versions: the leave year of the new start, for the
  // old and the new type's balances (one when the type stays).
  const year = leaveYearOf(input.startDate, ctx.inputs.leaveYearStartMonth).year;
  const base = ctx.inputs.balanceInputOf(owner.id, year);
  const changed = others.concat({ ...newRow, id: vacation.id, userId: owner.id, status: "approved" });
  const now = computeBalances(base);
  const then = computeBalances({ ...base, vacations: changed });
  const kinds = new Set<BalanceKind>();
  for (const id of [vacation.categoryId, category.id]) {
    const kind = parseCategoryBalance(ctx.inputs.categories.find((c) => c.id === id)?.balance ?? "none");
    if (kind !== "none") kinds.add(kind);
  }
  return {
    data: { ...newRow, chargedSchedules: chargedSchedulesText(ctx.schedules, input.startDate, input.endDate) },
    unit,
    workingDays,
    hours,
    oldAmount: amountOf(vacation, ctx),
    soleAdmin: ctx.routing.reviewers.length === 0,
    effect: [...kinds].map((balance) => ({ balance, year, before: now[balance].remaining, after: then[balance].remaining, unit: ctx.inputs.units[balance] })),
  };
}

/** What the absence as it stands is charged, in its own type's unit; null when it no longer takes a working day. */
function amountOf(vacation: VacationRow, ctx: Awaited<ReturnType<typeof requesterContext>>): number | null {
  const unit = parseLeaveUnit(ctx.inputs.categories.find((c) => c.id === vacation.categoryId)?.unit);
  const read = readLeaveRequest({ ...vacation, startTime: vacation.startTime ?? undefined, endTime: vacation.endTime ?? undefined, hoursPerDay: vacation.hoursPerDay ?? undefined }, unit);
  if (!read.ok) return null;
  try {
    return unit === "hour" ? requestedHours(read.request, ctx.calendar, ctx.schedules).hours : requestedWorkingDays(vacation, ctx.calendar, ctx.schedules);
  } catch {
    return null;
  }
}

/** The audit's old and new values of a change. */
function versionFields(v: { startDate: string; endDate: string; halfDayStart: boolean; halfDayEnd: boolean; categoryId: string; startTime: string | null; endTime: string | null; hoursPerDay: number | null }) {
  return { start_date: v.startDate, end_date: v.endDate, half_day_start: v.halfDayStart, half_day_end: v.halfDayEnd, category: v.categoryId, start_time: v.startTime, end_time: v.endTime, hours_per_day: v.hoursPerDay };
}

/** Writes the new version on the absence (only while it is still approved), audited and announced. */
async function applyVersion(tx: Tx, viewer: Viewer, vacation: VacationRow, checked: CheckedVersion, changeId: string, how: "direct" | "approved") {
  const { count } = await tx.vacation.updateMany({ where: { id: vacation.id, companyId: viewer.companyId, status: "approved" }, data: checked.data });
  if (count !== 1) throw new AppError(409, "not_approved", "leaveChange.errors.notApproved");
  const { chargedSchedules: _charged, ...fields } = checked.data;
  await recordAudit(
    {
      companyId: viewer.companyId,
      actorId: viewer.userId,
      action: "vacation.changed",
      entity: "vacation",
      entityId: vacation.id,
      details: { ...changes(versionFields(vacation), versionFields(fields)), change_id: changeId, how },
    },
    tx,
  );
  const updated = await tx.vacation.findUniqueOrThrow({ where: { id: vacation.id }, select: vacationSelect });
  return enqueueWebhookEvents(tx, viewer.companyId, [
    { type: "absence.changed", data: () => ({ ...serializeVacation(updated, checked.workingDays, { unit: checked.unit, hours: checked.hours }), previous: serializeVacation(vacation) }) },
  ]);
}

/**
 * The owner proposes a change of their approved absence; an admin managing the owner changes it at
 * once (`direct`), as does the owner who has nobody to approve it (the company's only admin, as
 * createVacation records their requests).
 */
export async function proposeVacationChange(viewer: Viewer, vacationId: string, asked: Omit<ChangeInput, "categoryId"> & { categoryId?: string }) {
  const { vacation, owner } = await findAbsence(getDb(), viewer, vacationId);
  const input = { ...asked, categoryId: asked.categoryId ?? vacation.categoryId };
  const rights = changeRights(await withReviewRouting(viewer), vacation, owner);
  if (vacation.status !== "approved") throw new AppError(409, "not_approved", "leaveChange.errors.notApproved");
  if (!rights.propose && !rights.direct) throw new AppError(403, "forbidden", "errors.forbidden");
  const result = await getDb().$transaction(async (tx) => {
    const checked = await checkVersion(tx, viewer, vacation, owner, input);
    const pending = await tx.vacationChange.findFirst({ where: { pendingFor: vacation.id }, select: { id: true } });
    if (pending) throw new AppError(409, "change_pending", "leaveChange.errors.pending");
    const direct = rights.direct || checked.soleAdmin;
    const now = new Date();
    const change = await tx.vacationChange.create({
      data: {
        companyId: viewer.companyId,
        vacationId: vacation.id,
        ...checked.data,
        status: direct ? "approved" : "pending",
        pendingFor: direct ? null : vacation.id,
        requestedById: viewer.userId,
        decidedById: direct ? viewer.userId : null,
        decidedAt: direct ? now : null,
      },
      select: changeSelect,
    });
    if (direct) return { change, webhooks: await applyVersion(tx, viewer, vacation, checked, change.id, "direct") };
    const { chargedSchedules: _charged, ...fields } = checked.data;
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "vacation.change_requested",
        entity: "vacation",
        entityId: vacation.id,
        details: { ...changes(versionFields(vacation), versionFields(fields)), change_id: change.id },
      },
      tx,
    );
    return { change, webhooks: 0 };
  }).catch((error: unknown) => {
    // Two proposals at once: the unique pendingFor lets one in.
    if ((error as { code?: string } | null)?.code === "P2002") throw new AppError(409, "change_pending", "leaveChange.errors.pending");
    throw error;
  });
  kickWebhooks(result.webhooks);
  if (result.change.status === "pending") await notifyChangeProposed(viewer, vacation, owner, result.change);
  return result.change;
}

/**
 * The owner's proposal goes, after the commit, to whoever would decide a request of theirs
 * (reviewersOf, as a new request's e-mail): both versions, and the way to Approvals.
 */
async function notifyChangeProposed(viewer: Viewer, vacation: VacationRow, owner: Requester, change: VacationChangeRow) {
  const db = getDb();
  const { reviewers } = await reviewersOf(viewer.companyId, owner, todayIn(viewer.timeZone));
  if (reviewers.length === 0) return;
  const [person, categories] = await Promise.all([
    db.user.findFirst({ where: { id: owner.id, companyId: viewer.companyId }, select: { email: true, fullName: true, name: true, preferredLanguage: true } }),
    db.absenceCategory.findMany({ where: { companyId: viewer.companyId, id: { in: [vacation.categoryId, change.categoryId] } }, select: { id: true, name: true } }),
  ]);
  if (!person) return;
  for (const reviewer of reviewers) {
    const language = languageOr(reviewer.preferredLanguage ?? person.preferredLanguage);
    const t = getT(language);
    const typeOf = (id: string) => categoryName(t, categories.find((c) => c.id === id), id);
    await queueMail({
      to: reviewer.email,
      companyId: viewer.companyId,
      ...renderChangeProposedMail(language, {
        name: displayName(reviewer),
        requester: displayName(person),
        before: { ...vacation, type: typeOf(vacation.categoryId) },
        after: { ...change, type: typeOf(change.categoryId) },
        appUrl: getEnv().APP_URL,
      }),
    });
  }
}

async function findChange(viewer: Viewer, vacationId: string, changeId: string) {
  const change = await getDb().vacationChange.findFirst({ where: { id: changeId, vacationId, companyId: viewer.companyId }, select: changeSelect });
  if (!change) throw new AppError(404, "not_found", "leaveChange.errors.notFound");
  return change;
}

/** An approver approves or rejects a pending change (never their own absence's). */
export async function decideVacationChange(viewer: Viewer, vacationId: string, changeId: string, decision: "approved" | "rejected") {
  const change = await findChange(viewer, vacationId, changeId);
  const { vacation, owner } = await findAbsence(getDb(), viewer, vacationId);
  if (!changeRights(await withReviewRouting(viewer), vacation, owner).decide) throw new AppError(403, "forbidden", "errors.forbidden");
  if (change.status !== "pending") throw new AppError(409, "change_not_pending", "leaveChange.errors.notPending");
  const webhooks = await getDb().$transaction(async (tx) => {
    // Conditional, so a withdrawal or another decision at the same moment wins or loses whole.
    const { count } = await tx.vacationChange.updateMany({
      where: { id: change.id, status: "pending" },
      data: { status: decision, pendingFor: null, decidedById: viewer.userId, decidedAt: new Date() },
    });
    if (count !== 1) throw new AppError(409, "change_not_pending", "leaveChange.errors.notPending");
    if (decision === "approved") {
      // Checked again: the person's other absences and balance may have moved since it was proposed.
      const checked = await checkVersion(tx, viewer, vacation, owner, { ...change, startTime: change.startTime ?? undefined, endTime: change.endTime ?? undefined, hoursPerDay: change.hoursPerDay ?? undefined });
      return applyVersion(tx, viewer, vacation, checked, change.id, "approved");
    }
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "vacation.change_rejected", entity: "vacation", entityId: vacation.id, details: { change_id: change.id, status: { old: "pending", new: "rejected" } } },
      tx,
    );
    return 0;
  });
  kickWebhooks(webhooks);
  await notifyChangeDecision(viewer.companyId, vacation, change, decision);
  return { ...change, status: decision, decidedById: viewer.userId, decidedAt: new Date() };
}

/** The person who proposed a pending change takes it back. */
export async function withdrawVacationChange(viewer: Viewer, vacationId: string, changeId: string) {
  const change = await findChange(viewer, vacationId, changeId);
  if (change.requestedById !== viewer.userId) throw new AppError(403, "forbidden", "errors.forbidden");
  if (change.status !== "pending") throw new AppError(409, "change_not_pending", "leaveChange.errors.notPending");
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.vacationChange.updateMany({ where: { id: change.id, status: "pending" }, data: { status: "withdrawn", pendingFor: null, decidedAt: new Date() } });
    if (count !== 1) throw new AppError(409, "change_not_pending", "leaveChange.errors.notPending");
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "vacation.change_withdrawn", entity: "vacation", entityId: vacationId, details: { change_id: change.id, status: { old: "pending", new: "withdrawn" } } },
      tx,
    );
  });
  return { ...change, status: "withdrawn", decidedAt: new Date() };
}

/** The requester's e-mail, after the commit, as decisions of requests are mailed. */
async function notifyChangeDecision(companyId: string, vacation: VacationRow, change: VacationChangeRow, decision: "approved" | "rejected") {
  const requester = await getDb().user.findFirst({ where: { id: change.requestedById ?? vacation.userId, companyId }, select: { email: true, fullName: true, preferredLanguage: true } });
  if (!requester) return;
  await queueMail({
    to: requester.email,
    companyId,
    ...renderChangeDecisionMail(decision, languageOr(requester.preferredLanguage), {
      name: requester.fullName || requester.email,
      before: vacation,
      after: change,
      appUrl: getEnv().APP_URL,
      vacationId: vacation.id,
    }),
  });
}

/** An absence's change page: the absence, its pending change with the balance effect, and what the viewer may do. */
export async function getChangePage(viewer: Viewer, vacationId: string) {
  const { vacation, owner } = await findAbsence(getDb(), viewer, vacationId);
  const rights = changeRights(await withReviewRouting(viewer), vacation, owner);
  // Colleagues see nothing here: only the owner and those who manage the owner.
  if (vacation.userId !== viewer.userId && !rights.decide) throw new AppError(404, "not_found", "vacation.notFound");
  const pending = await getDb().vacationChange.findFirst({ where: { pendingFor: vacation.id, companyId: viewer.companyId }, select: changeSelect });
  const comparison = pending ? await compareChange(viewer, vacation, owner, pending) : null;
  const ownerName = await getDb().user.findFirst({ where: { id: owner.id, companyId: viewer.companyId }, select: { fullName: true, email: true } });
  return { vacation, owner, ownerName: ownerName?.fullName || ownerName?.email || "", pending, comparison, rights: { ...rights, withdraw: Boolean(pending && pending.requestedById === viewer.userId) } };
}

export type ChangeComparison =
  | { unit: LeaveUnit; oldAmount: number | null; newAmount: number; effect: CheckedVersion["effect"]; refusal: null }
  /** The change would be refused if approved now (its message): the approver sees why before deciding. */
  | { refusal: { key: string; params: Record<string, string> } };

/** The balance effect of a pending change as its approver sees it (nothing written). */
async function compareChange(viewer: Viewer, vacation: VacationRow, owner: Requester, change: VacationChangeRow): Promise<ChangeComparison> {
  const input = { ...change, startTime: change.startTime ?? undefined, endTime: change.endTime ?? undefined, hoursPerDay: change.hoursPerDay ?? undefined };
  try {
    // checkVersion only reads: no transaction needed to show it.
    const checked = await checkVersion(getDb() as unknown as Tx, viewer, vacation, owner, input);
    return { unit: checked.unit, oldAmount: checked.oldAmount, newAmount: checked.hours ?? checked.workingDays, effect: checked.effect, refusal: null };
  } catch (error) {
    if (error instanceof AppError) return { refusal: { key: error.message, params: error.params } };
    throw error;
  }
}

/** The pending changes the viewer decides, oldest first (Approvals). */
export async function listPendingChanges(viewer: Viewer) {
  // The badge counts the same rows (countPendingChanges): one condition for both.
  const where = pendingChangesWhere(await withReviewRouting(viewer));
  if (!where) return [];
  const db = getDb();
  // Most days nothing waits: one read of the changes, and their requests only when there are some
  // (the nested select would read the requests and their people even for no change).
  const changes = await db.vacationChange.findMany({ where, select: changeSelect, orderBy: { createdAt: "asc" }, take: 200 });
  if (changes.length === 0) return [];
  const vacations = await db.vacation.findMany({
    where: { companyId: viewer.companyId, id: { in: [...new Set(changes.map((change) => change.vacationId))] } },
    select: { ...vacationSelect, user: { select: { id: true, role: true, teamId: true, fullName: true, email: true } } },
  });
  const vacationOf = new Map(vacations.map((vacation) => [vacation.id, vacation]));
  const rows = changes.flatMap((change) => {
    const vacation = vacationOf.get(change.vacationId);
    return vacation ? [{ ...change, vacation }] : [];
  });
  return Promise.all(
    rows.map(async ({ vacation: { user, ...vacation }, ...change }) => ({
      change,
      vacation,
      ownerName: user.fullName || user.email,
      comparison: await compareChange(viewer, vacation, user, change),
    })),
  );
}

/** The /api shape of a change. */
export function serializeVacationChange(change: VacationChangeRow): ApiVacationChange {
  return {
    id: change.id,
    vacation_id: change.vacationId,
    status: change.status as ApiVacationChange["status"],
    start_date: change.startDate,
    end_date: change.endDate,
    half_day_start: change.halfDayStart,
    half_day_end: change.halfDayEnd,
    absence_category_id: change.categoryId,
    start_time: change.startTime,
    end_time: change.endTime,
    hours_per_day: change.hoursPerDay,
    requested_by: change.requestedById,
    decided_by: change.decidedById,
    decided_at: change.decidedAt?.toISOString() ?? null,
    created_at: change.createdAt.toISOString(),
  };
}
