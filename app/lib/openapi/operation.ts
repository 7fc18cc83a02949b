// One operation of the /api as the document describes it. Each names the zod schemas its route
// validates with (imported, never copied), the answers' schemas (app/lib/schemas/api-responses.ts)
// and who may call it; app/lib/openapi/document.server.ts turns the list into OpenAPI 3.1.
import type { z } from "zod";
import { FIRST_DATE, LAST_DATE } from "~/lib/input-limits";
import type { JsonSchema } from "./json-schema";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call: anyone (no credentials), anyone signed in, company admins (admin or owner), the
 * owner, the audit's readers (the owner, master users), master users, or Stripe (a signed webhook).
 */
export type Access = "anyone" | "signedIn" | "admin" | "owner" | "auditReaders" | "master" | "stripe";

export interface ParameterDoc {
  name: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
  example?: unknown;
}

/** A query string read by a zod object (the route's own), or names read by a filter reader. */
export type QuerySource = z.ZodObject | readonly ParameterDoc[];

export interface ResponseDoc {
  description: string;
  /** The answer's schema; none for 204/304 and for answers that are no JSON (then contentType). */
  schema?: z.core.$ZodType;
  contentType?: string;
  example?: unknown;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface RequestBodyDoc {
  schema: z.core.$ZodType;
  contentType?: "application/json" | "multipart/form-data";
  description?: string;
  example?: unknown;
  /** A body is required unless it says otherwise (a DELETE whose person may travel in the query). */
  required?: boolean;
}

export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template: /api/users/{id}. */
  path: string;
  tag: string;
  summary: string;
  /** Markdown-free prose; what a caller must know beyond the schemas. */
  description?: string;
  /** The first cell of the row of spec section 7 this operation answers, verbatim. */
  specRow?: string;
  access: Access;
  /** Its changes stay open in a read-only company: the route passes the same to requireApiUser. */
  whileReadOnly?: true;
  pathParams?: Record<string, string>;
  query?: readonly QuerySource[];
  headers?: readonly ParameterDoc[];
  body?: RequestBodyDoc;
  responses: Record<number, ResponseDoc>;
  /** Error statuses beyond the ones every operation of its kind has (409, 429, 502, 503…), with why. */
  errors?: Partial<Record<number, string>>;
}

/**
 * Query parameters that are several names of one filter (a filter reader's table): `preferred`
 * (the spec's name) is described, the others point at it.
 */
export function aliasParams(names: readonly string[], preferred: string, schema: JsonSchema, description: string, example?: unknown): ParameterDoc[] {
  const first = names.includes(preferred) ? preferred : names[0];
  const others = names.filter((name) => name !== first);
  return [
    { name: first, schema, description: others.length ? `${description} (also read as ${others.map((n) => `\`${n}\``).join(", ")})` : description, example },
    ...others.map((name) => ({ name, schema, description: `Another name of \`${first}\`` })),
  ];
}

/**
 * A regular expression for the whole numbers from `low` to `high` written with as many digits
 * (2000 and 2100: `(?:20[0-9]{2}|2100)`): the document's bounds of a date's year.
 */
export function digitRangePattern(low: string, high: string): string {
  if (low.length !== high.length || low > high) throw new Error(`No range from ${low} to ${high}`);
  const range = (lo: string, hi: string): string => {
    if (!lo) return "";
    const rest = lo.length - 1;
    const any = rest > 1 ? `[0-9]{${rest}}` : rest ? "[0-9]" : "";
    if (lo === hi) return lo;
    if (lo.slice(1) === "0".repeat(rest) && hi.slice(1) === "9".repeat(rest)) return `${lo[0] === hi[0] ? lo[0] : `[${lo[0]}-${hi[0]}]`}${any}`;
    if (lo[0] === hi[0]) return lo[0] + range(lo.slice(1), hi.slice(1));
    const parts = [lo[0] + range(lo.slice(1), "9".repeat(rest))];
    const between = [Number(lo[0]) + 1, Number(hi[0]) - 1];
    if (between[0] <= between[1]) parts.push(`${between[0] === between[1] ? between[0] : `[${between[0]}-${between[1]}]`}${any}`);
    parts.push(hi[0] + range("0".repeat(rest), hi.slice(1)));
    return `(?:${parts.join("|")})`;
  };
  return range(low, high);
}

/**
 * Dates the server reads lie in the product's window (input-limits.ts: FIRST_DATE to LAST_DATE, whole
 * years); one outside it is a 400. The pattern bounds the year, the format the rest.
 */
if (!FIRST_DATE.endsWith("-01-01") || !LAST_DATE.endsWith("-12-31")) throw new Error("The date window is whole years");
export const DATE_WINDOW_PATTERN = `^${digitRangePattern(FIRST_DATE.slice(0, 4), LAST_DATE.slice(0, 4))}-`;
export const DATE: JsonSchema = { type: "string", format: "date", pattern: DATE_WINDOW_PATTERN };
/** The words a date's description ends with. */
export const DATE_WINDOW_WORDS = `from ${FIRST_DATE} to ${LAST_DATE}`;
export const ID: JsonSchema = { type: "string", maxLength: 64 };
