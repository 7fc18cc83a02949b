import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginFormSchema } from "~/lib/schemas/auth";
import { getDb } from "./db.server";
import { AppError } from "./errors.server";
import { clientIp } from "./rate-limit.server";
import { checkCredentials } from "~/models/credentials.server";
import { publicUserSelect } from "~/models/user.server";
import { getCookieSession, SESSION_TTL_MS, sessionStorage } from "./session.server";

export const SESSION_KEY = "sessionId";

/** Thrown with a locale key; the login route translates it. */
export const INVALID_CREDENTIALS = "auth.invalidCredentials";

export const authenticator = new Authenticator<string>(sessionStorage, { sessionKey: SESSION_KEY });

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = loginFormSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new AppError(400, "invalid_credentials", INVALID_CREDENTIALS);
    const user = await checkCredentials(parsed.data.email, parsed.data.password, clientIp(request));
    return createSession(user.id, request);
  }),
  "form",
);

export async function createSession(userId: string, request: Request) {
  const session = await getDb().session.create({
    data: {
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 200),
    },
  });
  return session.id;
}

export const currentUserSelect = {
  ...publicUserSelect,
  company: { select: { id: true, name: true } },
} as const;

async function findSessionUser(request: Request) {
  const cookieSession = await getCookieSession(request);
  const sessionId = cookieSession.get(SESSION_KEY);
  if (typeof sessionId !== "string") return null;
  const session = await getDb().session.findUnique({
    where: { id: sessionId },
    select: { id: true, expiresAt: true, user: { select: currentUserSelect } },
  });
  if (!session || session.expiresAt.getTime() < Date.now()) return null;
  return { sessionId: session.id, user: session.user, companyId: session.user.companyId };
}

export function getOptionalUser(request: Request) {
  return findSessionUser(request);
}

/** Signed-in user with their company, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request) {
  const found = await findSessionUser(request);
  if (!found) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    const query = back && back !== "/" ? `?${new URLSearchParams({ redirectTo: back })}` : "";
    throw redirect(`/login${query}`);
  }
  return found;
}

export async function startSession(request: Request, sessionId: string) {
  const cookieSession = await getCookieSession(request);
  cookieSession.set(SESSION_KEY, sessionId);
  return sessionStorage.commitSession(cookieSession);
}

export async function endSession(request: Request) {
  const cookieSession = await getCookieSession(request);
  const sessionId = cookieSession.get(SESSION_KEY);
  if (typeof sessionId === "string") await getDb().session.deleteMany({ where: { id: sessionId } });
  return sessionStorage.destroySession(cookieSession);
}
