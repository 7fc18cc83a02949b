// The one error type models throw. `message` is a locale key (or plain text when no key fits).
// `fields` names the form fields the error belongs to (field → locale key); `params` are the values
// the message interpolates (e.g. { minutes: "5" }). HTML routes show it next to its fields, as a
// notice or in the error boundary with its own status; /api routes answer { detail } with it.
export interface AppErrorDetails {
  fields?: Record<string, string>;
  params?: Record<string, string>;
  /** For a 429: in how many seconds to try again, sent as Retry-After (RFC 9110). */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly fields: Record<string, string>;
  readonly params: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
    this.fields = details.fields ?? {};
    this.params = details.params ?? {};
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(details.retryAfterSeconds));
  }
}

/** The status an error is answered with, and Retry-After when it says when to try again: pages and /api alike. */
export function errorInit(error: AppError): ResponseInit {
  if (error.retryAfterSeconds === undefined) return { status: error.status };
  return { status: error.status, headers: { "Retry-After": String(error.retryAfterSeconds) } };
}

export const forbidden = () => new AppError(403, "forbidden", "errors.forbidden");
