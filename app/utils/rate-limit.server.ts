// Fixed-window counters and sign-in failures, kept in the database so that every app process
// counts together: several instances on one PostgreSQL share them (docs/decisions/0029-postgresql.md),
// and a restart forgets nothing. Each check-and-count is one transaction (one writer at a time on
// both engines), so two requests at once cannot both take the last attempt of a window.
import { MAX_CUSTOM_RECIPIENTS_PER_HOUR } from "~/lib/input-limits";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "./db.server";
import { AppError } from "./errors.server";

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
  // Each step of a provider or SSO sign-in (start, callback, confirmation) from one address.
  providerSignInPerIp: { name: "provider-sign-in:ip", max: 60, windowMs: 15 * 60_000 },
  // The public page's interest form: a person leaves one address, maybe a second after a typo.
  publicInterestPerIp: { name: "public-interest:ip", max: 5, windowMs: 60 * 60_000 },
  // Addresses outside the company that one person's vacation requests mailed (counted per address).
  outsideRecipientsPerUser: { name: "outside-recipients:user", max: MAX_CUSTOM_RECIPIENTS_PER_HOUR, windowMs: 60 * 60_000 },
  // A leave certificate or a data export draws a PDF or packs a ZIP: a person (or an admin going
  // through the leavers) needs a few an hour, not a loop's worth.
  exitExportPerUser: { name: "exit-export:user", max: 30, windowMs: 60 * 60_000 },
  // A company directory's SCIM calls, per client address: a full sync of a few hundred people and
  // their groups fits; a loop or someone guessing tokens does not (docs/decisions/0090).
  scimPerAddress: { name: "scim:ip", max: 1200, windowMs: 60_000 },
  // Certificate uploads (5 MB each, kept on disk): a person sends a few, a loop would fill the disk.
  certificateUploadsPerUser: { name: "certificate-upload:user", max: 20, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

interface Window {
  count: number;
  resetAt: number;
}

const windowId = (limit: Limit, key: string) => `${limit.name}:${key.toLowerCase()}`;

async function current(client: Prisma.TransactionClient, limit: Limit, key: string, now: number): Promise<Window> {
  const row = await client.rateLimitWindow.findUnique({ where: { id: windowId(limit, key) }, select: { count: true, resetAt: true } });
  if (!row || row.resetAt.getTime() <= now) return { count: 0, resetAt: now + limit.windowMs };
  return { count: row.count, resetAt: row.resetAt.getTime() };
}

async function add(tx: Prisma.TransactionClient, limit: Limit, key: string, now: number, amount: number) {
  const window = await current(tx, limit, key, now);
  const id = windowId(limit, key);
  const data = { count: window.count + amount, resetAt: new Date(window.resetAt) };
  if (window.count === 0) {
    // A window starts: expired ones go, so the table holds only the windows still counting.
    await tx.rateLimitWindow.deleteMany({ where: { resetAt: { lte: new Date(now) } } });
    await tx.rateLimitWindow.upsert({ where: { id }, create: { id, ...data }, update: data });
  } else {
    await tx.rateLimitWindow.update({ where: { id }, data });
  }
}

function limited(window: Window, now: number) {
  const minutes = Math.max(1, Math.ceil((window.resetAt - now) / 60_000));
  return new AppError(429, "rate_limited", "errors.rateLimited", { params: { minutes: String(minutes), count: String(minutes) }, retryAfterSeconds: (window.resetAt - now) / 1000 });
}

/** Throws 429 when the key already used up its window; the message says when to retry. */
export async function assertWithinLimit(limit: Limit, key: string, now = Date.now()) {
  const window = await current(getDb(), limit, key, now);
  if (window.count >= limit.max) throw limited(window, now);
}

export async function recordAttempt(limit: Limit, key: string, now = Date.now(), amount = 1) {
  await getDb().$transaction((tx) => add(tx, limit, key, now, amount));
}

/** How many more the key may use in its window, and in how many minutes the window starts afresh. */
export async function remainingInWindow(limit: Limit, key: string, now = Date.now()) {
  const window = await current(getDb(), limit, key, now);
  return { remaining: Math.max(0, limit.max - window.count), minutes: Math.max(1, Math.ceil((window.resetAt - now) / 60_000)) };
}

/** Check and count in one go, for actions where every attempt counts. */
export async function consumeLimit(limit: Limit, key: string, now = Date.now()) {
  await getDb().$transaction(async (tx) => {
    const window = await current(tx, limit, key, now);
    if (window.count >= limit.max) throw limited(window, now);
    await add(tx, limit, key, now, 1);
  });
}

/**
 * Exponential backoff after failures (sign-in): the first `freeFailures` cost nothing, then each
 * further attempt must wait 2^k seconds after the last failure, at most `maxDelayMs`. Unlike a
 * lockout, the right password works again as soon as the wait is over; and a client that signed
 * in to the account before is not held by the account's wait at all, only by its own (known-device
 * cookies, docs/decisions/0070-access-token-version-and-device-cookies.md), so nobody can shut a
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
  // A client with a known-device cookie for the account waits on its own failures instead of the
  // account's (device-cookie.server.ts): the same curve, out of an attacker's reach.
  loginPerDevice: { name: "login:device", freeFailures: 5, maxDelayMs: 5 * 60_000, forgetAfterMs: 60 * 60_000 },
} satisfies Record<string, Backoff>;

interface Failures {
  count: number;
  lastAt: number;
}

const failureId = (backoff: Backoff, key: string) => `${backoff.name}:${key.toLowerCase()}`;
const LONGEST_FORGET_MS = Math.max(...Object.values(BACKOFFS).map((backoff) => backoff.forgetAfterMs));

async function failuresOf(client: Prisma.TransactionClient, backoff: Backoff, key: string, now: number): Promise<Failures | undefined> {
  const row = await client.signInFailure.findUnique({ where: { id: failureId(backoff, key) }, select: { count: true, lastAt: true } });
  if (!row || now - row.lastAt.getTime() >= backoff.forgetAfterMs) return undefined;
  return { count: row.count, lastAt: row.lastAt.getTime() };
}

/** When the next attempt may be made (ms since the epoch); 0 when it may be made now. */
export async function nextAttemptAt(backoff: Backoff, key: string, now = Date.now()): Promise<number> {
  const entry = await failuresOf(getDb(), backoff, key, now);
  if (!entry || entry.count < backoff.freeFailures) return 0;
  const delay = Math.min(backoff.maxDelayMs, 1000 * 2 ** Math.min(entry.count - backoff.freeFailures, 30));
  return entry.lastAt + delay > now ? entry.lastAt + delay : 0;
}

/** Throws 429 while the key must wait; the message says how many seconds. */
export async function assertNoBackoff(backoff: Backoff, key: string, now = Date.now()) {
  const at = await nextAttemptAt(backoff, key, now);
  if (!at) return;
  const seconds = Math.ceil((at - now) / 1000);
  throw new AppError(429, "rate_limited", "errors.retryInSeconds", { params: { seconds: String(seconds) }, retryAfterSeconds: seconds });
}

export async function recordFailure(backoff: Backoff, key: string, now = Date.now()) {
  const id = failureId(backoff, key);
  await getDb().$transaction(async (tx) => {
    const entry = await failuresOf(tx, backoff, key, now);
    const data = { count: (entry?.count ?? 0) + 1, lastAt: new Date(now) };
    if (entry) return void (await tx.signInFailure.update({ where: { id }, data }));
    // A first failure: the forgotten ones go, so the table holds only failures still counting.
    await tx.signInFailure.deleteMany({ where: { lastAt: { lte: new Date(now - LONGEST_FORGET_MS) } } });
    await tx.signInFailure.upsert({ where: { id }, create: { id, ...data }, update: data });
  });
}

export async function clearFailures(backoff: Backoff, key: string) {
  await getDb().signInFailure.deleteMany({ where: { id: failureId(backoff, key) } });
}

export function clientIp(request: Request): string {
  // The request guards (request-guards.server.ts) put the address here: the socket's, or the
  // client's as told by a proxy TRUST_PROXY names.
  return request.headers.get("X-Client-IP") ?? "local";
}

/** Tests start from a clean slate. */
export async function resetRateLimits() {
  await getDb().$transaction([getDb().rateLimitWindow.deleteMany(), getDb().signInFailure.deleteMany()]);
}
