import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/utils/db.server";

interface Reviewer {
  id: string;
  role: string;
}

/**
 * Which pending requests a viewer reviews: the owner sees the whole company; an admin sees the
 * members of the teams they administer, or the whole company when they administer no team
 * (a company admin without a team). Users review nothing. See docs/decisions/0004-approvals-scope.md.
 */
export async function pendingReviewFilter(companyId: string, viewer: Reviewer): Promise<Prisma.VacationWhereInput | null> {
  if (viewer.role === "owner") return { companyId, status: "pending" };
  if (viewer.role !== "admin") return null;
  const teams = await getDb().teamAdmin.findMany({
    where: { userId: viewer.id, team: { companyId } },
    select: { teamId: true },
  });
  // Nobody but the owner decides their own request (canReview in vacation.server.ts).
  if (teams.length === 0) return { companyId, status: "pending", userId: { not: viewer.id } };
  return { companyId, status: "pending", userId: { not: viewer.id }, user: { teamId: { in: teams.map((t) => t.teamId) } } };
}

export async function countPendingApprovals(companyId: string, viewer: Reviewer): Promise<number> {
  const where = await pendingReviewFilter(companyId, viewer);
  return where ? getDb().vacation.count({ where }) : 0;
}

/**
 * A validator (ETag) for the pending list a viewer sees: who asks (id, role) and every pending
 * request in their scope with its last change. A request created, edited, decided or cancelled,
 * or one entering or leaving the scope, gives another tag; one query on the same filter as the list.
 */
export async function pendingApprovalsTag(companyId: string, viewer: Reviewer): Promise<string> {
  const where = await pendingReviewFilter(companyId, viewer);
  const rows = where ? await getDb().vacation.findMany({ where, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }) : [];
  const hash = createHash("sha256").update(`${viewer.id}\n${viewer.role}`);
  for (const row of rows) hash.update(`\n${row.id}@${row.updatedAt.getTime()}`);
  return `W/"${rows.length}-${hash.digest("base64url").slice(0, 22)}"`;
}

export async function listPendingApprovals(companyId: string, viewer: Reviewer) {
  const where = await pendingReviewFilter(companyId, viewer);
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
