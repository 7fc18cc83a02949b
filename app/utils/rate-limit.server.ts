// Fixed-window counters kept in memory: enough for one server process (the SQLite deployment).
// Several processes behind a balancer would each count separately; see docs/decisions/0007-identity.md.
import { MAX_CUSTOM_RECIPIENTS_PER_HOUR } from "~/lib/input-limits";
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
  signupPerIp: { name: "signup:ip", max: 10, windowMs: 60 * 60_000 },
  resetPerIp: { name: "reset:ip", max: 10, windowMs: 15 * 60_000 },
  resetPerEmail: { name: "reset:email", max: 3, windowMs: 15 * 60_000 },
  acceptInvitePerIp: { name: "invite-accept:ip", max: 20, windowMs: 15 * 60_000 },
  // The public page's interest form: a person leaves one address, maybe a second after a typo.
  publicInterestPerIp: { name: "public-interest:ip", max: 5, windowMs: 60 * 60_000 },
  // Addresses outside the company that one person's absence requests mailed (counted per address).
  outsideRecipientsPerUser: { name: "outside-recipients:user", max: MAX_CUSTOM_RECIPIENTS_PER_HOUR, windowMs: 60 * 60_000 },
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
    throw new AppError(429, "rate_limited", "errors.rateLimited", { params: { minutes: String(minutes), count: String(minutes) } });
  }
}

export function recordAttempt(limit: Limit, key: string, now = Date.now(), amount = 1) {
  current(limit, key, now).count += amount;
}

/** How many more the key may use in its window, and in how many minutes the window starts afresh. */
export function remainingInWindow(limit: Limit, key: string, now = Date.now()) {
  const window = current(limit, key, now);
  return { remaining: Math.max(0, limit.max - window.count), minutes: Math.max(1, Math.ceil((window.resetAt - now) / 60_000)) };
}

/** Check and count in one go, for actions where every attempt counts. */
export function consumeLimit(limit: Limit, key: string, now = Date.now()) {
  assertWithinLimit(limit, key, now);
  recordAttempt(limit, key, now);
}

/**
 * Exponential backoff after failures (sign-in): the first `freeFailures` cost nothing, then each
 * further attempt must wait 2^k seconds after the last failure, at most `maxDelayMs`. Unlike a
 * lockout, the right password works again as soon as the wait is over, so nobody can shut a
 * person out of their account by failing on purpose (docs/decisions/0012-input-limits.md).
 */
export interface Backoff {
  name: string;
  freeFailures: number;
  maxDelayMs: number;
  /** Failures this long ago are forgotten. */
  forgetAfterMs: number;
}

export const BACKOFFS = {
  loginPerAccount: { name: "login:account", freeFailures: 5, maxDelayMs: 5 * 60_000, forgetAfterMs: 60 * 60_000 },
  loginPerAddress: { name: "login:address", freeFailures: 20, maxDelayMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 },
} satisfies Record<string, Backoff>;

interface Failures {
  count: number;
  lastAt: number;
}

const failures = new Map<string, Failures>();

function failuresOf(backoff: Backoff, key: string, now: number): Failures | undefined {
  const id = `${backoff.name}:${key.toLowerCase()}`;
  const entry = failures.get(id);
  if (entry && now - entry.lastAt >= backoff.forgetAfterMs) {
    failures.delete(id);
    return undefined;
  }
  return entry;
}

/** When the next attempt may be made (ms since the epoch); 0 when it may be made now. */
export function nextAttemptAt(backoff: Backoff, key: string, now = Date.now()): number {
  const entry = failuresOf(backoff, key, now);
  if (!entry || entry.count < backoff.freeFailures) return 0;
  const delay = Math.min(backoff.maxDelayMs, 1000 * 2 ** Math.min(entry.count - backoff.freeFailures, 30));
  return entry.lastAt + delay > now ? entry.lastAt + delay : 0;
}

/** Throws 429 while the key must wait; the message says how many seconds. */
export function assertNoBackoff(backoff: Backoff, key: string, now = Date.now()) {
  const at = nextAttemptAt(backoff, key, now);
  if (at) throw new AppError(429, "rate_limited", "errors.retryInSeconds", { params: { seconds: String(Math.ceil((at - now) / 1000)) } });
}

export function recordFailure(backoff: Backoff, key: string, now = Date.now()) {
  const entry = failuresOf(backoff, key, now);
  if (entry) {
    entry.count++;
    entry.lastAt = now;
  } else failures.set(`${backoff.name}:${key.toLowerCase()}`, { count: 1, lastAt: now });
}

export function clearFailures(backoff: Backoff, key: string) {
  failures.delete(`${backoff.name}:${key.toLowerCase()}`);
}

export function clientIp(request: Request): string {
  // The request guards (request-guards.server.ts) put the address here: the socket's, or the
  // client's as told by a proxy TRUST_PROXY names.
  return request.headers.get("X-Client-IP") ?? "local";
}

/** Tests start from a clean slate. */
export function resetRateLimits() {
  windows.clear();
  failures.clear();
}

// Forget expired windows and old failures now and then so the maps cannot grow without bound.
const LONGEST_FORGET_MS = Math.max(...Object.values(BACKOFFS).map((backoff) => backoff.forgetAfterMs));
setInterval(() => {
  const now = Date.now();
  for (const [id, window] of windows) if (window.resetAt <= now) windows.delete(id);
  for (const [id, entry] of failures) if (now - entry.lastAt >= LONGEST_FORGET_MS) failures.delete(id);
}, 60_000).unref();
