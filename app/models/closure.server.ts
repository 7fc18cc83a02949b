// Company closures (issue 41, decision 0085): an admin books dates the company or some teams are
// closed, charged to an absence type. The preview and the booking run the same plan, the booking
// inside its transaction, so what is booked is what the rules say at that moment, never figures
// sent back by the page. Cancelling deletes exactly the absences the closure made (Vacation.closureId).
import { checkRequestFitsBalance, workingDaysBetween, type BalanceVacation } from "~/lib/balances";
import { casesOf, MAX_CLOSURE_DAYS, planClosureFor, type ClosureCase, type ClosureChoice } from "~/lib/closures";
import { yearOf, type IsoDate } from "~/lib/dates";
import { displayName, compareNames } from "~/lib/people";
import { calendarDays } from "~/lib/input-limits";
import { holdsDates } from "~/lib/statuses";
import type { DateRange } from "~/lib/working-days";
import type { ScheduleSource } from "~/lib/work-schedule";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { loadBalanceInputs } from "./balance.server";
import { chargedSchedulesText } from "./charged-schedules.server";
import { serializeVacation, vacationSelect } from "./vacation.server";
import { enqueueWebhookEvents, kickWebhooks } from "./webhook.server";

export interface ClosureInput {
  name: string;
  startDate: IsoDate;
  endDate: IsoDate;
  categoryId: string;
  /** The teams closed; null: the whole company. */
  teamIds: readonly string[] | null;
}

export interface ClosureShortfall {
  year: number;
  /** What the balance had left before the closure's days of that year. */
  remaining: number;
  requested: number;
}

export interface ClosurePersonPreview {
  userId: string;
  name: string;
  /** Working days the closure's type is charged (0: nothing is booked). */
  days: number;
  segments: DateRange[];
  cases: ClosureCase[];
  shortfall: ClosureShortfall | null;
  onLeave: DateRange[];
  joins: IsoDate | null;
  leaves: IsoDate | null;
}

export interface ClosurePreview {
  input: ClosureInput;
  people: ClosurePersonPreview[];
  /** The other active types a case may be charged instead. */
  otherCategoryIds: string[];
}

const invalidTeam = () => new AppError(400, "invalid_team", "closures.errors.teamInvalid", { fields: { teamIds: "closures.errors.teamInvalid" } });
const invalidCategory = () => new AppError(400, "invalid_category", "vacation.categoryInvalid", { fields: { categoryId: "vacation.categoryInvalid" } });

/** The plan of a closure for each person it covers, read through `db` (the booking's transaction). */
/** The preview, and each person's schedules (what a booked absence stores as its charge, decision 0083). */
async function planClosure(db: DbClient, viewer: Viewer, input: ClosureInput): Promise<{ preview: ClosurePreview; schedulesOf: (userId: string) => ScheduleSource | undefined }> {
  requireAdmin(viewer);
  const { companyId } = viewer;
  if (input.startDate > input.endDate) throw new AppError(400, "invalid_range", "vacation.startAfterEnd", { fields: { endDate: "vacation.startAfterEnd" } });
  if (calendarDays(input.startDate, input.endDate) > MAX_CLOSURE_DAYS) {
    throw new AppError(400, "closure_too_long", "closures.errors.tooLong", { fields: { endDate: "closures.errors.tooLong" }, params: { max: String(MAX_CLOSURE_DAYS) } });
  }
  const teamIds = input.teamIds ? [...new Set(input.teamIds)] : null;
  if (teamIds && teamIds.length === 0) throw invalidTeam();
  const [teams, categories] = await Promise.all([
    teamIds ? db.team.findMany({ where: { companyId, id: { in: teamIds } }, select: { id: true } }) : null,
    db.absenceCategory.findMany({ where: { companyId, active: true }, select: { id: true }, orderBy: [{ sortOrder: "asc" }, { name: "asc" }] }),
  ]);
  // Another company's team is not found: the same answer as a team that does not exist.
  if (teams && teams.length !== teamIds!.length) throw invalidTeam();
  if (!categories.some((category) => category.id === input.categoryId)) throw invalidCategory();
  const userIds = teamIds
    ? (await db.user.findMany({ where: { companyId, teamId: { in: teamIds }, deactivatedAt: null }, select: { id: true } })).map((user) => user.id)
    : undefined;
  // The leave year holding the start begins in its calendar year or the one before (decision 0080).
  const inputs = await loadBalanceInputs(db, companyId, { fromYear: yearOf(input.startDate) - 1, toYear: yearOf(input.endDate), userIds });
  const people = inputs.people.flatMap((person): ClosurePersonPreview[] => {
    const calendar = inputs.calendarOf(person.id);
    const countDays = inputs.countDaysOf(person.id);
    const vacations = inputs.vacationsOf(person.id);
    const daysOf = (range: DateRange) => workingDaysBetween({ ...range, halfDayStart: false, halfDayEnd: false }, range.startDate, range.endDate, calendar, countDays);
    const plan = planClosureFor(input, {
      firstDay: person.firstDay,
      lastDay: person.lastDay,
      leave: vacations.filter((vacation) => holdsDates(vacation.status)),
      isWorkingDay: (date) => daysOf({ startDate: date, endDate: date }) > 0,
    });
    // Not employed on any day of it (joined after, left before): not covered, not listed.
    if (!plan.employed) return [];
    const allowances = [];
    for (let year = yearOf(input.startDate) - 1; year <= yearOf(input.endDate); year++) {
      const row = inputs.allowanceOf(person.id, year);
      if (row) allowances.push({ ...row, year });
    }
    // Each segment after the ones before it, as if they were booked already.
    const held: BalanceVacation[] = [...vacations];
    let shortfall: ClosureShortfall | null = null;
    for (const segment of plan.segments) {
      const request = { ...segment, halfDayStart: false, halfDayEnd: false, categoryId: input.categoryId };
      const found = checkRequestFitsBalance({
        request,
        vacations: held,
        allowances,
        categories: inputs.categories,
        calendar,
        countDays,
        leaveYearStartMonth: inputs.leaveYearStartMonth,
        carried: inputs.carriedOf(person.id),
      });
      if (found && !shortfall) shortfall = { year: found.year, remaining: found.remaining, requested: found.requested };
      held.push({ ...request, status: "approved" });
    }
    const days = plan.segments.reduce((sum, segment) => sum + daysOf(segment), 0);
    const preview: ClosurePersonPreview = {
      userId: person.id,
      name: displayName(person),
      days,
      segments: plan.segments,
      // Nothing to decide for a person the closure books nothing for; the notes still say why.
      cases: plan.segments.length ? casesOf(plan, shortfall !== null) : [],
      shortfall,
      onLeave: plan.onLeave,
      joins: plan.joins,
      leaves: plan.leaves,
    };
    return [preview];
  });
  people.sort((a, b) => compareNames(a.name, b.name));
  const preview = { input: { ...input, teamIds }, people, otherCategoryIds: categories.map((category) => category.id).filter((id) => id !== input.categoryId) };
  return { preview, schedulesOf: inputs.schedulesOf };
}

/** What booking the closure would do, per person: nothing is written. */
export async function previewClosure(viewer: Viewer, input: ClosureInput): Promise<ClosurePreview> {
  return (await planClosure(getDb(), viewer, input)).preview;
}

export interface ClosureChoices {
  /** For every case the admin did not decide one by one. */
  all: ClosureChoice;
  byUser: Readonly<Record<string, ClosureChoice>>;
}

/**
 * Books the closure: one approved absence per covered person and run of their working days (only
 * people whose case says skip, and days already on leave, are left out), the closure row and one
 * audit entry naming every absence made, in one transaction. No e-mail (decision 0085).
 */
export async function bookClosure(viewer: Viewer, input: ClosureInput, choices: ClosureChoices) {
  const booked = await getDb().$transaction(async (tx) => {
    const { preview, schedulesOf } = await planClosure(tx, viewer, input);
    const allowed = new Set([input.categoryId, ...preview.otherCategoryIds]);
    const skipped: { user_id: string; cases: ClosureCase[] }[] = [];
    const rows: { userId: string; categoryId: string; startDate: IsoDate; endDate: IsoDate; chargedSchedules: string }[] = [];
    for (const person of preview.people) {
      const choice: ClosureChoice = person.cases.length ? (choices.byUser[person.userId] ?? choices.all) : { kind: "charge" };
      if (choice.kind === "type" && !allowed.has(choice.categoryId)) throw invalidCategory();
      if (choice.kind === "skip") {
        skipped.push({ user_id: person.userId, cases: person.cases });
        continue;
      }
      const categoryId = choice.kind === "type" ? choice.categoryId : input.categoryId;
      for (const segment of person.segments) {
        rows.push({ userId: person.userId, categoryId, ...segment, chargedSchedules: chargedSchedulesText(schedulesOf(person.userId), segment.startDate, segment.endDate) });
      }
    }
    const closure = await tx.closure.create({
      data: {
        companyId: viewer.companyId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        categoryId: input.categoryId,
        teamIds: preview.input.teamIds ? JSON.stringify(preview.input.teamIds) : null,
        createdById: viewer.userId,
      },
      select: { id: true, name: true },
    });
    const now = new Date();
    const made = rows.length
      ? await tx.vacation.createManyAndReturn({
          data: rows.map((row) => ({
            ...row,
            companyId: viewer.companyId,
            closureId: closure.id,
            status: "approved",
            description: input.name,
            reviewerId: viewer.userId,
            reviewedAt: now,
          })),
          select: vacationSelect,
        })
      : [];
    // Subscribers hear of each absence as approved, as they do of a request needing no approval.
    const webhooks = await enqueueWebhookEvents(tx, viewer.companyId, made.map((row) => ({ type: "absence.approved" as const, data: () => serializeVacation(row) })));
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "closure.booked",
        entity: "closure",
        entityId: closure.id,
        details: {
          name: input.name,
          start_date: input.startDate,
          end_date: input.endDate,
          category: input.categoryId,
          team_ids: preview.input.teamIds,
          absences: made.map((row) => ({ id: row.id, user_id: row.userId, category: row.categoryId, start_date: row.startDate, end_date: row.endDate })),
          skipped,
        },
      },
      tx,
    );
    return { closure, absences: made.length, people: new Set(made.map((row) => row.userId)).size, webhooks };
  });
  kickWebhooks(booked.webhooks);
  return { closure: booked.closure, absences: booked.absences, people: booked.people };
}

const closureSelect = {
  id: true,
  name: true,
  startDate: true,
  endDate: true,
  categoryId: true,
  teamIds: true,
  cancelledAt: true,
  createdBy: { select: { fullName: true, name: true, email: true } },
  _count: { select: { vacations: true } },
} as const;

/** The company's closures, the latest dates first. */
export async function listClosures(viewer: Viewer) {
  requireAdmin(viewer);
  const rows = await getDb().closure.findMany({ where: { companyId: viewer.companyId }, select: closureSelect, orderBy: [{ startDate: "desc" }, { createdAt: "desc" }], take: 100 });
  return rows.map(({ createdBy, _count, teamIds, ...row }) => ({
    ...row,
    teamIds: teamIds ? (JSON.parse(teamIds) as string[]) : null,
    createdBy: createdBy ? displayName(createdBy) : null,
    absences: _count.vacations,
  }));
}

/** One closure of the viewer's company still in force; another company's is not found. */
export async function getClosure(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const closure = await getDb().closure.findFirst({ where: { id, companyId: viewer.companyId, cancelledAt: null }, select: { id: true, name: true, startDate: true, endDate: true } });
  if (!closure) throw new AppError(404, "not_found", "closures.errors.notFound");
  return closure;
}

/** Deletes exactly the absences the closure made (whatever became of them since) and marks it cancelled, audited. */
export async function cancelClosure(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const cancelled = await getDb().$transaction(async (tx) => {
    const closure = await tx.closure.findFirst({ where: { id, companyId: viewer.companyId, cancelledAt: null }, select: { id: true, name: true, startDate: true, endDate: true } });
    if (!closure) throw new AppError(404, "not_found", "closures.errors.notFound");
    const absences = await tx.vacation.findMany({ where: { closureId: closure.id, companyId: viewer.companyId }, select: vacationSelect });
    await tx.vacation.deleteMany({ where: { closureId: closure.id, companyId: viewer.companyId } });
    await tx.closure.update({ where: { id: closure.id }, data: { cancelledAt: new Date() } });
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "closure.cancelled",
        entity: "closure",
        entityId: closure.id,
        details: { name: closure.name, start_date: closure.startDate, end_date: closure.endDate, absences_removed: absences.map((row) => ({ id: row.id, user_id: row.userId })) },
      },
      tx,
    );
    // The rows are gone: subscribers get each as the API last showed it, cancelled.
    const webhooks = await enqueueWebhookEvents(tx, viewer.companyId, absences.map((row) => ({ type: "absence.cancelled" as const, data: () => ({ ...serializeVacation(row), status: "cancelled" }) })));
    return { closure, removed: absences.length, webhooks };
  });
  kickWebhooks(cancelled.webhooks);
  return { closure: cancelled.closure, removed: cancelled.removed };
}
