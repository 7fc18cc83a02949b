import type { Prisma } from "~/generated/prisma/client";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";

export function listTeams(viewer: Viewer) {
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
