// The one error type models throw. `message` is a locale key (or plain text when no key fits).
// `fields` names the form fields the error belongs to (field → locale key); `params` are the values
// the message interpolates (e.g. { minutes: "5" }). HTML routes show it next to its fields, as a
// notice or in the error boundary with its own status; /api routes answer { detail } with it.
export interface AppErrorDetails {
  fields?: Record<string, string>;
  params?: Record<string, string>;
}

export class AppError extends Error {
  readonly fields: Record<string, string>;
  readonly params: Record<string, string>;

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
  }
}

export const forbidden = () => new AppError(403, "forbidden", "errors.forbidden");
