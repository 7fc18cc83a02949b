// What an /api request is made with, for the code it reaches without a parameter for it. Every
// audit entry written while a request made with an API token runs names that token (recordAudit
// reads it here), so no write path can forget to say a change came from an integration — the
// 34 recordAudit calls keep naming the person, and the token rides along.
// docs/decisions/0033-api-tokens-and-idempotency.md
import { AsyncLocalStorage } from "node:async_hooks";

export interface ActingToken {
  id: string;
  name: string;
}

interface ApiCall {
  token: ActingToken | null;
}

const calls = new AsyncLocalStorage<ApiCall>();

/** Runs an /api handler in a context of its own (handleApi does, for every /api route). */
export function inApiCall<T>(run: () => Promise<T>): Promise<T> {
  return calls.run({ token: null }, run);
}

/** True inside inApiCall: only there can a token's writes be attributed to it. */
export function isInApiCall(): boolean {
  return calls.getStore() !== undefined;
}

/** Called once the request's API token is known (requireApiUser). */
export function setActingToken(token: ActingToken): void {
  const call = calls.getStore();
  if (!call) throw new Error("An API token outside an API call could write unattributed changes");
  call.token = token;
}

/** The API token the current request is made with, if any. */
export function actingToken(): ActingToken | null {
  return calls.getStore()?.token ?? null;
}
