// One operation of the /api as the document describes it. Each names the zod schemas its route
// validates with (imported, never copied), the answers' schemas (app/lib/schemas/api-responses.ts)
// and who may call it; app/lib/openapi/document.server.ts turns the list into OpenAPI 3.1.
import type { z } from "zod";
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

export const DATE: JsonSchema = { type: "string", format: "date" };
export const ID: JsonSchema = { type: "string", maxLength: 64 };
