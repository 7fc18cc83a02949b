// Known-device cookies (OWASP Authentication Cheat Sheet, "device cookies";
// docs/decisions/0070-access-token-version-and-device-cookies.md). A successful sign-in leaves the
// client a signed cookie naming the account it proved; a sign-in that presents a valid one for
// the account it tries waits only on its own failures, not on the account's, so nobody who merely
// knows an e-mail can keep its owner's usual browser (or API client) out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";

export const DEVICE_COOKIE_NAME = "device";
const DEVICE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one client remembers (a shared computer): the latest sign-ins. */
const MAX_ACCOUNTS = 5;

/**
 * One account a client proved it knows the password of, at the account's token version then (a
 * password reset ends what the cookie proved); `nonce` keys the client's own failures.
 */
export interface KnownDevice {
  userId: string;
  version: number;
  nonce: string;
}

// Not signed by Remix: the value carries its own HMAC, with a key derived from SESSION_SECRET under
// its own label (as the JWT's), so no other signed value of the app can pass for one.
const deviceCookie = createCookie(DEVICE_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: getEnv().NODE_ENV === "production",
  maxAge: DEVICE_COOKIE_TTL_SECONDS,
});

function signature(payload: string): Buffer {
  const key = createHmac("sha256", getEnv().SESSION_SECRET).update("known-device-cookie").digest();
  return createHmac("sha256", key).update(payload).digest();
}

const ENTRY = /^[A-Za-z0-9_-]{1,64}:\d{1,9}:[A-Za-z0-9_-]{16,64}$/;

/** The accounts a request's valid device cookie names; none when it is missing, altered or forged. */
export async function knownDevices(request: Request): Promise<KnownDevice[]> {
  let value: unknown;
  try {
    value = await deviceCookie.parse(request.headers.get("Cookie"));
  } catch {
    return [];
  }
  if (typeof value !== "string" || value.length > 1024) return [];
  const dot = value.lastIndexOf(".");
  if (dot < 0) return [];
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = signature(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  const entries = payload.split(",");
  if (entries.length > MAX_ACCOUNTS || !entries.every((entry) => ENTRY.test(entry))) return [];
  return entries.map((entry) => {
    const [userId, version, nonce] = entry.split(":");
    return { userId, version: Number(version), nonce };
  });
}

/** Set-Cookie for a client that just proved the account: it joins (or renews) the accounts the cookie names. */
export async function deviceCookieHeader(request: Request, user: { id: string; tokenVersion: number }): Promise<string> {
  const others = (await knownDevices(request)).filter((device) => device.userId !== user.id);
  const entries = [{ userId: user.id, version: user.tokenVersion, nonce: randomBytes(16).toString("base64url") }, ...others].slice(0, MAX_ACCOUNTS);
  const payload = entries.map((device) => `${device.userId}:${device.version}:${device.nonce}`).join(",");
  return deviceCookie.serialize(`${payload}.${signature(payload).toString("base64url")}`);
}
