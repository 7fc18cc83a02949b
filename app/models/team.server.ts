// Teams of a company: members (a person belongs to one team), admins, the substitute approver.
// Every change is a company admin's, scoped by the viewer's company and audited with old and new
// values in the same transaction.
import type { Prisma } from "~/generated/prisma/client";
import { displayName } from "~/lib/people";
import type { ApiTeam } from "~/lib/schemas/api-responses";
import { MAX_TEAM_NAME_LENGTH } from "~/lib/schemas/teams";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { asRole, requireAdmin, type Viewer } from "~/utils/permissions.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

/** The company's teams (id and name) by name: the filters and pickers of several pages. */
export function listTeams(viewer: Viewer): Promise<{ id: string; name: string }[]> {
  return getDb().team.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/**
 * Puts a person in a team (or in none), from whichever screen or call does it: a person belongs
 * to one team, and is an admin only of the team they belong to, so leaving a team ends their
 * admin role there. Company admins only; both ids must be the viewer's company's. Audited.
 */
export async function setTeamOf(viewer: Viewer, userId: string, teamId: string | null, client?: Prisma.TransactionClient) {
  requireAdmin(viewer);
  const run = async (tx: Prisma.TransactionClient) => {
    const { companyId } = viewer;
    const user = await tx.user.findFirst({ where: { id: userId, companyId, deactivatedAt: null }, select: { id: true, teamId: true } });
    if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
    if (teamId !== null && !(await tx.team.findFirst({ where: { id: teamId, companyId }, select: { id: true } }))) {
      throw new AppError(404, "not_found", "errors.teamNotFound");
    }
    if (user.teamId === teamId) return;
    await tx.user.update({ where: { id: user.id }, data: { teamId } });
    if (user.teamId) await tx.teamAdmin.deleteMany({ where: { userId: user.id, teamId: user.teamId } });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "user.team_changed", entity: "user", entityId: user.id, details: { team_id: { old: user.teamId, new: teamId } } },
      tx,
    );
  };
  return client ? run(client) : getDb().$transaction(run);
}

/** The people a team shows: active ones only (docs/decisions/0014-user-deactivation.md). */
const personSelect = { id: true, fullName: true, name: true, email: true, role: true } as const;

const teamSelect = {
  id: true,
  name: true,
  substituteApproverId: true,
  members: { where: { deactivatedAt: null }, select: personSelect, orderBy: [{ fullName: "asc" }, { email: "asc" }] },
  admins: { where: { user: { deactivatedAt: null } }, select: { userId: true } },
} satisfies Prisma.TeamSelect;

export type TeamWithPeople = Prisma.TeamGetPayload<{ select: typeof teamSelect }>;

/** Every team of the viewer's company with its active members and admins (three queries, whatever the size). */
export function listTeamsWithPeople(viewer: Viewer): Promise<TeamWithPeople[]> {
  return getDb().team.findMany({ where: { companyId: viewer.companyId }, select: teamSelect, orderBy: { name: "asc" } });
}

export async function getTeam(viewer: Viewer, id: string, client: Client = getDb()): Promise<TeamWithPeople> {
  const team = await client.team.findFirst({ where: { id, companyId: viewer.companyId }, select: teamSelect });
  if (!team) throw new AppError(404, "not_found", "errors.teamNotFound");
  return team;
}

/** The /api shape (spec section 3: id, name, members, team admins). */
export function serializeTeam(team: TeamWithPeople): ApiTeam {
  const adminIds = new Set(team.admins.map((a) => a.userId));
  return {
    id: team.id,
    name: team.name,
    members: team.members.map((m) => ({ id: m.id, full_name: displayName(m), email: m.email, role: asRole(m.role) })),
    team_admins: team.members.filter((m) => adminIds.has(m.id)).map((m) => ({ id: m.id, full_name: displayName(m), email: m.email })),
    substitute_approver_id: team.substituteApproverId,
  };
}

function nameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError(400, "validation_failed", "teams.validation.nameRequired", { fields: { name: "teams.validation.nameRequired" } });
  if (trimmed.length > MAX_TEAM_NAME_LENGTH) throw new AppError(400, "validation_failed", "teams.validation.nameTooLong", { fields: { name: "teams.validation.nameTooLong" } });
  return trimmed;
}

const nameTaken = (name: string) => new AppError(409, "name_taken", "teams.nameTaken", { fields: { name: "teams.nameTaken" }, params: { name } });

/** The unique index decides a race the check before it lost. */
function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * Two teams a person could not tell apart in a list ("Support" and "support") are refused, as
 * absence categories are. Compared here rather than by the database: SQLite and PostgreSQL fold case
 * differently, and a company has few teams. The unique index still settles an exact race.
 */
async function assertNameFree(tx: Prisma.TransactionClient, companyId: string, name: string, exceptId?: string) {
  const wanted = name.toLocaleLowerCase();
  const teams = await tx.team.findMany({ where: { companyId, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { name: true } });
  const clash = teams.find((team) => team.name.toLocaleLowerCase() === wanted);
  if (clash) throw nameTaken(clash.name);
}

/** A new, empty team. Company admins only; names are unique within the company. Audited. */
export async function createTeam(viewer: Viewer, rawName: string) {
  requireAdmin(viewer);
  const name = nameOf(rawName);
  const { companyId } = viewer;
  try {
    return await getDb().$transaction(async (tx) => {
      await assertNameFree(tx, companyId, name);
      const team = await tx.team.create({ data: { companyId, name }, select: { id: true } });
      await recordAudit({ companyId, actorId: viewer.userId, action: "team.created", entity: "team", entityId: team.id, details: { name: { old: null, new: name } } }, tx);
      return getTeam(viewer, team.id, tx);
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  }
}

export async function renameTeam(viewer: Viewer, id: string, rawName: string) {
  requireAdmin(viewer);
  const name = nameOf(rawName);
  const { companyId } = viewer;
  try {
    return await getDb().$transaction(async (tx) => {
      const team = await getTeam(viewer, id, tx);
      if (team.name === name) return team;
      await assertNameFree(tx, companyId, name, id);
      await tx.team.update({ where: { id }, data: { name } });
      await recordAudit({ companyId, actorId: viewer.userId, action: "team.renamed", entity: "team", entityId: id, details: changes({ name: team.name }, { name }) }, tx);
      return { ...team, name };
    });
  } catch (error) {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  }
}

/** Spec section 4: only a team without members is deleted; otherwise a refusal saying how many. */
export async function deleteTeam(viewer: Viewer, id: string) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  await getDb().$transaction(async (tx) => {
    const team = await getTeam(viewer, id, tx);
    if (team.members.length) {
      const count = String(team.members.length);
      throw new AppError(409, "team_not_empty", "teams.notEmpty", { params: { name: team.name, count } });
    }
    await tx.team.delete({ where: { id } });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "team.deleted", entity: "team", entityId: id, details: { name: { old: team.name, new: null }, substitute_approver_id: { old: team.substituteApproverId, new: null } } },
      tx,
    );
  });
}

/** Puts a person in the team; someone in another team moves (a person belongs to one team: setTeamOf). */
export async function addMember(viewer: Viewer, teamId: string, userId: string) {
  requireAdmin(viewer);
  return getDb().$transaction(async (tx) => {
    await setTeamOf(viewer, userId, teamId, tx);
    return getTeam(viewer, teamId, tx);
  });
}

/** Takes a member out of the team (and so out of its admins); they belong to no team then. */
export async function removeMember(viewer: Viewer, teamId: string, userId: string) {
  requireAdmin(viewer);
  return getDb().$transaction(async (tx) => {
    const team = await getTeam(viewer, teamId, tx);
    await activePerson(tx, viewer, userId);
    if (!team.members.some((m) => m.id === userId)) throw new AppError(409, "not_a_member", "teams.notMember");
    await setTeamOf(viewer, userId, null, tx);
    return getTeam(viewer, teamId, tx);
  });
}

async function activePerson(tx: Prisma.TransactionClient, viewer: Viewer, userId: string) {
  const person = await tx.user.findFirst({ where: { id: userId, companyId: viewer.companyId, deactivatedAt: null }, select: { id: true, role: true } });
  if (!person) throw new AppError(404, "not_found", "errors.userNotFound");
  return person;
}

/**
 * Reviewing needs the admin screens (Approvals), so whoever becomes a team admin or a substitute
 * approver and was a user becomes an admin (spec: the team admin dialog does so). Audited.
 */
async function promoteToAdmin(tx: Prisma.TransactionClient, viewer: Viewer, person: { id: string; role: string }) {
  if (person.role !== "user") return;
  await tx.user.update({ where: { id: person.id }, data: { role: "admin" } });
  await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "user.updated", entity: "user", entityId: person.id, details: changes({ role: "user" }, { role: "admin" }) }, tx);
}

/**
 * The team admin dialog: exactly these members are the team's admins. A member ticked becomes an
 * admin of the team (and a company admin, when they were a user); one unticked stops being an
 * admin of the team and keeps their role. Only members may be ticked.
 */
export async function setTeamAdmins(viewer: Viewer, teamId: string, userIds: readonly string[]) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const wanted = [...new Set(userIds)];
  return getDb().$transaction(async (tx) => {
    const team = await getTeam(viewer, teamId, tx);
    const people = await tx.user.findMany({ where: { id: { in: wanted }, companyId, deactivatedAt: null }, select: { id: true, role: true, teamId: true } });
    if (people.length !== wanted.length) throw new AppError(404, "not_found", "errors.userNotFound");
    if (people.some((p) => p.teamId !== teamId)) throw new AppError(409, "not_a_member", "teams.adminNotMember");
    const before = team.admins.map((a) => a.userId).sort();
    const after = [...wanted].sort();
    const added = after.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !after.includes(id));
    if (!added.length && !removed.length) return team;
    if (removed.length) await tx.teamAdmin.deleteMany({ where: { teamId, userId: { in: removed } } });
    if (added.length) await tx.teamAdmin.createMany({ data: added.map((userId) => ({ teamId, userId })) });
    for (const person of people.filter((p) => added.includes(p.id))) await promoteToAdmin(tx, viewer, person);
    await recordAudit({ companyId, actorId: viewer.userId, action: "team.admins_changed", entity: "team", entityId: teamId, details: { admins: { old: before, new: after } } }, tx);
    return getTeam(viewer, teamId, tx);
  });
}

/** One admin more (the API's POST .../admins): the same rules as the dialog. */
export async function addTeamAdmin(viewer: Viewer, teamId: string, userId: string) {
  requireAdmin(viewer);
  const team = await getTeam(viewer, teamId);
  return setTeamAdmins(viewer, teamId, [...team.admins.map((a) => a.userId), userId]);
}

/** One admin fewer (the API's DELETE .../admins); someone who is not one is a 404 of the admin. */
export async function removeTeamAdmin(viewer: Viewer, teamId: string, userId: string) {
  requireAdmin(viewer);
  const team = await getTeam(viewer, teamId);
  if (!team.admins.some((a) => a.userId === userId)) throw new AppError(404, "not_found", "teams.notAdmin");
  return setTeamAdmins(viewer, teamId, team.admins.map((a) => a.userId).filter((id) => id !== userId));
}

/**
 * Who reviews the team's requests while all its admins are on leave (docs/decisions/
 * 0018-approval-routing.md): any active person of the company, or nobody (null).
 */
export async function setSubstituteApprover(viewer: Viewer, teamId: string, userId: string | null) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  return getDb().$transaction(async (tx) => {
    const team = await getTeam(viewer, teamId, tx);
    const person = userId === null ? null : await activePerson(tx, viewer, userId);
    if (team.substituteApproverId === userId) return team;
    await tx.team.update({ where: { id: teamId }, data: { substituteApproverId: userId } });
    if (person) await promoteToAdmin(tx, viewer, person);
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "team.substitute_changed", entity: "team", entityId: teamId, details: changes({ substitute_approver_id: team.substituteApproverId }, { substitute_approver_id: userId }) },
      tx,
    );
    return { ...team, substituteApproverId: userId };
  });
}

/** The people a team dialog offers (to add as members, as substitute): the company's active ones. */
export function listTeamCandidates(viewer: Viewer) {
  requireAdmin(viewer);
  return getDb().user.findMany({
    where: { companyId: viewer.companyId, deactivatedAt: null },
    select: { ...personSelect, teamId: true },
    orderBy: [{ fullName: "asc" }, { email: "asc" }],
  });
}
