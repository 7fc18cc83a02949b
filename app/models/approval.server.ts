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
