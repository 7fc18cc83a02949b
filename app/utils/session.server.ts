import { createCookieSessionStorage } from "@remix-run/node";
import { getEnv } from "./env.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// The cookie carries the id of a Session row and of its person (so both are read in one statement,
// decision 0045), and flash messages; deleting the row signs the browser out everywhere it
// matters, which a pure cookie session cannot do.
export const SESSION_COOKIE = "__session";

export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getEnv().NODE_ENV === "production",
    secrets: [getEnv().SESSION_SECRET],
    maxAge: SESSION_TTL_MS / 1000,
  },
});

export function getCookieSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}
