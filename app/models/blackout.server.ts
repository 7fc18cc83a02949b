// Blackout (lock) dates (issue 41, decision 0091): an admin locks a range for the company, teams or
// people, blocking or warning per absence type. createVacation asks which apply to a request and
// hands them to checkLeaveRules, so every path refuses or warns alike.
import { z } from "zod";
import { isIsoDate, type IsoDate } from "~/lib/dates";
import type { ApplicableBlackout, RuleMode } from "~/lib/leave-rules";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";

export const BLACKOUT_SCOPES = ["company", "teams", "people"] as const;
export type BlackoutScope = (typeof BLACKOUT_SCOPES)[number];
/** What a lock does to one absence type: "none" lets that type through untouched. */
export const BLACKOUT_TYPE_MODES = ["block", "warn", "none"] as const;
export type BlackoutTypeMode = (typeof BLACKOUT_TYPE_MODES)[number];

/** The longest lock: a year and a day, so a typo of a year is caught. */
export const MAX_BLACKOUT_DAYS = 366;
export const MAX_REASON_LENGTH = 200;

const isoDate = z.string().refine(isIsoDate, "cover.errors.dateInvalid");

export const blackoutInputSchema = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    reason: z.string().trim().min(1, "cover.errors.reasonRequired").max(MAX_REASON_LENGTH, "cover.errors.reasonTooLong"),
    scope: z.enum(BLACKOUT_SCOPES, { message: "cover.errors.scopeInvalid" }),
    defaultMode: z.enum(["block", "warn"], { message: "cover.errors.modeInvalid" }),
    teamIds: z.array(z.string().max(64)).max(500).default([]),
    userIds: z.array(z.string().max(64)).max(5000).default([]),
    typeModes: z.record(z.string().max(64), z.enum(BLACKOUT_TYPE_MODES)).default({}),
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "cover.errors.endBeforeStart" });
    else if ((Date.parse(value.endDate) - Date.parse(value.startDate)) / 86_400_000 + 1 > MAX_BLACKOUT_DAYS) ctx.addIssue({ code: "custom", path: ["endDate"], message: "cover.errors.rangeTooLong" });
    if (value.scope === "teams" && value.teamIds.length === 0) ctx.addIssue({ code: "custom", path: ["teamIds"], message: "cover.errors.teamsRequired" });
    if (value.scope === "people" && value.userIds.length === 0) ctx.addIssue({ code: "custom", path: ["userIds"], message: "cover.errors.peopleRequired" });
  });
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

/** A stored per-type map, read defensively: anything unknown is dropped (the default mode applies). */
export function parseTypeModes(stored: string): Record<string, BlackoutTypeMode> {
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, BlackoutTypeMode] => (BLACKOUT_TYPE_MODES as readonly string[]).includes(entry[1] as string)));
  } catch {
    return {};
  }
}

/** The mode of one type under a lock: its override, else the lock's default (anything but warn blocks). */
export function modeForType(blackout: { defaultMode: string; typeModes: string }, categoryId: string): BlackoutTypeMode {
  return parseTypeModes(blackout.typeModes)[categoryId] ?? (blackout.defaultMode === "warn" ? "warn" : "block");
}

/** Who a lock applies to, as a where clause: the company's, the person's team's, or naming the person. */
function appliesTo(person: { userId: string; teamId: string | null }) {
  return [
    { scope: "company" },
    ...(person.teamId ? [{ scope: "teams", teams: { some: { teamId: person.teamId } } }] : []),
    { scope: "people", people: { some: { userId: person.userId } } },
  ];
}

/** The locks that touch a request of this person and type, with their mode for it (one query). */
export async function applicableBlackouts(db: DbClient, companyId: string, person: { userId: string; teamId: string | null }, categoryId: string, range: { startDate: IsoDate; endDate: IsoDate }): Promise<ApplicableBlackout[]> {
  const rows = await db.blackout.findMany({
    where: { companyId, startDate: { lte: range.endDate }, endDate: { gte: range.startDate }, OR: appliesTo(person) },
    select: { startDate: true, endDate: true, reason: true, defaultMode: true, typeModes: true },
    orderBy: { startDate: "asc" },
  });
  const applicable: ApplicableBlackout[] = [];
  for (const row of rows) {
    const mode = modeForType(row, categoryId);
    if (mode !== "none") applicable.push({ startDate: row.startDate, endDate: row.endDate, reason: row.reason, mode: mode as RuleMode });
  }
  return applicable;
}

/** A lock as the calendars mark it: its days and reason; no modes (those are the admins'). */
export interface LockedRange {
  startDate: IsoDate;
  endDate: IsoDate;
  reason: string;
}

/**
 * The locks touching [from, to] that apply to a person (My Calendar), or every lock of the company
 * (the company calendar, which shows everyone): one query per page.
 */
export async function lockedRanges(viewer: Viewer, from: IsoDate, to: IsoDate, options: { forPerson?: boolean } = {}): Promise<LockedRange[]> {
  return getDb().blackout.findMany({
    where: {
      companyId: viewer.companyId,
      startDate: { lte: to },
      endDate: { gte: from },
      ...(options.forPerson ? { OR: appliesTo(viewer) } : {}),
    },
    select: { startDate: true, endDate: true, reason: true },
    orderBy: { startDate: "asc" },
  });
}

/** The company's locks for the admin screen, newest range first, with whom each names. */
export async function listBlackouts(viewer: Viewer) {
  requireAdmin(viewer);
  return getDb().blackout.findMany({
    where: { companyId: viewer.companyId },
    select: {
      id: true,
      startDate: true,
      endDate: true,
      reason: true,
      scope: true,
      defaultMode: true,
      typeModes: true,
      teams: { select: { team: { select: { id: true, name: true } } } },
      people: { select: { user: { select: { id: true, fullName: true, email: true } } } },
    },
    orderBy: [{ startDate: "desc" }, { createdAt: "desc" }],
    take: 500,
  });
}

export async function createBlackout(viewer: Viewer, input: BlackoutInput) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
  return db.$transaction(async (tx) => {
    // Only this company's teams, people and types: another company's ids are not found.
    const teamIds = input.scope === "teams" ? [...new Set(input.teamIds)] : [];
    const userIds = input.scope === "people" ? [...new Set(input.userIds)] : [];
    const [teams, people, categories] = await Promise.all([
      teamIds.length ? tx.team.count({ where: { companyId, id: { in: teamIds } } }) : 0,
      userIds.length ? tx.user.count({ where: { companyId, id: { in: userIds } } }) : 0,
      tx.absenceCategory.findMany({ where: { companyId }, select: { id: true } }),
    ]);
    if (teams !== teamIds.length) throw new AppError(400, "invalid_team", "cover.errors.teamsRequired", { fields: { teamIds: "cover.errors.teamsRequired" } });
    if (people !== userIds.length) throw new AppError(400, "invalid_user", "cover.errors.peopleRequired", { fields: { userIds: "cover.errors.peopleRequired" } });
    const known = new Set(categories.map((category) => category.id));
    // Only overrides that differ from the default are kept: the stored map stays the exceptions.
    const typeModes = Object.fromEntries(Object.entries(input.typeModes).filter(([id, mode]) => known.has(id) && mode !== input.defaultMode));
    const blackout = await tx.blackout.create({
      data: {
        companyId,
        startDate: input.startDate,
        endDate: input.endDate,
        reason: input.reason,
        scope: input.scope,
        defaultMode: input.defaultMode,
        typeModes: JSON.stringify(typeModes),
        teams: { create: teamIds.map((teamId) => ({ teamId })) },
        people: { create: userIds.map((userId) => ({ userId })) },
      },
      select: { id: true },
    });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "blackout.created",
        entity: "blackout",
        entityId: blackout.id,
        details: { start_date: input.startDate, end_date: input.endDate, reason: input.reason, scope: input.scope, default_mode: input.defaultMode, type_modes: typeModes, team_ids: teamIds, user_ids: userIds },
      },
      tx,
    );
    return blackout;
  });
}

export async function deleteBlackout(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const row = await tx.blackout.findFirst({ where: { id, companyId }, select: { id: true, startDate: true, endDate: true, reason: true } });
    if (!row) throw new AppError(404, "not_found", "cover.errors.blackoutNotFound");
    // Conditional on the company as well, so a race with another delete changes (and audits) it once.
    const { count } = await tx.blackout.deleteMany({ where: { id, companyId } });
    if (count !== 1) throw new AppError(404, "not_found", "cover.errors.blackoutNotFound");
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "blackout.deleted", entity: "blackout", entityId: id, details: { start_date: row.startDate, end_date: row.endDate, reason: row.reason } },
      tx,
    );
  });
}
