// Build the Requests a browser would send, and read what a loader/action answers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const BASE = "http://localhost";

export function getRequest(path: string, cookie?: string, headers: Record<string, string> = {}) {
  return new Request(BASE + path, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

export function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

export function args(request: Request, params: Record<string, string> = {}): LoaderFunctionArgs & ActionFunctionArgs {
  return { request, params, context: {} };
}

/**
 * Runs a loader/action; a thrown Response (redirect…) or thrown `data(…, { status })` (an error
 * with its status, as Remix would answer it) is returned as a Response.
 */
export async function run<T>(fn: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    const wrapped = error as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (wrapped?.type === "DataWithResponseInit") return Response.json(wrapped.data, wrapped.init ?? undefined);
    throw error;
  }
}

/** Cookie header to send next, from the Set-Cookie headers of a response. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((pair) => pair.split("=", 2) as [string, string]));
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const index = pair.indexOf("=");
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return [...jar].filter(([, value]) => value !== "").map(([name, value]) => `${name}=${value}`).join("; ");
}

/** What `data(value, init)` returned by a route: its value and status. */
export function unwrapData<T>(result: unknown): { value: T; status: number; headers: Headers } {
  const wrapped = result as { type?: string; data?: T; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return { value: wrapped.data as T, status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers) };
  }
  return { value: result as T, status: 200, headers: new Headers() };
}
