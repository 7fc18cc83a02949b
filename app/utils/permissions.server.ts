// Who may do what. Each rule is one function here; models call it to refuse, and loaders call the
// same function to decide which buttons a screen shows. See docs/decisions/0013-viewer-and-rules.md.
import type { SubscriptionFacts } from "~/lib/billing";
import { forbidden } from "./errors.server";

export type Role = "user" | "admin" | "owner";

export type CompanySubscription = SubscriptionFacts & { readonly id: string };

/** The signed-in person a request is made by: every model function takes one. */
export interface Viewer {
  readonly userId: string;
  readonly companyId: string;
  readonly role: Role;
  /** A flag of the access token (spec section 6): sees the audit of every company. */
  readonly isMaster: boolean;
  readonly teamId: string | null;
  /** The teams this person is an admin of. */
  readonly adminOfTeamIds: readonly string[];
  /** The company's IANA time zone: what "today" is for it. */
  readonly timeZone: string;
  /**
   * The company's country (holidays of people without one of their own), when read with the
   * signed-in person: holiday reads then need not read the company again (companyRefOf).
   */
  readonly companyCountryCode?: string;
  /** The company's leave-year start month (1–12) and rounding rule, read with its country (decision 0080). */
  readonly companyLeaveYearStartMonth?: number;
  readonly companyAllowanceRounding?: string;
  /** Whether people may book ahead of what an accruing allowance has earned (decision 0082). */
  readonly companyAccrualBookingAhead?: boolean;
  /**
   * The company's first subscription (what the trial banner and the read-only rule are about),
   * when read with the signed-in person: null when the company has none, absent when not read.
   */
  readonly companySubscription?: CompanySubscription | null;
}

/**
 * Whose requests an admin reviews beyond the teams they administer. It costs an admin three
 * queries, so it is read only where a rule of review asks it (withReviewRouting in
 * app/models/approval.server.ts), and the rules that need it take a RoutedViewer: a caller that
 * forgot to read it does not compile.
 */
export interface ReviewRouting {
  /**
   * Teams whose requests this admin reviews as the team's substitute approver today, because every
   * admin of the team is on leave.
   */
  readonly substituteForTeamIds: readonly string[];
  /**
   * Admins and owners (not this viewer) whose team has no other admin: their requests go to every
   * other admin of the company (docs/decisions/0018-approval-routing.md).
   */
  readonly lastResortForIds: readonly string[];
}

/** A viewer with their review routing read: what managesRequestsOf and the rules built on it take. */
export type RoutedViewer = Viewer & ReviewRouting;

export function asRole(value: string): Role {
  return value === "owner" || value === "admin" ? value : "user";
}

/** Company admins per spec section 6: roles admin and owner. */
export function isAdmin(person: { role: string }): boolean {
  return person.role === "admin" || person.role === "owner";
}

export function requireAdmin(viewer: Viewer) {
  if (!isAdmin(viewer)) throw forbidden();
}

export function requireMaster(viewer: Pick<Viewer, "isMaster">) {
  if (!viewer.isMaster) throw forbidden();
}

/**
 * Read the audit (docs/decisions/0025-audit.md): the master, of every company (spec section 6);
 * an owner, of their own company. The navigation shows the Audit link by this rule.
 */
export function canReadAudit(viewer: Pick<Viewer, "isMaster" | "role">): boolean {
  return viewer.isMaster || viewer.role === "owner";
}

/** Whose audit a reader may choose: the master any company's (or all at once), an owner their own. */
export function readsAuditOf(viewer: Pick<Viewer, "isMaster" | "role" | "companyId">, companyId: string): boolean {
  return viewer.isMaster || (viewer.role === "owner" && companyId === viewer.companyId);
}

/** What the review rules need to know about the person who made a request. */
export interface Requester {
  id: string;
  role: string;
  teamId: string | null;
}

/**
 * Whose requests a viewer decides and manages (docs/decisions/0004-approvals-scope.md, amended by
 * 0013 and 0018). Nobody manages their own. Among admins and owners: the owner, everyone's; an
 * admin, the members of the teams they administer, or — an admin of no team, a company admin —
 * everyone's but owners'; any admin, the requests of an admin or owner whose team has no other
 * admin; a team's substitute approver, the team's requests while all its admins are on leave.
 * Users manage nobody's.
 */
export function managesRequestsOf(viewer: RoutedViewer, requester: Requester): boolean {
  if (!isAdmin(viewer) || requester.id === viewer.userId) return false;
  if (viewer.role === "owner" || viewer.lastResortForIds.includes(requester.id)) return true;
  if (requester.teamId !== null && (viewer.adminOfTeamIds.includes(requester.teamId) || viewer.substituteForTeamIds.includes(requester.teamId))) return true;
  return viewer.adminOfTeamIds.length === 0 && requester.role !== "owner";
}

/**
 * Whose requests a viewer manages (managesRequestsOf), as the parts the SQL of the pending list and
 * its count is built from (pendingDecisionsWhere in app/models/approval.server.ts). Requests of the
 * viewer's company, never their own; the owner's scope is everyone, any other admin's is whoever
 * one of the parts matches. Null for a user.
 */
export interface ManagedScope {
  readonly companyId: string;
  readonly exceptUserId: string;
  readonly everyone: boolean;
  /** An admin of no team: everyone but owners. */
  readonly nonOwners: boolean;
  /** The members of the teams administered, and of those stood in for today. */
  readonly teamIds: readonly string[];
  /** Admins and owners whose team has no other admin. */
  readonly userIds: readonly string[];
}

export function managedScopeOf(viewer: RoutedViewer): ManagedScope | null {
  if (!isAdmin(viewer)) return null;
  const owner = viewer.role === "owner";
  return {
    companyId: viewer.companyId,
    exceptUserId: viewer.userId,
    everyone: owner,
    nonOwners: !owner && viewer.adminOfTeamIds.length === 0,
    teamIds: owner ? [] : [...viewer.adminOfTeamIds, ...viewer.substituteForTeamIds],
    userIds: owner ? [] : [...viewer.lastResortForIds],
  };
}

interface RequestFacts {
  userId: string;
  status: string;
  startDate: string;
}

/** Approve or reject: a pending request of someone the viewer manages. */
export function canReview(viewer: RoutedViewer, request: Pick<RequestFacts, "status">, requester: Requester): boolean {
  return request.status === "pending" && managesRequestsOf(viewer, requester);
}

/**
 * Cancel: a person cancels their own request unless it is approved and already under way (then
 * an admin must); a manager cancels the requests of the people they manage. Never twice.
 */
export function canCancel(viewer: RoutedViewer, request: RequestFacts, requester: Requester, today: string): boolean {
  if (request.status === "cancelled") return false;
  if (request.userId === viewer.userId) {
    return isAdmin(viewer) || !(request.status === "approved" && request.startDate <= today);
  }
  return managesRequestsOf(viewer, requester);
}

/** "Notify admin" (a reminder to the reviewers): the requester or a manager, while pending. */
export function canNotifyReviewers(viewer: RoutedViewer, request: Pick<RequestFacts, "userId" | "status">, requester: Requester): boolean {
  return request.status === "pending" && (request.userId === viewer.userId || managesRequestsOf(viewer, requester));
}

/**
 * After a cancellation, "tell the team's admins" ('Queres notificar o Admin da Team?'): whoever
 * could have cancelled it, the requester or a manager.
 */
export function canNotifyCancellation(viewer: RoutedViewer, request: Pick<RequestFacts, "userId" | "status">, requester: Requester): boolean {
  return request.status === "cancelled" && (request.userId === viewer.userId || managesRequestsOf(viewer, requester));
}

/** Edit a person's name and photo: themselves, or a company admin. */
export function canEditProfile(viewer: Viewer, personId: string): boolean {
  return personId === viewer.userId || isAdmin(viewer);
}

/**
 * Change a role or deactivate someone: company admins, never themselves; only an owner touches
 * an owner or makes one.
 */
export function canManagePerson(viewer: Viewer, person: { id: string; role: string }): boolean {
  if (!isAdmin(viewer) || person.id === viewer.userId) return false;
  return person.role !== "owner" || viewer.role === "owner";
}

/**
 * Add, delete, import and load holidays: company admins. Everyone in the company reads the list
 * (their working days follow it).
 */
export function canManageHolidays(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Whether a vacation of `person` is shown with its reason (description and absence category) or only as
 * "Absent": colleagues see that someone is away, not why. The person themselves, company admins
 * and the admins of the person's team see everything. Calendars, feeds and exports all ask this.
 */
export function seesVacationDetailsOf(viewer: Viewer, person: { id: string; teamId: string | null }): boolean {
  if (person.id === viewer.userId || isAdmin(viewer)) return true;
  return person.teamId !== null && viewer.adminOfTeamIds.includes(person.teamId);
}

/** What a calendar feed shows: the owner's own vacations, one team's, or the whole company's. */
export interface FeedTarget {
  scope: "person" | "team" | "company";
  teamId: string | null;
}

/**
 * Which calendar feeds a person may have, asked when one is made and again every time it is
 * fetched (a feed is rendered as its owner as they are then): their own vacations and the
 * company's, always; a team's when they belong to it or administer it, any team's when they are a
 * company admin. What each event shows is seesVacationDetailsOf's.
 */
export function canSubscribeTo(viewer: Viewer, target: FeedTarget): boolean {
  if (target.scope !== "team") return true;
  if (target.teamId === null) return false;
  return isAdmin(viewer) || viewer.teamId === target.teamId || viewer.adminOfTeamIds.includes(target.teamId);
}

/**
 * Billing (details, payment method, invoices, the subscription and its checkout, the trial
 * banner): company admins. Employees see no billing state at all: they cannot act on it.
 */
export function managesBilling(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Being told, when billing is off, which settings of the server turn it on: the owner, who answers
 * for the company's account (other admins read that billing is off, nothing more).
 */
export function seesBillingSetup(viewer: Viewer): boolean {
  return viewer.role === "owner";
}

/** Asking to delete the company's account (its subscription ends that month): the owner only. */
export function canDeleteAccount(viewer: Viewer): boolean {
  return viewer.role === "owner";
}

/** The two kinds of API token (docs/decisions/0033-api-tokens-and-idempotency.md). */
export const API_TOKEN_ROLES = ["read", "admin"] as const;
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

/** Make, list and revoke the company's API tokens: company admins. */
export function canManageApiTokens(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * A token acts as the person who made it, so it works only while they could make it: an active
 * company admin. Demoted or deactivated, their tokens stop (401) until they are an admin again.
 */
export function apiTokenWorksFor(creator: { role: string; deactivatedAt: Date | null }): boolean {
  return creator.deactivatedAt === null && isAdmin(creator);
}

/** The role a token acts with: its creator's, capped at company admin (an owner's token cannot do what only the owner may). */
export function apiTokenActingRole(creatorRole: Role): Role {
  return creatorRole === "owner" ? "admin" : creatorRole;
}

/** A read-only token reads (GET, HEAD, OPTIONS) and nothing else; an admin token may also write. */
export function apiTokenAllows(role: string, method: string): boolean {
  return role === "admin" || ["GET", "HEAD", "OPTIONS"].includes(method);
}

export function assertAllowed(allowed: boolean): asserts allowed {
  if (!allowed) throw forbidden();
}
