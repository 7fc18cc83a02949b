// The one check of the characters a request carries, where its input is read: the form reader
// (readFormData: every HTML action and the CSV upload), the API's body readers (parseBody,
// readUserIdParam's body) and an /api call's URL, path and query (handleApi), and any URL before a
// route runs (the request guards). A control character other than tab, LF or CR (NUL above all:
// PostgreSQL refuses it in text, error 22021, so it was a 500 there and stored on SQLite) is the
// sender's mistake: a 400 with the same message on both engines. docs/decisions/0069-text-input-characters.md
import { data } from "@remix-run/node";
import { hasControlCharacter, TEXT_INPUT_MESSAGES } from "~/lib/text-input";
import { isInApiCall } from "./api-call.server";
import { AppError } from "./errors.server";
import type { RouteErrorData } from "./form-errors.server";

export const CONTROL_CHARACTER_CODE = "control_character";

/** The field (a form field's or JSON property's path) first holding a control character, if any. */
export function fieldWithControlCharacter(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasControlCharacter(value) ? path || "body" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithControlCharacter(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return path || "body";
      const found = fieldWithControlCharacter(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/** The 400 of an /api request: `{ detail, fields }` through handleApi. */
export function controlCharacterError(field?: string): AppError {
  const fields = field && field !== "body" ? { fields: { [field]: TEXT_INPUT_MESSAGES.control } } : {};
  return new AppError(400, CONTROL_CHARACTER_CODE, TEXT_INPUT_MESSAGES.control, fields);
}

/** Refuses a parsed JSON or form body holding a control character (an AppError for handleApi). */
export function assertNoControlCharacters(body: unknown): void {
  const field = fieldWithControlCharacter(body);
  if (field) throw controlCharacterError(field);
}

/**
 * Refuses the fields of a form: inside an /api call an AppError (handleApi's `{detail}`), on a page
 * a 400 its error boundary shows with the message. A file's contents are its reader's to check
 * (holiday-csv.ts), its name is checked here.
 */
export function assertFormHasNoControlCharacters(form: FormData): void {
  for (const [name, value] of form) {
    const text = typeof value === "string" ? value : value.name;
    if (!hasControlCharacter(name) && !hasControlCharacter(text)) continue;
    if (isInApiCall()) throw controlCharacterError(name);
    throw data<RouteErrorData>({ message: TEXT_INPUT_MESSAGES.control, params: {} }, { status: 400, statusText: "Bad Request" });
  }
}

const ESCAPED_CONTROL = /%(?:0[0-8bcef]|1[0-9a-f]|7f|c2%[89][0-9a-f])/i;

/**
 * Whether a URL as sent (path and query, percent-encoded) names a control character: what Remix
 * would decode into a path parameter, or URLSearchParams into a query value. Tab, LF and CR are
 * let through as anywhere else (`?redirectTo=/%0D%0A` is the redirect checks' to refuse).
 */
export function urlHasControlCharacter(url: string): boolean {
  // A whole URL (an /api call's `request.url`) or only its path and query (Express's originalUrl,
  // where a `//` further on is part of the path or a query value).
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url);
  const pathAndQuery = origin ? url.slice(origin[0].length) : url;
  // '+' is a space in a query; it is no control character, and decoding it is not needed here.
  return ESCAPED_CONTROL.test(pathAndQuery) || hasControlCharacter(pathAndQuery);
}

/** An /api call's URL: its path parameters and query are read by the route, after this. */
export function assertUrlHasNoControlCharacters(request: Request): void {
  if (urlHasControlCharacter(request.url)) throw controlCharacterError();
}
