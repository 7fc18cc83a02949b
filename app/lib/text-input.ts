// Which characters a person may send as text (client-safe: the forms' zod schemas run it in the
// browser too). docs/decisions/0069-text-input-characters.md. Three rules, loosest first:
// - anything a request carries (every form field, JSON string, URL path and query, passwords too)
//   holds no control character but tab, line feed and carriage return: NUL above all, which
//   PostgreSQL refuses in text (error 22021) where SQLite would store it. The request readers check
//   it (app/utils/request-input.server.ts), so no route can forget it;
// - a single-line field (a person's, a team's, a category's, a company's name…) holds no line
//   break and no bidi override or isolate either: both let a name pass for other text where it is
//   shown, a fake "Approve:" line in an e-mail or a name that reads backwards;
// - a multi-line field (a description) keeps its line breaks, and refuses the bidi controls.
import * as z from "zod/mini";

/** C0 and C1 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Line feed, carriage return, and Unicode's own line and paragraph separators. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/** Bidi embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

/** The locale keys of the three refusals (common.json, validation.text*). */
export const TEXT_INPUT_MESSAGES = {
  control: "validation.textControl",
  lineBreak: "validation.textLineBreak",
  bidi: "validation.textBidi",
} as const;

/** Whether `value` holds a control character no person types (anything but tab, LF, CR). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

/** Where the first such control character of `value` is, or -1. */
export function findControlCharacter(value: string): number {
  return value.search(CONTROL);
}

/** Why `value` cannot be a single-line field's text (a locale key), or null when it can. */
export function singleLineProblem(value: string): string | null {
  if (CONTROL.test(value)) return TEXT_INPUT_MESSAGES.control;
  if (LINE_BREAK.test(value)) return TEXT_INPUT_MESSAGES.lineBreak;
  if (BIDI.test(value)) return TEXT_INPUT_MESSAGES.bidi;
  return null;
}

/** Why `value` cannot be a multi-line field's text (a locale key), or null when it can. */
export function multiLineProblem(value: string): string | null {
  if (CONTROL.test(value)) return TEXT_INPUT_MESSAGES.control;
  if (BIDI.test(value)) return TEXT_INPUT_MESSAGES.bidi;
  return null;
}

/** The checks of a single-line field, for a string schema's `.check(...)` (zod or zod/mini). */
export function singleLine() {
  return [
    z.refine<string>((value) => !CONTROL.test(value), TEXT_INPUT_MESSAGES.control),
    z.refine<string>((value) => !LINE_BREAK.test(value), TEXT_INPUT_MESSAGES.lineBreak),
    z.refine<string>((value) => !BIDI.test(value), TEXT_INPUT_MESSAGES.bidi),
  ] as const;
}

/** The checks of a multi-line field: line breaks kept. */
export function multiLine() {
  return [z.refine<string>((value) => !CONTROL.test(value), TEXT_INPUT_MESSAGES.control), z.refine<string>((value) => !BIDI.test(value), TEXT_INPUT_MESSAGES.bidi)] as const;
}

/**
 * User-written text as one line to set among the product's own words (an e-mail's sentences,
 * whatever the row holds, written before these rules or not): controls, line breaks and bidi
 * controls become spaces, so it can neither start a line of its own nor reorder what follows.
 */
export function asOneLine(value: string): string {
  return value
    .replace(new RegExp(`${CONTROL.source}|${LINE_BREAK.source}|${BIDI.source}|\\t`, "g"), " ")
    .replace(/ {2,}/g, " ")
    .trim();
}
