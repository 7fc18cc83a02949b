// Work schedules (docs/decisions/0077-work-schedules-hours-and-leave-years.md and its amendment):
// a person's effective-dated rows and the company default's (userId null), read and replaced as
// whole lists. Every function takes the Viewer: another company's person, or a deactivated one,
// is not found (404); a person reads their own rows, company admins read and write anyone's.
// Rows that started before today are history and are never rewritten, so a change from 1 March
// leaves January's amounts as they were.
import type { Prisma } from "~/generated/prisma/client";
import type { WorkingDayCounter } from "~/lib/balances";
import { addDays, todayIn, type IsoDate } from "~/lib/dates";
import { scheduleDayCounter } from "~/lib/leave-charge";
import { compareNames, displayName } from "~/lib/people";
import { matchesSearch } from "~/lib/text-search";
import type { ApiWorkSchedule } from "~/lib/schemas/api-responses";
import { apiWorkScheduleDaySchema } from "~/lib/schemas/work-schedules-api";
import { scheduleTimeline, unscheduledWeekdays, workScheduleProblems, type CycleWeeks, type ScheduleTimeline, type WorkSchedule, type WorkScheduleDay } from "~/lib/work-schedule";
import { describeSchedule } from "~/lib/work-schedule-summary";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { isAdmin, requireAdmin, type Viewer } from "~/utils/permissions.server";

const rowSelect = { id: true, userId: true, validFrom: true, cycleWeeks: true, days: true } as const;
// A stored row as readRows answers it: the type follows the query, neither copied by hand nor
// named through the client's generated helpers.
type Row = Awaited<ReturnType<typeof readRows>>[number];

/** The person or the company whose list is meant. */
type Owner = { userId: string } | { company: true };
const userIdOf = (owner: Owner): string | null => ("userId" in owner ? owner.userId : null);

/**
 * A schedule in one spelling, so that two lists compare by content: days not worked left out,
 * `week` only in a two-week cycle, days by week then weekday.
 */
export function canonicalSchedule(schedule: WorkSchedule): WorkSchedule {
  const twoWeeks = schedule.cycleWeeks === 2;
  const days = schedule.days
    .filter((day) => day.hours > 0)
    .map((day): WorkScheduleDay => (twoWeeks ? { weekday: day.weekday, week: day.week ?? 1, hours: day.hours } : { weekday: day.weekday, hours: day.hours }))
    .sort((a, b) => (a.week ?? 1) - (b.week ?? 1) || a.weekday - b.weekday);
  return { validFrom: schedule.validFrom, cycleWeeks: twoWeeks ? 2 : 1, days };
}

const keyOf = (schedule: WorkSchedule) => JSON.stringify(canonicalSchedule(schedule));

/**
 * A stored row as the rules read it. The column is written only by this module, whole and
 * validated; a value that is not a list of days (edited by hand) reads as no days worked rather
 * than failing every page of the company.
 */
function scheduleOf(row: Pick<Row, "validFrom" | "cycleWeeks" | "days">): WorkSchedule {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.days);
  } catch {
    parsed = [];
  }
  // The API's own day schema: a stored day reads as one the API would have taken.
  const days = (Array.isArray(parsed) ? parsed : []).flatMap((day): WorkScheduleDay[] => {
    const checked = apiWorkScheduleDaySchema.safeParse(day);
    return checked.success ? [checked.data as WorkScheduleDay] : [];
  });
  return { validFrom: row.validFrom, cycleWeeks: (row.cycleWeeks === 2 ? 2 : 1) as CycleWeeks, days };
}

const byValidFrom = (a: WorkSchedule, b: WorkSchedule) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0);

/** The /api shape (snake_case), days as stored (canonical). */
export function serializeWorkSchedule(schedule: WorkSchedule): ApiWorkSchedule {
  return {
    valid_from: schedule.validFrom,
    cycle_weeks: schedule.cycleWeeks,
    days: schedule.days.map((day) => (day.week === undefined ? { weekday: day.weekday, hours: day.hours } : { weekday: day.weekday, week: day.week, hours: day.hours })),
  };
}

/** A list as the API sends it, in the rules' spelling (checked afterwards by the model). */
export function workSchedulesFromApi(list: readonly { valid_from: string; cycle_weeks: number; days: readonly { weekday: number; week?: number; hours: number }[] }[]): WorkSchedule[] {
  return list.map((item) => ({ validFrom: item.valid_from, cycleWeeks: item.cycle_weeks as CycleWeeks, days: item.days.map((day) => ({ ...day })) }));
}

function readRows(db: DbClient, companyId: string, owner: Owner) {
  return db.workSchedule.findMany({ where: { companyId, userId: userIdOf(owner) }, select: rowSelect, orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }] });
}

/** An active person of the viewer's company, or 404: another company's ids are simply not found. */
async function requirePerson(db: DbClient, viewer: Viewer, userId: string) {
  const person = await db.user.findFirst({ where: { id: userId, companyId: viewer.companyId, deactivatedAt: null }, select: { id: true } });
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");
  return person;
}

/** A person's own schedules, oldest first; none: they follow the company default. Their own, or any for a company admin. */
export async function listWorkSchedules(viewer: Viewer, userId: string): Promise<WorkSchedule[]> {
  const db = getDb();
  await requirePerson(db, viewer, userId);
  if (userId !== viewer.userId && !isAdmin(viewer)) throw forbidden();
  return (await readRows(db, viewer.companyId, { userId })).map((row) => canonicalSchedule(scheduleOf(row)));
}

/** The company default's schedules, oldest first; none: Monday to Friday, 8 h. Everyone follows it, so everyone reads it. */
export async function listCompanyWorkSchedules(viewer: Viewer): Promise<WorkSchedule[]> {
  return (await readRows(getDb(), viewer.companyId, { company: true })).map((row) => canonicalSchedule(scheduleOf(row)));
}

const PROBLEM_FIELD: Record<string, string> = { valid_from: "valid_from", cycle_weeks: "cycle_weeks" };

/** A list's problems as a 400 naming each row's field (`0.valid_from`, `1.days`), messages translated by the caller. */
function assertValidList(schedules: readonly WorkSchedule[]) {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  schedules.forEach((schedule, index) => {
    for (const problem of workScheduleProblems(schedule)) fields[`${index}.${PROBLEM_FIELD[problem] ?? "days"}`] ??= `workSchedules.errors.${problem}`;
    if (seen.has(schedule.validFrom)) fields[`${index}.valid_from`] ??= "workSchedules.errors.duplicate_valid_from";
    seen.add(schedule.validFrom);
  });
  const messages = Object.values(fields);
  if (messages.length) throw new AppError(400, "validation_failed", messages[0], { fields });
}

/** Whether the change rewrites history: a row before today removed, changed or added (an owner with no rows yet may start anywhere). */
function rewritesHistory(rows: readonly Row[], wanted: readonly WorkSchedule[], today: IsoDate): boolean {
  if (rows.length === 0) return false;
  const storedKeys = new Set(rows.map((row) => keyOf(scheduleOf(row))));
  const wantedKeys = new Set(wanted.map(keyOf));
  const pastStored = rows.filter((row) => row.validFrom < today).map((row) => keyOf(scheduleOf(row)));
  const pastWanted = wanted.filter((schedule) => schedule.validFrom < today).map(keyOf);
  return pastStored.some((key) => !wantedKeys.has(key)) || pastWanted.some((key) => !storedKeys.has(key));
}

/** The fields of a list's 400 (`0.valid_from`, `1.days`) as the screens' editor names them; a day's problem is the form's. */
export function scheduleFields(fields: Record<string, string>): Record<string, string> {
  const names: Record<string, string> = { valid_from: "validFrom", cycle_weeks: "cycleWeeks", days: "" };
  return Object.fromEntries(Object.entries(fields).map(([field, key]) => [names[field.split(".").pop() ?? ""] ?? "", key]));
}

/**
 * Writes an owner's new list over its stored rows inside the caller's transaction (history
 * already checked): unchanged rows keep their ids; one audit entry when anything changed.
 * Answers whether something changed.
 */
async function writeList(tx: DbClient, viewer: Viewer, owner: Owner, rows: readonly Row[], wanted: readonly WorkSchedule[]): Promise<boolean> {
  const wantedKeys = new Set(wanted.map(keyOf));
  const storedKeys = new Set(rows.map((row) => keyOf(scheduleOf(row))));
  const removed = rows.filter((row) => !wantedKeys.has(keyOf(scheduleOf(row)))).map((row) => row.id);
  const added = wanted.filter((schedule) => !storedKeys.has(keyOf(schedule)));
  if (removed.length === 0 && added.length === 0) return false;
  if (removed.length) await tx.workSchedule.deleteMany({ where: { companyId: viewer.companyId, id: { in: removed } } });
  await tx.workSchedule.createMany({
    data: added.map((schedule) => ({ companyId: viewer.companyId, userId: userIdOf(owner), validFrom: schedule.validFrom, cycleWeeks: schedule.cycleWeeks, days: JSON.stringify(schedule.days) })),
  });
  const userId = userIdOf(owner);
  await recordAudit(
    {
      companyId: viewer.companyId,
      actorId: viewer.userId,
      action: "work_schedule.updated",
      // A person's list is about the person (the audit names them); the default, the company.
      entity: userId ? "user" : "company",
      entityId: userId ?? viewer.companyId,
      details: {
        ...(userId ? { user_id: userId } : {}),
        schedules: { old: rows.map((row) => serializeWorkSchedule(canonicalSchedule(scheduleOf(row)))), new: wanted.map(serializeWorkSchedule) },
      },
    },
    tx,
  );
  return true;
}

/**
 * Replaces an owner's whole list. Rows before today (the company's zone) are history: they must
 * come back unchanged and none may be added, unless the owner had no rows yet (their first
 * schedule replaces an assumed Monday–Friday, not a choice). Unchanged rows are kept as they are;
 * one audit entry when anything changed.
 */
async function replaceList(viewer: Viewer, owner: Owner, input: readonly WorkSchedule[]): Promise<WorkSchedule[]> {
  assertValidList(input);
  const wanted = input.map(canonicalSchedule).sort(byValidFrom);
  const today: IsoDate = todayIn(viewer.timeZone);
  return getDb().$transaction(async (tx) => {
    if ("userId" in owner) await requirePerson(tx, viewer, owner.userId);
    requireAdmin(viewer);
    const rows = await readRows(tx, viewer.companyId, owner);
    if (rewritesHistory(rows, wanted, today)) throw new AppError(409, "schedule_history", "workSchedules.errors.history");
    await writeList(tx, viewer, owner, rows, wanted);
    return wanted;
  });
}

/** A list with `schedule` added from its date on: a row from the same date is replaced, the others kept. */
export function withSchedule(list: readonly WorkSchedule[], schedule: WorkSchedule): WorkSchedule[] {
  return [...list.filter((row) => row.validFrom !== schedule.validFrom), schedule].sort(byValidFrom);
}

/**
 * One schedule from its date for several people at once (the bulk editor): in one transaction,
 * each person's list gets the row (withSchedule), under the history rule person by person. When
 * anyone's history would be rewritten nothing is saved, and the refusal names them. One audit
 * entry per person whose list changed. Answers how many changed.
 */
export async function applyWorkScheduleToPeople(
  viewer: Viewer,
  who: { userIds?: readonly string[]; teamId?: string },
  schedule: WorkSchedule,
): Promise<{ changed: number; unchanged: number }> {
  requireAdmin(viewer);
  assertValidList([schedule]);
  const wantedRow = canonicalSchedule(schedule);
  const ids = [...new Set(who.userIds ?? [])];
  const today: IsoDate = todayIn(viewer.timeZone);
  return getDb().$transaction(async (tx) => {
    if (who.teamId && !(await tx.team.findFirst({ where: { id: who.teamId, companyId: viewer.companyId }, select: { id: true } }))) {
      throw new AppError(404, "not_found", "errors.teamNotFound");
    }
    const people = await tx.user.findMany({
      where: { companyId: viewer.companyId, deactivatedAt: null, OR: [{ id: { in: ids } }, ...(who.teamId ? [{ teamId: who.teamId }] : [])] },
      select: { id: true, fullName: true, name: true, email: true },
    });
    // Another company's id, or someone who left, is not found: as for one person.
    const found = new Set(people.map((person) => person.id));
    if (ids.some((id) => !found.has(id))) throw new AppError(404, "not_found", "errors.userNotFound");
    if (people.length === 0) throw new AppError(400, "validation_failed", "workSchedules.bulk.nobody", { fields: { userIds: "workSchedules.bulk.nobody" } });
    const rows = await tx.workSchedule.findMany({
      where: { companyId: viewer.companyId, userId: { in: people.map((person) => person.id) } },
      select: rowSelect,
      orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }],
    });
    const plans = people.map((person) => {
      const own = rows.filter((row) => row.userId === person.id);
      return { person, own, wanted: withSchedule(own.map((row) => canonicalSchedule(scheduleOf(row))), wantedRow) };
    });
    const blocked = plans.filter(({ own, wanted }) => rewritesHistory(own, wanted, today)).map(({ person }) => displayName(person));
    if (blocked.length) {
      throw new AppError(409, "schedule_history", "workSchedules.bulk.history", { params: { names: blocked.sort(compareNames).join(", ") } });
    }
    let changed = 0;
    for (const { person, own, wanted } of plans) if (await writeList(tx, viewer, { userId: person.id }, own, wanted)) changed++;
    return { changed, unchanged: plans.length - changed };
  });
}

/** Company admins replace a person's list (see replaceList). */
export function replaceWorkSchedules(viewer: Viewer, userId: string, schedules: readonly WorkSchedule[]): Promise<WorkSchedule[]> {
  return replaceList(viewer, { userId }, schedules);
}

/**
 * A person's own rows and the company default's, oldest first, in one query: the person's edit
 * view shows both (what they follow when they have none). Company admins only.
 */
export async function scheduleListsOf(viewer: Viewer, userId: string): Promise<{ own: WorkSchedule[]; company: WorkSchedule[] }> {
  requireAdmin(viewer);
  const rows = await getDb().workSchedule.findMany({
    where: { companyId: viewer.companyId, OR: [{ userId: null }, { userId }] },
    select: rowSelect,
    orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }],
  });
  const list = (owner: string | null) => rows.filter((row) => row.userId === owner).map((row) => canonicalSchedule(scheduleOf(row)));
  return { own: list(userId), company: list(null) };
}

/**
 * The settings section's overview: the company default's rows, and every active person with the
 * schedule in force today, whether it is their own, and their next planned change. Two queries
 * whatever the company's size (names and teams only; every schedule row). Company admins only.
 */
export interface ScheduleOverviewQuery {
  /** Part of a name or e-mail; case and accents do not matter. */
  search: string;
  /** A team's people, or (null) those in no team; undefined: everyone. */
  teamId?: string | null;
  offset: number;
  limit: number;
}

/**
 * The Work schedules tab: the company default's rows and one page of the active people (name
 * order, filtered by name and team) with their schedule in force today and the next change. Two
 * statements whatever the company's size: the people's names (filtered and paged in memory, as the
 * Users tab does), then the default's rows and the page's people's rows.
 */
export async function scheduleOverview(viewer: Viewer, today: IsoDate, query: ScheduleOverviewQuery) {
  requireAdmin(viewer);
  const db = getDb();
  const everyone = await db.user.findMany({
    where: { companyId: viewer.companyId, deactivatedAt: null, ...(query.teamId !== undefined ? { teamId: query.teamId } : {}) },
    select: { id: true, fullName: true, name: true, email: true, teamId: true },
  });
  const matching = everyone.filter((person) => matchesSearch(person, query.search)).sort((a, b) => compareNames(displayName(a), displayName(b)) || a.email.localeCompare(b.email));
  const people = matching.slice(query.offset, query.offset + query.limit);
  const rows = await db.workSchedule.findMany({
    where: { companyId: viewer.companyId, OR: [{ userId: null }, { userId: { in: people.map((person) => person.id) } }] },
    select: rowSelect,
    orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }],
  });
  const listOf = (owner: string | null) => rows.filter((row) => row.userId === owner).map((row) => canonicalSchedule(scheduleOf(row)));
  const company = listOf(null);
  const byPerson = new Map<string, WorkSchedule[]>();
  for (const row of rows) {
    if (row.userId === null) continue;
    const schedule = canonicalSchedule(scheduleOf(row));
    const list = byPerson.get(row.userId);
    if (list) list.push(schedule);
    else byPerson.set(row.userId, [schedule]);
  }
  const companyTimeline = scheduleTimeline([], company);
  return {
    company,
    total: matching.length,
    people: people.map((person) => {
      const own = byPerson.get(person.id) ?? [];
      const timeline = own.length ? scheduleTimeline(own, company) : companyTimeline;
      return {
        id: person.id,
        displayName: displayName(person),
        email: person.email,
        teamId: person.teamId,
        own: own.length > 0,
        inForce: timeline.at(today),
        next: own.find((schedule) => schedule.validFrom > today) ?? null,
      };
    }),
  };
}

/**
 * My Calendar's schedule: the one in force today and the next change within a year (their own row
 * or the company default's), both in words, so the page's code need not carry what writes them;
 * and the weekdays of `shown` (the leave year on screen) the person does not work, for the grid
 * to shade. One query of their rows and the default's.
 */
export async function myScheduleSummary(viewer: Viewer, today: IsoDate, shown: { from: IsoDate; to: IsoDate }, language: string) {
  const timelines = await loadScheduleTimelines(getDb(), viewer.companyId, [viewer.userId]);
  const timeline = timelines.timelineOf(viewer.userId);
  const [current, next] = timeline.segments(today, addDays(today, 366));
  return {
    current: current.schedule,
    next: next ? { from: next.from, schedule: next.schedule } : null,
    words: {
      current: describeSchedule(current.schedule, language),
      next: next ? { from: next.from, weeks: describeSchedule(next.schedule, language) } : null,
    },
    offDays: unscheduledWeekdays(timeline, shown.from, shown.to),
  };
}

/** Company admins replace the company default's list (see replaceList). */
export function replaceCompanyWorkSchedules(viewer: Viewer, schedules: readonly WorkSchedule[]): Promise<WorkSchedule[]> {
  return replaceList(viewer, { company: true }, schedules);
}

/** A company's schedule rows as read: the default's, and each person's own. */
interface ScheduleRows {
  readonly defaults: readonly WorkSchedule[];
  readonly own: ReadonlyMap<string, readonly WorkSchedule[]>;
}

export type ScheduleTimelines = ReturnType<typeof timelinesOf>;

/**
 * Each person's timeline (their rows, else the company default's, else Monday–Friday) from one
 * query for the company's rows, however many people: a page asks `timelineOf` per person.
 * `userIds` narrows the people's rows read (the default's are always read). With `known`, timelines
 * the page read already (the viewer's), the default and the people `known` covers are taken from
 * it: only the others' rows are read, and nothing when there are none.
 */
export async function loadScheduleTimelines(db: DbClient, companyId: string, userIds?: readonly string[], known?: ScheduleTimelines): Promise<ScheduleTimelines> {
  if (!userIds || !known) {
    const where = userIds ? { companyId, OR: [{ userId: null }, { userId: { in: [...userIds] } }] } : { companyId };
    return timelinesOf(groupScheduleRows(await readScheduleRows(db, where)), userIds);
  }
  const missing = userIds.filter((userId) => !known.covers(userId));
  const read = missing.length ? groupScheduleRows(await readScheduleRows(db, { companyId, userId: { in: missing } })) : null;
  const own = new Map(userIds.flatMap((userId) => {
    const list = known.covers(userId) ? known.rows.own.get(userId) : read?.own.get(userId);
    return list ? [[userId, list] as const] : [];
  }));
  return timelinesOf({ defaults: known.rows.defaults, own }, userIds);
}

function readScheduleRows(db: DbClient, where: Prisma.WorkScheduleWhereInput) {
  return db.workSchedule.findMany({ where, select: rowSelect, orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }] });
}

function groupScheduleRows(rows: readonly Row[]): ScheduleRows {
  const defaults: WorkSchedule[] = [];
  const own = new Map<string, WorkSchedule[]>();
  for (const row of rows) {
    const schedule = scheduleOf(row);
    if (row.userId === null) defaults.push(schedule);
    else {
      const list = own.get(row.userId);
      if (list) list.push(schedule);
      else own.set(row.userId, [schedule]);
    }
  }
  return { defaults, own };
}

/** The timelines of `rows`, which hold the own rows of `userIds` (of everyone when absent). */
function timelinesOf(rows: ScheduleRows, userIds: readonly string[] | undefined) {
  const { defaults, own } = rows;
  const companyTimeline = scheduleTimeline([], defaults);
  const timelines = new Map<string, ScheduleTimeline>();
  const timelineOf = (userId: string): ScheduleTimeline => {
    const schedules = own.get(userId);
    if (!schedules) return companyTimeline;
    let timeline = timelines.get(userId);
    if (!timeline) timelines.set(userId, (timeline = scheduleTimeline(schedules, defaults)));
    return timeline;
  };
  const any = defaults.length > 0 || own.size > 0;
  const counters = new Map<ScheduleTimeline, WorkingDayCounter>();
  const covered = userIds && new Set(userIds);
  return {
    /** Whether anyone of the company (or of `userIds`) has a schedule other than Monday–Friday: nothing to count differently otherwise. */
    any,
    timelineOf,
    /**
     * How a person's working days are counted (balances.ts's workingDaysBetween takes it): by their
     * timeline, or undefined when nobody has a schedule, so such a company keeps the Monday–Friday
     * arithmetic and its speed. People on the company default share one counter.
     */
    countDaysOf(userId: string): WorkingDayCounter | undefined {
      if (!any) return undefined;
      const timeline = timelineOf(userId);
      let counter = counters.get(timeline);
      if (!counter) counters.set(timeline, (counter = scheduleDayCounter(timeline)));
      return counter;
    },
    /** Whether this person's own rows were read (a person outside `userIds` may have rows unread). */
    covers: (userId: string): boolean => !covered || covered.has(userId),
    /** The rows read, for a later read of more people (`known`). */
    rows,
  };
}

/**
 * Each company's default timeline (no person's rows), for jobs that count a company's working days
 * (auto-approval's business days): one query for any number of companies.
 */
export async function loadCompanyScheduleTimelines(db: DbClient, companyIds: readonly string[]): Promise<(companyId: string) => ScheduleTimeline> {
  const rows = await db.workSchedule.findMany({
    where: { companyId: { in: [...companyIds] }, userId: null },
    select: { ...rowSelect, companyId: true },
    orderBy: [{ validFrom: "asc" }, { createdAt: "asc" }],
  });
  const byCompany = new Map<string, WorkSchedule[]>();
  for (const row of rows) {
    const list = byCompany.get(row.companyId);
    if (list) list.push(scheduleOf(row));
    else byCompany.set(row.companyId, [scheduleOf(row)]);
  }
  const timelines = new Map<string, ScheduleTimeline>();
  return (companyId) => {
    let timeline = timelines.get(companyId);
    if (!timeline) timelines.set(companyId, (timeline = scheduleTimeline([], byCompany.get(companyId) ?? [])));
    return timeline;
  };
}
