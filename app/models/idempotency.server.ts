// Idempotency keys (docs/decisions/0033-api-tokens-and-idempotency.md): one row per company,
// caller (a person, or an API token) and key, holding the request's fingerprint and, once the
// first request has finished, its answer. The unique index on (company, caller, key) is the
// arbiter between two requests carrying the same key at once: whichever inserts first runs, the
// other finds the row and waits for nothing. Rows expire after 24 hours; each new claim sweeps the
// expired ones, so the table holds only what may still be replayed.
import type { SignedInViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";

export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still unanswered after this long belongs to a process that died mid-request (requests
 * end in seconds; a transaction is cut at 20 s): a retry may take it over and run.
 */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

export type IdempotencyClaim =
  /** First with this key (or taking over a dead claim): run, then finish or release the claim. */
  | { kind: "run"; id: string }
  /** Answered before: replay it. */
  | { kind: "replay"; status: number; body: string }
  /** The same key with a different request. */
  | { kind: "mismatch" }
  /** The first request with this key is still running. */
  | { kind: "in_progress" };

type Caller = Pick<SignedInViewer, "companyId" | "userId" | "apiToken">;

/** Whose key it is: a token's keys are its own, apart from its creator's. */
function callerOf(viewer: Caller): string {
  return viewer.apiToken ? `token:${viewer.apiToken.id}` : `user:${viewer.userId}`;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Claims a key for a request with this fingerprint, or says why it cannot run. */
export async function claimIdempotencyKey(viewer: Caller, key: string, fingerprint: string, now = new Date()): Promise<IdempotencyClaim> {
  const db = getDb();
  const { companyId } = viewer;
  const caller = callerOf(viewer);
  await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  try {
    const row = await db.idempotencyKey.create({
      data: { companyId, caller, key, fingerprint, claimedAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) },
      select: { id: true },
    });
    return { kind: "run", id: row.id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const existing = await db.idempotencyKey.findUnique({ where: { companyId_caller_key: { companyId, caller, key } } });
  // Released between our insert and this read: the first request failed and may be retried.
  if (!existing) return { kind: "in_progress" };
  if (existing.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (existing.status !== null) return { kind: "replay", status: existing.status, body: existing.body ?? "" };
  const stale = new Date(now.getTime() - STALE_CLAIM_MS);
  if (existing.claimedAt <= stale) {
    // One retry wins the takeover: the conditional update is the lock.
    const { count } = await db.idempotencyKey.updateMany({ where: { id: existing.id, status: null, claimedAt: { lte: stale } }, data: { claimedAt: now } });
    if (count === 1) return { kind: "run", id: existing.id };
  }
  return { kind: "in_progress" };
}

/** Keeps the first request's answer, for retries with the same key to replay. */
export async function finishIdempotencyKey(viewer: Caller, id: string, answer: { status: number; body: string }): Promise<void> {
  await getDb().idempotencyKey.updateMany({ where: { id, companyId: viewer.companyId, status: null }, data: { status: answer.status, body: answer.body } });
}

/** Frees a key whose request ended in a way worth retrying (a server error, a rate limit). */
export async function releaseIdempotencyKey(viewer: Caller, id: string): Promise<void> {
  await getDb().idempotencyKey.deleteMany({ where: { id, companyId: viewer.companyId, status: null } });
}
