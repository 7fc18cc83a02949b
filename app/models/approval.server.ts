import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/utils/db.server";
import { managedRequestsWhere, type Viewer } from "~/utils/permissions.server";

/**
 * The pending requests a viewer reviews: those of the people they manage (managesRequestsOf in
 * app/utils/permissions.server.ts; docs/decisions/0004-approvals-scope.md). Users review nothing.
 */
export function pendingReviewFilter(viewer: Viewer): Prisma.VacationWhereInput | null {
  const managed = managedRequestsWhere(viewer);
  return managed ? { AND: [managed, { status: "pending" }] } : null;
}

export async function countPendingApprovals(viewer: Viewer): Promise<number> {
  const where = pendingReviewFilter(viewer);
  return where ? getDb().vacation.count({ where }) : 0;
}

/**
 * A validator (ETag) for the pending list a viewer sees: who asks (id, role) and every pending
 * request in their scope with its last change. A request created, edited, decided or cancelled,
 * or one entering or leaving the scope, gives another tag; one query on the same filter as the list.
 */
export async function pendingApprovalsTag(viewer: Viewer): Promise<string> {
  const where = pendingReviewFilter(viewer);
  const rows = where ? await getDb().vacation.findMany({ where, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }) : [];
  const hash = createHash("sha256").update(`${viewer.userId}\n${viewer.role}`);
  for (const row of rows) hash.update(`\n${row.id}@${row.updatedAt.getTime()}`);
  return `W/"${rows.length}-${hash.digest("base64url").slice(0, 22)}"`;
}

export async function listPendingApprovals(viewer: Viewer) {
  const where = pendingReviewFilter(viewer);
  if (!where) return [];
  return getDb().vacation.findMany({
    where,
    orderBy: [{ startDate: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      userId: true,
      startDate: true,
      endDate: true,
      status: true,
      description: true,
      categoryId: true,
      halfDayStart: true,
      halfDayEnd: true,
      createdAt: true,
      user: { select: { fullName: true, name: true, email: true } },
    },
  });
}
