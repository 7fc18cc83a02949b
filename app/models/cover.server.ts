// Minimum cover per team (issue 41, decision 0091): the team's rule, its settings, and the check
// a request goes through when made and again when approved. The check locks the team's rule row
// first, so two concurrent requests check one after the other on both engines.
import { z } from "zod";
import { checkCover, type CoverCheck, type CoverDay } from "~/lib/cover-rules";
import { eachDay, type IsoDate } from "~/lib/dates";
import { asRuleMode, type RuleFinding } from "~/lib/leave-rules";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { isScheduledWorkingDay } from "~/lib/work-schedule";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { loadHolidayCalendars } from "./balance.server";
import { loadScheduleTimelines } from "./work-schedule.server";

const limit = z.union([z.literal("").transform(() => null), z.coerce.number().int("cover.errors.limitInvalid").min(0, "cover.errors.limitInvalid").max(10_000, "cover.errors.limitInvalid")]).nullable().default(null);

export const coverInputSchema = z.object({
  maxAbsent: limit,
  minPresent: limit,
  mode: z.enum(["block", "warn"], { message: "cover.errors.modeInvalid" }),
  keyMemberIds: z.array(z.string().max(64)).max(5000).default([]),
});
export type CoverInput = z.infer<typeof coverInputSchema>;

/** Every team's rule of the company (the Teams tab), by team id. */
export async function teamCoverSettings(viewer: Viewer) {
  requireAdmin(viewer);
  const [covers, keys] = await Promise.all([
    getDb().teamCover.findMany({ where: { team: { companyId: viewer.companyId } }, select: { teamId: true, maxAbsent: true, minPresent: true, mode: true } }),
    getDb().teamCoverKey.findMany({ where: { team: { companyId: viewer.companyId } }, select: { teamId: true, userId: true } }),
  ]);
  const byTeam = new Map(covers.map((cover) => [cover.teamId, { ...cover, mode: asRuleMode(cover.mode), keyMemberIds: [] as string[] }]));
  for (const key of keys) byTeam.get(key.teamId)?.keyMemberIds.push(key.userId);
  return byTeam;
}

/** Sets (or, with every limit empty and no key group, removes) a team's rule; audited. */
export async function setTeamCover(viewer: Viewer, teamId: string, input: CoverInput) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const team = await tx.team.findFirst({ where: { id: teamId, companyId }, select: { id: true } });
    if (!team) throw new AppError(404, "not_found", "errors.notFound");
    const keyIds = [...new Set(input.keyMemberIds)];
    // The key group is named among the team's own members; anyone else is refused, not dropped.
    const members = keyIds.length ? await tx.user.count({ where: { companyId, teamId, id: { in: keyIds } } }) : 0;
    if (members !== keyIds.length) throw new AppError(400, "invalid_user", "cover.errors.keyNotMember", { fields: { keyMemberIds: "cover.errors.keyNotMember" } });
    const before = await tx.teamCover.findUnique({ where: { teamId }, select: { maxAbsent: true, minPresent: true, mode: true } });
    const none = input.maxAbsent === null && input.minPresent === null && keyIds.length === 0;
    await tx.teamCoverKey.deleteMany({ where: { teamId } });
    if (none) await tx.teamCover.deleteMany({ where: { teamId } });
    else {
      const data = { maxAbsent: input.maxAbsent, minPresent: input.minPresent, mode: input.mode };
      await tx.teamCover.upsert({ where: { teamId }, create: { teamId, ...data }, update: data });
      if (keyIds.length) await tx.teamCoverKey.createMany({ data: keyIds.map((userId) => ({ teamId, userId })) });
    }
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "team.cover_set",
        entity: "team",
        entityId: teamId,
        details: { old: before, new: none ? null : { max_absent: input.maxAbsent, min_present: input.minPresent, mode: input.mode, key_member_ids: keyIds } },
      },
      tx,
    );
  });
}

/**
 * The cover check of one person's request (or of an existing one, when approving), inside the
 * caller's transaction. The team's rule row is bumped before anything is read: on PostgreSQL the
 * UPDATE's row lock makes a concurrent request of the same team wait until this transaction ends,
 * and then see its absence; SQLite runs one write transaction at a time anyway. No rule, no reads.
 */
export async function checkTeamCover(tx: DbClient, companyId: string, person: { userId: string; teamId: string | null }, range: { startDate: IsoDate; endDate: IsoDate }): Promise<CoverCheck | null> {
  if (!person.teamId) return null;
  const { count } = await tx.teamCover.updateMany({ where: { teamId: person.teamId, team: { companyId } }, data: { version: { increment: 1 } } });
  if (count === 0) return null;
  const [cover, team, members, keys] = await Promise.all([
    tx.teamCover.findUniqueOrThrow({ where: { teamId: person.teamId }, select: { maxAbsent: true, minPresent: true, mode: true } }),
    tx.team.findUniqueOrThrow({ where: { id: person.teamId }, select: { name: true } }),
    tx.user.findMany({ where: { companyId, teamId: person.teamId, deactivatedAt: null }, select: { id: true, fullName: true, email: true, countryCode: true, region: true } }),
    tx.teamCoverKey.findMany({ where: { teamId: person.teamId }, select: { userId: true } }),
  ]);
  const ids = members.map((member) => member.id);
  const [absences, holidays, schedules] = await Promise.all([
    tx.vacation.findMany({
      where: { companyId, userId: { in: ids }, status: { in: [...BLOCKING_STATUSES] }, startDate: { lte: range.endDate }, endDate: { gte: range.startDate } },
      select: { userId: true, startDate: true, endDate: true },
    }),
    loadHolidayCalendars(tx, companyId, range),
    loadScheduleTimelines(tx, companyId, ids),
  ]);
  const calendars = new Map(members.map((member) => [member.id, holidays.calendarFor(member)]));
  const worksOn = (userId: string, date: IsoDate) => isScheduledWorkingDay(schedules.timelineOf(userId).at(date), date, calendars.get(userId)!.isHoliday);
  const days: CoverDay[] = [];
  for (const date of eachDay(range.startDate, range.endDate)) {
    const working = new Set(ids.filter((id) => worksOn(id, date)));
    // Absent only on a day the person works: someone off on their day off takes nobody away.
    const absent = new Set(absences.filter((row) => row.startDate <= date && row.endDate >= date && working.has(row.userId)).map((row) => row.userId));
    days.push({ date, working, absent });
  }
  const names = new Map(members.map((member) => [member.id, displayName(member)]));
  return checkCover(
    { teamName: team.name, maxAbsent: cover.maxAbsent, minPresent: cover.minPresent, mode: cover.mode, keyMemberIds: keys.map((key) => key.userId) },
    person.userId,
    days,
    (id) => names.get(id) ?? "",
  );
}

/** A request refused by a blocking cover rule: 409 with the rule's message, like the leave rules. */
export function coverRefusal(finding: RuleFinding): AppError {
  return new AppError(409, "cover_rule", finding.key, { params: finding.params });
}

/**
 * Approving re-checks the cover (decision 0091): a blocking rule broken now, that the request was
 * not already warned about when made, refuses the approval with the rule's message.
 */
export async function assertCoverOnApprove(tx: DbClient, companyId: string, vacationId: string): Promise<void> {
  const row = await tx.vacation.findFirst({ where: { id: vacationId, companyId }, select: { userId: true, startDate: true, endDate: true, ruleWarnings: true, user: { select: { teamId: true } } } });
  if (!row) return;
  const check = await checkTeamCover(tx, companyId, { userId: row.userId, teamId: row.user.teamId }, row);
  if (!check || check.mode !== "block" || check.findings.length === 0) return;
  const warned = new Set(readWarningKeys(row.ruleWarnings));
  const fresh = check.findings.find((finding) => !warned.has(finding.key));
  if (fresh) throw new AppError(409, "cover_rule", "cover.errors.approveBreaks", { params: { rule: fresh.key, ...fresh.params } });
}

function readWarningKeys(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.map((item: { key?: unknown }) => String(item?.key)) : [];
  } catch {
    return [];
  }
}
