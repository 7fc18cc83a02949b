// The one error type models throw. `message` is a locale key (or plain text when no key fits);
// HTML routes turn it into form errors or an error boundary, /api routes into { detail }.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}
