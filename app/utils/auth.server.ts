import { redirect, type AppLoadContext } from "@remix-run/node";
import type { Prisma } from "~/generated/prisma/client";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginFormSchema } from "~/lib/schemas/auth";
import { FIRST_SUBSCRIPTION_ORDER } from "~/lib/billing";
import { getDb } from "./db.server";
import { AppError } from "./errors.server";
import { apiTokenActingRole, asRole, requireAdmin, requireMaster, type ApiTokenRole, type CompanySubscription, type Role, type Viewer } from "./permissions.server";
import { knownDevices } from "./device-cookie.server";
import { clientIp } from "./rate-limit.server";
import { assertCompanyWritable, type WriteAccess } from "~/models/company-access.server";
import { checkCredentials } from "~/models/credentials.server";
import { closeSession, openSession } from "~/models/session.server";
import { publicUserSelect } from "~/models/user.server";
import { getCookieSession, sessionStorage } from "./session.server";

export const SESSION_KEY = "sessionId";
/** The session's person, beside its id in the signed cookie: the person and session in one read. */
const SESSION_USER_KEY = "userId";

/** Thrown with a locale key; the login route translates it. */
export const INVALID_CREDENTIALS = "auth.invalidCredentials";

export const authenticator = new Authenticator<string>(sessionStorage, { sessionKey: SESSION_KEY });

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError(400, "invalid_credentials", INVALID_CREDENTIALS);
    const ip = clientIp(request);
    const user = await checkCredentials(parsed.data.email, parsed.data.password, ip, Date.now(), await knownDevices(request));
    return openSession(user, { ip, userAgent: request.headers.get("User-Agent") });
  }),
  "form",
);

const currentUserSelect = {
  ...publicUserSelect,
  company: { select: { id: true, name: true, timeZone: true, countryCode: true, leaveYearStartMonth: true, allowanceRounding: true, accrualBookingAhead: true } },
  adminOf: { select: { teamId: true } },
} as const;

type CurrentUserRow = Prisma.UserGetPayload<{ select: typeof currentUserSelect }>;
export type CurrentUser = Omit<CurrentUserRow, "adminOf" | "company"> & {
  company: Omit<CurrentUserRow["company"], "countryCode" | "leaveYearStartMonth" | "allowanceRounding" | "accrualBookingAhead">;
};

/** The API token an /api request is made with (docs/decisions/0033-api-tokens-and-idempotency.md). */
export interface ViewerApiToken {
  readonly id: string;
  readonly name: string;
  readonly role: ApiTokenRole;
}

/** The signed-in person: the Viewer every model function takes, and their profile for display. */
export interface SignedInViewer extends Viewer {
  readonly user: CurrentUser;
  /** Set when the request is made with an API token: the person is the token's creator. */
  readonly apiToken?: ViewerApiToken;
}

/**
 * A Viewer from the user row read at sign-in (one query with the teams they administer). Whose
 * requests an admin reviews beyond their teams is read only where a rule asks it (withReviewRouting).
 */
function viewerOf(row: CurrentUserRow, roleOf: (role: Role) => Role = (role) => role): SignedInViewer {
  // The company's country is the viewer's (holiday reads take it from there rather than reading the
  // company again), not part of the person's profile.
  const {
    adminOf,
    company: { countryCode: companyCountryCode, leaveYearStartMonth: companyLeaveYearStartMonth, allowanceRounding: companyAllowanceRounding, accrualBookingAhead: companyAccrualBookingAhead, ...company },
    ...profile
  } = row;
  const user = { ...profile, company };
  const person = { userId: user.id, companyId: user.companyId, role: roleOf(asRole(user.role)), timeZone: user.company.timeZone };
  return {
    ...person,
    companyCountryCode,
    companyLeaveYearStartMonth,
    companyAllowanceRounding,
    companyAccrualBookingAhead,
    isMaster: user.isMaster,
    teamId: user.teamId,
    adminOfTeamIds: adminOf.map((a) => a.teamId),
    user,
  };
}

/**
 * The current user of a user id, or null when they no longer exist or were deactivated; with
 * `tokenVersion` (an access token's), also null when the person's tokens were ended since
 * (User.tokenVersion), in the same one read.
 */
export async function loadViewer(userId: string, companyId?: string, tokenVersion?: number): Promise<SignedInViewer | null> {
  const row = await getDb().user.findFirst({
    where: { id: userId, deactivatedAt: null, ...(companyId ? { companyId } : {}), ...(tokenVersion === undefined ? {} : { tokenVersion }) },
    select: currentUserSelect,
  });
  return row ? viewerOf(row) : null;
}

/**
 * The viewer an API token acts as: its creator (still active, in the token's company) with a
 * company admin's rights at most and never the master flag, whose review routing is an admin's.
 */
export async function loadTokenViewer(creatorId: string, companyId: string, token: ViewerApiToken): Promise<SignedInViewer | null> {
  const row = await getDb().user.findFirst({ where: { id: creatorId, companyId, deactivatedAt: null }, select: currentUserSelect });
  if (!row) return null;
  const viewer = viewerOf(row, apiTokenActingRole);
  return { ...viewer, isMaster: false, apiToken: token };
}

type SessionViewer = { sessionId: string; viewer: SignedInViewer } | null;

/**
 * Who asks: a request, or a loader's request with the load context server.ts makes for each HTTP
 * request. Remix gives each loader of a page its own copy of the Request; the context is the one
 * thing they share, so a page whose loaders pass it (the shell, a settings layout and its tab, the
 * screen) reads the signed-in person once.
 */
export type Asking = Request | { request: Request; context?: AppLoadContext };

// Reads only: an action may change the very rows a viewer is made of. Keyed by the HTTP request's
// scope when there is one, else by the Request (a loader and the helpers it calls).
const viewerOfRequest = new WeakMap<object, Promise<SessionViewer>>();

function requestOf(asking: Asking): Request {
  return asking instanceof Request ? asking : asking.request;
}

function findSessionViewer(asking: Asking): Promise<SessionViewer> {
  const request = requestOf(asking);
  if (request.method !== "GET" && request.method !== "HEAD") return readSessionViewer(request);
  const key = (!(asking instanceof Request) && asking.context?.requestScope) || request;
  let found = viewerOfRequest.get(key);
  if (!found) {
    found = readSessionViewer(request);
    viewerOfRequest.set(key, found);
  }
  return found;
}

/**
 * The person by their id, if this unexpired session is theirs, with their company, the teams they
 * administer and the company's first subscription (every page's trial banner and every change's
 * read-only check need it; decision 0052). The cookie is signed, and a session of anyone else is
 * no session.
 */
async function readSessionPerson(userId: string, sessionId: string): Promise<{ row: CurrentUserRow; subscription: CompanySubscription | null } | null> {
  const found = await getDb().user.findFirst({
    where: { id: userId, deactivatedAt: null, sessions: { some: { id: sessionId, expiresAt: { gte: new Date() } } } },
    select: {
      ...currentUserSelect,
      company: {
        select: {
          ...currentUserSelect.company.select,
          subscriptions: { select: { id: true, status: true, trialEndsAt: true, stripeCustomerId: true, cancelAt: true }, orderBy: [...FIRST_SUBSCRIPTION_ORDER], take: 1 },
        },
      },
    },
  });
  if (!found) return null;
  const {
    company: { subscriptions, ...company },
    ...person
  } = found;
  return { row: { ...person, company }, subscription: subscriptions[0] ?? null };
}

async function readSessionViewer(request: Request): Promise<SessionViewer> {
  const cookieSession = await getCookieSession(request);
  const sessionId = cookieSession.get(SESSION_KEY);
  if (typeof sessionId !== "string") return null;
  const userId = cookieSession.get(SESSION_USER_KEY);
  if (typeof userId === "string") {
    const found = await readSessionPerson(userId, sessionId);
    return found ? { sessionId, viewer: { ...viewerOf(found.row), companySubscription: found.subscription } } : null;
  }
  // A cookie from before the person's id was written beside the session's.
  const session = await getDb().session.findUnique({
    where: { id: sessionId },
    select: { id: true, expiresAt: true, user: { select: { ...currentUserSelect, deactivatedAt: true } } },
  });
  if (!session || session.expiresAt.getTime() < Date.now() || session.user.deactivatedAt) return null;
  const { deactivatedAt: _deactivated, ...row } = session.user;
  return { sessionId: session.id, viewer: viewerOf(row) };
}

/** The signed-in person, or null. */
export async function getOptionalViewer(asking: Asking): Promise<SignedInViewer | null> {
  return (await findSessionViewer(asking))?.viewer ?? null;
}

/**
 * The signed-in person, or a redirect to /login that comes back here afterwards. A change is
 * refused (402) in a read-only company unless the route keeps it open (`access`).
 */
export async function requireUser(asking: Asking, access?: WriteAccess): Promise<SignedInViewer> {
  const request = requestOf(asking);
  const found = await findSessionViewer(asking);
  if (!found) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    const query = back && back !== "/" ? `?${new URLSearchParams({ redirectTo: back })}` : "";
    throw redirect(`/login${query}`);
  }
  await assertCompanyWritable(found.viewer, request, access);
  return found.viewer;
}

/** Admin screens are refused on the server too, not only hidden from the navigation. */
export async function requireAdminUser(asking: Asking, access?: WriteAccess): Promise<SignedInViewer> {
  const viewer = await requireUser(asking, access);
  requireAdmin(viewer);
  return viewer;
}

export async function requireMasterUser(request: Request): Promise<SignedInViewer> {
  const viewer = await requireUser(request);
  requireMaster(viewer);
  return viewer;
}

export async function startSession(request: Request, sessionId: string, userId: string) {
  const cookieSession = await getCookieSession(request);
  cookieSession.set(SESSION_KEY, sessionId);
  cookieSession.set(SESSION_USER_KEY, userId);
  return sessionStorage.commitSession(cookieSession);
}

export async function endSession(request: Request) {
  const cookieSession = await getCookieSession(request);
  const sessionId = cookieSession.get(SESSION_KEY);
  if (typeof sessionId === "string") await closeSession(sessionId);
  return sessionStorage.destroySession(cookieSession);
}
