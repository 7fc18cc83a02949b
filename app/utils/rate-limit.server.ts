// Fixed-window counters kept in memory: enough for one server process (the SQLite deployment).
// Several processes behind a balancer would each count separately; see docs/decisions/0007-identity.md.
import { AppError } from "./errors.server";

interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();

export interface Limit {
  /** What is limited, e.g. "login:ip". */
  name: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginFailuresPerIp: { name: "login-fail:ip", max: 30, windowMs: 15 * 60_000 },
  loginFailuresPerEmail: { name: "login-fail:email", max: 8, windowMs: 15 * 60_000 },
  signupPerIp: { name: "signup:ip", max: 10, windowMs: 60 * 60_000 },
  resetPerIp: { name: "reset:ip", max: 10, windowMs: 15 * 60_000 },
  resetPerEmail: { name: "reset:email", max: 3, windowMs: 15 * 60_000 },
  acceptInvitePerIp: { name: "invite-accept:ip", max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

function current(limit: Limit, key: string, now: number): Window {
  const id = `${limit.name}:${key.toLowerCase()}`;
  let window = windows.get(id);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + limit.windowMs };
    windows.set(id, window);
  }
  return window;
}

/** Throws 429 when the key already used up its window; the message says when to retry. */
export function assertWithinLimit(limit: Limit, key: string, now = Date.now()) {
  const window = current(limit, key, now);
  if (window.count >= limit.max) {
    const minutes = Math.max(1, Math.ceil((window.resetAt - now) / 60_000));
    throw new AppError(429, "rate_limited", "errors.rateLimited", { minutes: String(minutes), count: String(minutes) });
  }
}

export function recordAttempt(limit: Limit, key: string, now = Date.now()) {
  current(limit, key, now).count++;
}

/** Check and count in one go, for actions where every attempt counts. */
export function consumeLimit(limit: Limit, key: string, now = Date.now()) {
  assertWithinLimit(limit, key, now);
  recordAttempt(limit, key, now);
}

export function clientIp(request: Request): string {
  // server.ts trusts one proxy hop and passes the socket address in this header.
  return request.headers.get("X-Client-IP") ?? "local";
}

/** Tests start from a clean slate. */
export function resetRateLimits() {
  windows.clear();
}

// Forget expired windows now and then so the map cannot grow without bound.
setInterval(() => {
  const now = Date.now();
  for (const [id, window] of windows) if (window.resetAt <= now) windows.delete(id);
}, 60_000).unref();
