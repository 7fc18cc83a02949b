import { getDb } from "~/utils/db.server";
import type { Viewer } from "~/utils/permissions.server";

export function listTeams(viewer: Viewer) {
  return getDb().team.findMany({ where: { companyId: viewer.companyId }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}
