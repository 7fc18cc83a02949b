import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { todayIn } from "~/lib/dates";
import { getDb } from "~/utils/db.server";
import { pageAndTotal } from "~/lib/paging";
import { managedScopeOf, type ManagedScope, type Requester, type ReviewRouting, type RoutedViewer, type Viewer } from "~/utils/permissions.server";
import { countVacations, readVacations } from "./vacation-list.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

/** Who may review at all: an active admin or owner (the Approvals screen is theirs). */
const REVIEWER_ROLES = ["admin", "owner"];
const activeReviewer = { deactivatedAt: null, role: { in: REVIEWER_ROLES } } satisfies Prisma.UserWhereInput;

/** A team that has admins, every one of them on an approved vacation covering `today`. */
function adminsAllAway(today: string): Prisma.TeamWhereInput {
  const away: Prisma.UserWhereInput = { vacations: { some: { status: "approved", startDate: { lte: today }, endDate: { gte: today } } } };
  return { admins: { some: { user: activeReviewer }, every: { user: { OR: [{ NOT: activeReviewer }, away] } } } };
}

/**
 * What managesRequestsOf needs beyond the teams a viewer administers (docs/decisions/
 * 0018-approval-routing.md): the teams they stand in for as substitute approver today, and the
 * admins and owners whose team has no other admin. Only an admin needs them: an owner manages
 * everyone's requests and a user nobody's.
 *
 * Read side by side, because every page an admin opens asks it (the shell's badge):
 * - a team they stand in for has an active admin, and every active admin of it is on an approved
 *   vacation covering today (adminsAllAway, the same rule reviewersOf applies);
 * - an active admin or owner other than them is "alone" when no other active admin or owner
 *   administers their team (or they have no team).
 */
export async function loadReviewRouting(
  person: Pick<Viewer, "userId" | "companyId" | "role" | "timeZone">,
  db: Client = getDb(),
): Promise<ReviewRouting> {
  if (person.role !== "admin") return { substituteForTeamIds: [], lastResortForIds: [] };
  const { companyId, userId } = person;
  const [standIn, reviewers, reviewingAdmins] = await Promise.all([
    db.team.findMany({ where: { companyId, substituteApproverId: userId, ...adminsAllAway(todayIn(person.timeZone)) }, select: { id: true } }),
    db.user.findMany({ where: { companyId, ...activeReviewer, id: { not: userId } }, select: { id: true, teamId: true } }),
    db.teamAdmin.findMany({ where: { user: { companyId, ...activeReviewer } }, select: { teamId: true, userId: true } }),
  ]);
  const adminsOf = new Map<string, string[]>();
  for (const { teamId, userId: adminId } of reviewingAdmins) adminsOf.set(teamId, [...(adminsOf.get(teamId) ?? []), adminId]);
  const alone = (reviewer: { id: string; teamId: string | null }) => !(reviewer.teamId && adminsOf.get(reviewer.teamId)?.some((adminId) => adminId !== reviewer.id));
  return { substituteForTeamIds: standIn.map((team) => team.id), lastResortForIds: reviewers.filter(alone).map((reviewer) => reviewer.id) };
}

// One read per viewer: a page's loaders share their viewer (requireUser), so the badge, the list
// and the rows' buttons ask once.
const routedViewers = new WeakMap<Viewer, Promise<RoutedViewer>>();

/** The viewer with their review routing (loadReviewRouting), for the rules that need it. */
export function withReviewRouting(viewer: Viewer | RoutedViewer): Promise<RoutedViewer> {
  if ("substituteForTeamIds" in viewer) return Promise.resolve(viewer);
  let routed = routedViewers.get(viewer);
  if (!routed) {
    routed = loadReviewRouting(viewer).then((routing) => ({ ...viewer, ...routing }));
    routedViewers.set(viewer, routed);
  }
  return routed;
}

export const reviewerSelect = { id: true, email: true, fullName: true, preferredLanguage: true } as const;
export type Reviewer = Prisma.UserGetPayload<{ select: typeof reviewerSelect }>;

/**
 * Who a person's request goes to (the e-mails with decision links, the "no admin" refusal and
 * approval on creation all ask this; managesRequestsOf lets each of them decide it):
 * - the other admins of the requester's team, plus the team's substitute approver while every
 *   admin of the team is on leave ("team");
 * - else, for a user, the owners and the admins of no team; for an admin or owner, every other
 *   admin and owner of the company ("company"). Nobody, for the only admin of a company.
 */
export async function reviewersOf(companyId: string, requester: Requester, today: string, db: Client = getDb()): Promise<{ route: "team" | "company"; reviewers: Reviewer[] }> {
  const others = { companyId, ...activeReviewer, id: { not: requester.id } } satisfies Prisma.UserWhereInput;
  const teamId = requester.teamId;
  if (teamId) {
    const admins = await db.user.findMany({ where: { ...others, adminOf: { some: { teamId } } }, select: reviewerSelect, orderBy: { id: "asc" } });
    if (admins.length) {
      const substitute = await db.user.findFirst({ where: { ...others, substituteFor: { some: { id: teamId, ...adminsAllAway(today) } } }, select: reviewerSelect });
      return { route: "team", reviewers: substitute && !admins.some((a) => a.id === substitute.id) ? [...admins, substitute] : admins };
    }
  }
  const where: Prisma.UserWhereInput = requester.role === "user" ? { ...others, OR: [{ role: "owner" }, { adminOf: { none: {} } }] } : others;
  return { route: "company", reviewers: await db.user.findMany({ where, select: reviewerSelect, orderBy: { id: "asc" } }) };
}

/**
 * The pending requests a viewer may decide (managesRequestsOf in app/utils/permissions.server.ts;
 * docs/decisions/0004-approvals-scope.md), for the list, its count (the shell's badge, the
 * Approvals screen's total) and the badge poll's tag.
 *
 * Whom the viewer manages is written as one set of people, "the person is one of these", so the
 * members are found through "User"'s indexes and their requests through "Vacation"'s
 * ("userId", "status") index: a team admin's count reads their people's requests, not the
 * company's (decision 0057). The integration suite checks the list against the one-request rule
 * for every kind of scope, on both engines. Null for a user (they decide nothing).
 */
export function pendingDecisionsWhere(viewer: RoutedViewer): Prisma.VacationWhereInput | null {
  return managedAbsencesWhere(viewer, "pending");
}

/** The viewer's managed people's absences of one status (never their own); null for a user. */
function managedAbsencesWhere(viewer: RoutedViewer, status: string): Prisma.VacationWhereInput | null {
  const scope = managedScopeOf(viewer);
  if (!scope) return null;
  return { status, companyId: scope.companyId, userId: { not: scope.exceptUserId }, ...managedPeople(scope) };
}

/**
 * The pending changes of approved absences a viewer decides (decision 0093): the same people as
 * their pending requests (managesRequestsOf), as one condition, for Approvals' list and the badge.
 */
export function pendingChangesWhere(viewer: RoutedViewer): Prisma.VacationChangeWhereInput | null {
  const absences = managedAbsencesWhere(viewer, "approved");
  return absences && { companyId: viewer.companyId, status: "pending", vacation: absences };
}

/** The people a scope names, as a condition on the request's person; none for the owner's (everyone). */
function managedPeople(scope: ManagedScope): Prisma.VacationWhereInput {
  if (scope.everyone) return {};
  const parts: Prisma.UserWhereInput[] = [];
  if (scope.nonOwners) parts.push({ role: { not: "owner" } });
  if (scope.teamIds.length) parts.push({ teamId: { in: [...scope.teamIds] } });
  if (scope.userIds.length) parts.push({ id: { in: [...scope.userIds] } });
  // A scope of no part manages nobody (managedScopeOf never gives one today): an empty OR matches nothing.
  return { user: { companyId: scope.companyId, OR: parts } };
}

// The shell's badge and the Approvals screen's total are the same count, and a page's loaders share
// one viewer (requireUser reads it once per GET request): one count per page. Only a GET's viewer
// is shared, and an action's changes reach the loaders that run after it with a new viewer.
const pendingCounts = new WeakMap<Viewer, Promise<number>>();

/** How many pending requests the viewer may decide. */
export function countPendingApprovals(viewer: Viewer): Promise<number> {
  let count = pendingCounts.get(viewer);
  if (!count) {
    count = withReviewRouting(viewer).then((routed) => {
      const where = pendingDecisionsWhere(routed);
      return where ? countVacations(where) : 0;
    });
    pendingCounts.set(viewer, count);
  }
  return count;
}

/** How many pending changes of approved absences the viewer may decide. */
export async function countPendingChanges(viewer: Viewer): Promise<number> {
  const where = pendingChangesWhere(await withReviewRouting(viewer));
  return where ? getDb().vacationChange.count({ where }) : 0;
}

/** The shell's badge: everything waiting for the viewer's decision, requests and changes alike. */
export async function countAwaitingDecision(viewer: Viewer): Promise<number> {
  const [requests, changes] = await Promise.all([countPendingApprovals(viewer), countPendingChanges(viewer)]);
  return requests + changes;
}

/**
 * A validator (ETag) for the pending list a viewer sees: who asks (id, role), every pending
 * request in their scope with its last change, and every pending change of an approved absence they
 * decide (the badge counts both). A request created, edited, decided or cancelled, a change
 * proposed, decided or withdrawn, or either entering or leaving the scope, gives another tag; two
 * queries on the scope of the lists, side by side.
 */
export async function pendingApprovalsTag(viewer: Viewer): Promise<string> {
  // Asked every second by each admin's open page (the badge's poll).
  const routed = await withReviewRouting(viewer);
  const where = pendingDecisionsWhere(routed);
  const changesWhere = pendingChangesWhere(routed);
  const [rows, changes] = await Promise.all([
    where ? getDb().vacation.findMany({ where, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }) : [],
    // A change is pending from its creation until it leaves that state for good: its id names it.
    changesWhere ? getDb().vacationChange.findMany({ where: changesWhere, select: { id: true }, orderBy: { id: "asc" } }) : [],
  ]);
  const hash = createHash("sha256").update(`${viewer.userId}\n${viewer.role}`);
  for (const row of rows) hash.update(`\n${row.id}@${row.updatedAt.getTime()}`);
  for (const change of changes) hash.update(`\nchange:${change.id}`);
  return `W/"${rows.length + changes.length}-${hash.digest("base64url").slice(0, 22)}"`;
}

const pendingColumns = {
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
  startTime: true,
  endTime: true,
  hoursPerDay: true,
} as const;

// Soonest first ("oldest": start date, then creation, then id): the requests whose days come first
// need a decision first, and requests made together keep one order between pages.

/** Every request this viewer may decide, soonest first (the badge poll's list). */
export async function listPendingApprovals(viewer: Viewer) {
  const where = pendingDecisionsWhere(await withReviewRouting(viewer));
  return where ? readVacations(pendingColumns, where, { order: "oldest" }) : [];
}

/** One page of the requests this viewer may decide, soonest first, and how many there are. */
export async function pagePendingApprovals(viewer: Viewer, page: { offset: number; limit: number }) {
  const where = pendingDecisionsWhere(await withReviewRouting(viewer));
  if (!where) return { items: [], total: 0 };
  return pageAndTotal(
    page,
    // With the stored warnings, which the page shows beside each request (and its live cover reads).
    () => readVacations({ ...pendingColumns, ruleWarnings: true }, where, { order: "oldest", page }),
    () => countPendingApprovals(viewer),
  );
}
