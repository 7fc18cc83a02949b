// The `Idempotency-Key` header of an /api write (POST /api/vacations): a client that retries after
// a timeout with the same key gets the first answer again — same status, same body — instead of
// a second request. Design and limits: docs/decisions/0033-api-tokens-and-idempotency.md.
import { createHash } from "node:crypto";
import { claimIdempotencyKey, finishIdempotencyKey, releaseIdempotencyKey } from "~/models/idempotency.server";
import { apiErrorResponse } from "./api.server";
import type { SignedInViewer } from "./auth.server";
import { AppError } from "./errors.server";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** On an answer replayed from an earlier request with the same key. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

// Printable ASCII (a UUID, a ULID, "order-42/try-1"), as header values travel safely.
const KEY = new RegExp(`^[\\x20-\\x7E]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

/** JSON with its keys sorted, so a client that re-serialises the same body is not refused. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value as object).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]));
  }
  return value;
}

/** The request a key stands for: method, path and query, and the body (as JSON when it is JSON). */
export function requestFingerprint(method: string, url: string, body: string): string {
  let normalised = body;
  try {
    normalised = JSON.stringify(canonical(JSON.parse(body)));
  } catch {
    // Not JSON: the bytes themselves.
  }
  const { pathname, search } = new URL(url);
  return createHash("sha256").update(`${method} ${pathname}${search}\n${normalised}`).digest("hex");
}

/**
 * Answers that are the request's outcome, kept for retries. A server error or a rate limit is not:
 * the key is freed so a retry runs again (nothing was written: the write's transaction failed, or
 * it was refused before starting).
 */
function isFinal(status: number): boolean {
  return status < 500 && status !== 429;
}

/**
 * Runs an /api write once per `Idempotency-Key` of the caller (after requireApiUser: the key
 * belongs to the company and the person or token). Without the header the write just runs.
 */
export async function withIdempotency(request: Request, viewer: SignedInViewer, run: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return run();
  if (!KEY.test(key) || !key.trim()) {
    throw new AppError(400, "invalid_idempotency_key", "idempotency.errors.invalidKey", { params: { max: String(MAX_IDEMPOTENCY_KEY_LENGTH) } });
  }
  const fingerprint = requestFingerprint(request.method, request.url, await request.clone().text());
  const claim = await claimIdempotencyKey(viewer, key, fingerprint);
  if (claim.kind === "mismatch") throw new AppError(422, "idempotency_key_reused", "idempotency.errors.keyReused");
  if (claim.kind === "in_progress") {
    const busy = await apiErrorResponse(request, new AppError(409, "idempotency_in_progress", "idempotency.errors.inProgress"));
    busy.headers.set("Retry-After", "1");
    return busy;
  }
  if (claim.kind === "replay") {
    return new Response(claim.body, { status: claim.status, headers: { "Content-Type": "application/json; charset=utf-8", [REPLAYED_HEADER]: "true" } });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    response = await apiErrorResponse(request, error);
  }
  const body = await response.text();
  try {
    if (isFinal(response.status)) await finishIdempotencyKey(viewer, claim.id, { status: response.status, body });
    else await releaseIdempotencyKey(viewer, claim.id);
  } catch (error) {
    // The write's own answer stands; the key stays claimed (retries get 409) until it goes stale.
    console.error(error);
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
