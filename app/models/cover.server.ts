// Minimum cover per team (issue 41, decision 0091): the team's rule, its settings, and the check
// a request goes through when made and again when approved. The check locks the team's rule row
// first, so two concurrent requests check one after the other on both engines.
import { z } from "zod";
import { checkCover, type CoverCheck, type CoverDay } from "~/lib/cover-rules";
import { eachDay, type IsoDate } from "~/lib/dates";
import { asRuleMode, type RuleFinding, type RuleMode } from "~/lib/leave-rules";
import { displayName } from "~/lib/people";
import { BLOCKING_STATUSES } from "~/lib/statuses";
import { isScheduledWorkingDay } from "~/lib/work-schedule";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { loadHolidayCalendars } from "./balance.server";
import { loadScheduleTimelines } from "./work-schedule.server";

// A limit is a whole number of people typed in a box: empty (or blanks) is no rule; anything but
// digits (a minus sign, a fraction, "1e3") is refused with one message rather than guessed at.
const limit = z.union([z.string(), z.number(), z.null(), z.undefined()]).transform((value, ctx) => {
  const text = value === null || value === undefined ? "" : String(value).trim();
  if (text === "") return null;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 10_000) {
    ctx.addIssue({ code: "custom", message: "cover.errors.limitInvalid" });
    return z.NEVER;
  }
  return Number(text);
});

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
    const [members, size] = await Promise.all([
      keyIds.length ? tx.user.count({ where: { companyId, teamId, id: { in: keyIds } } }) : 0,
      input.minPresent !== null ? tx.user.count({ where: { companyId, teamId, deactivatedAt: null } }) : 0,
    ]);
    if (members !== keyIds.length) throw new AppError(400, "invalid_user", "cover.errors.keyNotMember", { fields: { keyMemberIds: "cover.errors.keyNotMember" } });
    // A team of four can never have five in: such a rule would refuse every request of the team.
    if (input.minPresent !== null && input.minPresent > size) {
      throw new AppError(400, "invalid_cover", "cover.errors.minPresentTooLarge", { fields: { minPresent: "cover.errors.minPresentTooLarge" }, params: { count: String(size) } });
    }
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

/** A request the cover rules are asked about: whose, over which days (and a key to find its answer by). */
export interface CoverSubject {
  key: string;
  userId: string;
  teamId: string | null;
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * What the cover rules say of each request, read in a fixed number of queries however many there
 * are: the rules of their teams, those teams' active members, their approved and pending absences
 * over the requests' span, holidays and schedules. Both the checks of a request being made or
 * approved (checkTeamCover) and the Approvals list's live view read it, so the rule is told once.
 * A request whose team has no rule has no entry.
 */
export async function findCover(db: DbClient, companyId: string, subjects: readonly CoverSubject[]): Promise<Map<string, CoverCheck>> {
  const answers = new Map<string, CoverCheck>();
  const teamIds = [...new Set(subjects.map((subject) => subject.teamId).filter((id): id is string => id !== null))];
  if (teamIds.length === 0) return answers;
  // The rules first: most teams have none, and then nothing else is read.
  const covers = await db.teamCover.findMany({ where: { teamId: { in: teamIds }, team: { companyId } }, select: { teamId: true, maxAbsent: true, minPresent: true, mode: true } });
  const ruledTeams = covers.map((cover) => cover.teamId);
  const ruled = subjects.filter((subject) => subject.teamId !== null && ruledTeams.includes(subject.teamId));
  if (ruled.length === 0) return answers;
  const [teams, members, keys] = await Promise.all([
    db.team.findMany({ where: { id: { in: ruledTeams }, companyId }, select: { id: true, name: true } }),
    db.user.findMany({ where: { companyId, teamId: { in: ruledTeams }, deactivatedAt: null }, select: { id: true, teamId: true, fullName: true, email: true, countryCode: true, region: true } }),
    db.teamCoverKey.findMany({ where: { teamId: { in: ruledTeams } }, select: { teamId: true, userId: true } }),
  ]);
  const span = {
    startDate: ruled.reduce((first, subject) => (subject.startDate < first ? subject.startDate : first), ruled[0]!.startDate),
    endDate: ruled.reduce((last, subject) => (subject.endDate > last ? subject.endDate : last), ruled[0]!.endDate),
  };
  const ids = members.map((member) => member.id);
  const [absences, holidays, schedules] = await Promise.all([
    db.vacation.findMany({
      where: { companyId, userId: { in: ids }, status: { in: [...BLOCKING_STATUSES] }, startDate: { lte: span.endDate }, endDate: { gte: span.startDate } },
      select: { userId: true, startDate: true, endDate: true },
    }),
    loadHolidayCalendars(db, companyId, span),
    loadScheduleTimelines(db, companyId, ids),
  ]);
  const calendars = new Map(members.map((member) => [member.id, holidays.calendarFor(member)]));
  const names = new Map(members.map((member) => [member.id, displayName(member)]));
  const worksOn = (userId: string, date: IsoDate) => isScheduledWorkingDay(schedules.timelineOf(userId).at(date), date, calendars.get(userId)!.isHoliday);
  const teamOf = new Map(members.map((member) => [member.id, member.teamId]));
  for (const subject of ruled) {
    const cover = covers.find((row) => row.teamId === subject.teamId)!;
    const team = ids.filter((id) => teamOf.get(id) === subject.teamId);
    const theirs = absences.filter((row) => teamOf.get(row.userId) === subject.teamId && row.startDate <= subject.endDate && row.endDate >= subject.startDate);
    const days: CoverDay[] = [];
    for (const date of eachDay(subject.startDate, subject.endDate)) {
      const working = new Set(team.filter((id) => worksOn(id, date)));
      // Absent only on a day the person works: someone off on their day off takes nobody away.
      const absent = new Set(theirs.filter((row) => row.startDate <= date && row.endDate >= date && working.has(row.userId)).map((row) => row.userId));
      days.push({ date, working, absent });
    }
    const rule = {
      teamName: teams.find((row) => row.id === subject.teamId)?.name ?? "",
      maxAbsent: cover.maxAbsent,
      minPresent: cover.minPresent,
      mode: cover.mode,
      keyMemberIds: keys.filter((key) => key.teamId === subject.teamId).map((key) => key.userId),
    };
    answers.set(subject.key, checkCover(rule, subject.userId, days, (id) => names.get(id) ?? ""));
  }
  return answers;
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
  const answers = await findCover(tx, companyId, [{ key: "request", userId: person.userId, teamId: person.teamId, startDate: range.startDate, endDate: range.endDate }]);
  return answers.get("request") ?? null;
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
  const fresh = check && refusingFinding(check, row.ruleWarnings);
  if (fresh) throw new AppError(409, "cover_rule", "cover.errors.approveBreaks", { params: { rule: fresh.key, ...fresh.params } });
}

/** The finding that refuses an approval: a blocking rule broken now that the request was not warned about when made. */
function refusingFinding(check: CoverCheck, storedWarnings: string | null): RuleFinding | null {
  if (check.mode !== "block" || check.findings.length === 0) return null;
  const warned = new Set(readWarningKeys(storedWarnings));
  return check.findings.find((finding) => !warned.has(finding.key)) ?? null;
}

/** What the cover rules say now of a pending request, and whether approving it would be refused. */
export interface LiveCover {
  mode: RuleMode;
  findings: RuleFinding[];
  refusesApproval: boolean;
}

/** A request as the Approvals page read it (the page's rows are not read again). */
interface PendingRequest {
  id: string;
  userId: string;
  status: string;
  startDate: IsoDate;
  endDate: IsoDate;
  ruleWarnings: string | null;
}

/**
 * The Approvals list's live cover view: for each of these pending requests of the viewer's company
 * whose team has a rule that is broken today, the findings (days and names of who else is off,
 * never why) and whether approving would be refused. Read with findCover, the check the request
 * met when made and meets again on approval; a fixed number of queries for the whole page.
 */
export async function liveCoverOf(
  viewer: Viewer,
  requests: readonly PendingRequest[],
  // The requesters' teams when the caller read them already (describeVacations' requesters).
  known: Readonly<Record<string, { teamId: string | null }>> = {},
): Promise<Record<string, LiveCover>> {
  requireAdmin(viewer);
  const rows = requests.filter((row) => row.status === "pending");
  if (rows.length === 0) return {};
  const db = getDb();
  const unknown = [...new Set(rows.map((row) => row.userId))].filter((userId) => !Object.hasOwn(known, userId));
  const people = unknown.length ? await db.user.findMany({ where: { companyId: viewer.companyId, id: { in: unknown } }, select: { id: true, teamId: true } }) : [];
  const teamOf = new Map([...Object.entries(known).map(([id, person]) => [id, person.teamId] as const), ...people.map((person) => [person.id, person.teamId] as const)]);
  const checks = await findCover(
    db,
    viewer.companyId,
    rows.map((row) => ({ key: row.id, userId: row.userId, teamId: teamOf.get(row.userId) ?? null, startDate: row.startDate, endDate: row.endDate })),
  );
  const live: Record<string, LiveCover> = {};
  for (const row of rows) {
    const check = checks.get(row.id);
    if (check && check.findings.length > 0) live[row.id] = { mode: check.mode, findings: check.findings, refusesApproval: refusingFinding(check, row.ruleWarnings) !== null };
  }
  return live;
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
