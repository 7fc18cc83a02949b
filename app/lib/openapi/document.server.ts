// The OpenAPI 3.1 document of the /api, generated from the operation list (./operations) and the
// zod schemas the routes validate with. Built once per process: it depends on code only.
// Conventions it states: docs/decisions/0032-api-contract.md.
import { createHash } from "node:crypto";
import { apiErrorSchema } from "~/lib/schemas/api-responses";
import { COMPONENT_PREFIX, jsonSchemaOf, nameOf, namedSchema, type JsonSchema } from "./json-schema";
import type { Access, ApiOperation, ParameterDoc, QuerySource, ResponseDoc } from "./operation";
import { API_OPERATIONS, API_TAGS } from "./operations";

export type OpenApiDocument = JsonSchema & {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

export const SESSION_COOKIE = "__session";

const ACCESS: Record<Access, string> = {
  anyone: "Anyone: no credentials needed.",
  signedIn: "Anyone signed in.",
  admin: "Company admins (role admin or owner).",
  owner: "The company's owner.",
  auditReaders: "The company's owner (their company) and master users (any company).",
  master: "Master users.",
  stripe: "Stripe: the body signed with the endpoint's secret (Stripe-Signature), no credentials.",
};

const RESTRICTED: readonly Access[] = ["admin", "owner", "auditReaders", "master"];

const INTRO = [
  "The JSON API of Folga, the absence planner: everything the screens do, for integrations and the app's own scripts. Every answer is about the caller's company only: another company's ids are not found (404).",
  "Authentication: `POST /api/auth/login` answers an access token and a refresh token. Send `Authorization: Bearer <access_token>` on every call; when it expires (401), trade the refresh token at `POST /api/auth/refresh` once and retry. Integrations use an API token instead (`Authorization: Bearer fol_…`, made under Admin configurations → API tokens), which does not expire until revoked. A browser signed in to the app is recognised by its session cookie too (state changes must then come from the app's own pages: a POST, PUT, PATCH or DELETE without a bearer token that carries the session cookie `__session`, valid or not, is a 403 unless Sec-Fetch-Site, else Origin, shows it comes from the app itself; the `lng` and `device` cookies alone do not count).",
  "Conventions: bodies and answers are JSON (snake_case names, as the product's clients send them); dates are `YYYY-MM-DD` strings, instants ISO 8601 in UTC. A call that creates something answers 201 with it; one that changes something answers 200 with it as saved; `DELETE`, and calls that leave nothing to read back, answer 204 without a body. Lists are arrays; paged lists are `{ items, total, offset, limit }`.",
  // SCIM is its own protocol with its own self-description (RFC 7644 §4): this document names it and points there.
  "Provisioning (SCIM 2.0, RFC 7643/7644) is outside this JSON API, at `/scim/v2`, for a company's directory: `Authorization: Bearer scim_…` (a SCIM token, made by a company admin under Company settings → Provisioning), bodies and answers `application/scim+json`, errors SCIM Error messages. Endpoints: `GET /scim/v2/ServiceProviderConfig`, `GET /scim/v2/ResourceTypes`, `GET /scim/v2/Schemas` (the schemas of the resources, as SCIM describes itself), `GET|POST /scim/v2/Users` (list with `filter`, e.g. `userName eq \"ana@example.com\"`, `startIndex` and `count`; create), `GET|PUT|PATCH|DELETE /scim/v2/Users/{id}` (userName is the e-mail; `active: false` or DELETE deactivates the person), `GET|POST /scim/v2/Groups` and `GET|PUT|PATCH|DELETE /scim/v2/Groups/{id}` (groups are teams; members are people).",
  "Errors are `{ detail }` with the status, in the caller's language (`?lng=`, the language cookie, else `Accept-Language`: pt, en or es; pt by default); validation failures (400) add `fields`: each wrong field's name with its message. A path under /api that does not exist is a 404; a method a path does not serve (OPTIONS included) is a 405 naming the ones it serves in `Allow`; an unexpected failure a 500 without internals. This document itself is in English.",
];

function operationId(op: ApiOperation): string {
  const words = op.path
    .replace(/^\/api\//, "")
    .split("/")
    .map((segment) => (segment.startsWith("{") ? `By${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return op.method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join("");
}

function errorStatuses(op: ApiOperation): Partial<Record<number, string>> {
  const signedIn = op.access !== "anyone" && op.access !== "stripe";
  const writes = op.method !== "get";
  const restricted = RESTRICTED.includes(op.access);
  const statuses: Record<number, string> = {};
  // The request guards read every address before a route does (decisions 0069 and 0071).
  const badAddress = "a path or query holding a control character (such as NUL), or a path that is no percent-encoded UTF-8";
  statuses[400] = op.body || op.query?.length ? `Invalid input: \`detail\` names the first problem, \`fields\` each field's; or ${badAddress}` : badAddress[0].toUpperCase() + badAddress.slice(1);
  if (signedIn) statuses[401] = writes ? "No valid bearer token or session (a change that carries a session cookie from elsewhere is a 403 first)" : "No valid bearer token or session";
  if (signedIn && writes && !op.whileReadOnly) {
    statuses[402] = "The company is read-only (its trial or subscription ended) until it subscribes";
  }
  if (restricted || writes) {
    const reasons = [restricted ? "the caller's role may not do this" : writes && signedIn ? "the caller may not change this" : null, writes ? "a request without a bearer token that carries the session cookie (valid or not) and comes from elsewhere: Sec-Fetch-Site other than same-origin or none, else an Origin other than the app's own, else neither header" : null];
    const text = reasons.filter(Boolean).join(", or ");
    statuses[403] = text[0].toUpperCase() + text.slice(1);
  }
  if (op.pathParams) statuses[404] = "Not found in the caller's company";
  if (op.body) statuses[413] = "The body is too large";
  return { ...statuses, ...op.errors };
}

function queryParameters(source: QuerySource): ParameterDoc[] {
  if (Array.isArray(source)) return [...(source as readonly ParameterDoc[])];
  const json = jsonSchemaOf(source as Exclude<QuerySource, readonly ParameterDoc[]>, "input");
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema>) ?? {}).map(([name, property]) => {
    const { description, ...schema } = property;
    return { name, required: required.has(name), description: description as string | undefined, schema };
  });
}

function parameter(place: "path" | "query" | "header", doc: ParameterDoc): JsonSchema {
  return {
    name: doc.name,
    in: place,
    ...(place === "path" || doc.required ? { required: true } : {}),
    ...(doc.description ? { description: doc.description } : {}),
    schema: doc.schema,
    ...(doc.example === undefined ? {} : { example: doc.example }),
  };
}

function parameters(op: ApiOperation): JsonSchema[] {
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  for (const name of inPath) if (!op.pathParams?.[name]) throw new Error(`${op.method} ${op.path}: describe the path parameter ${name}`);
  const seen = new Set<string>();
  const list = [
    ...inPath.map((name) => parameter("path", { name, description: op.pathParams![name], schema: { type: "string" } })),
    ...(op.query ?? []).flatMap(queryParameters).map((doc) => parameter("query", doc)),
    ...(op.headers ?? []).map((doc) => parameter("header", doc)),
  ];
  for (const item of list) {
    const key = `${item.in} ${item.name}`;
    if (seen.has(key)) throw new Error(`${op.method} ${op.path}: ${key} twice`);
    seen.add(key);
  }
  return list;
}

function response(doc: ResponseDoc): JsonSchema {
  const contentType = doc.contentType ?? (doc.schema ? "application/json" : undefined);
  const schema = doc.schema ? jsonSchemaOf(doc.schema, "output", { inlineRoot: false }) : contentType === "application/json" ? { type: "object" } : { type: "string" };
  return {
    description: doc.description,
    ...(doc.headers ? { headers: doc.headers } : {}),
    ...(contentType ? { content: { [contentType]: { schema, ...(doc.example === undefined ? {} : { example: doc.example }) } } } : {}),
  };
}

// Every 429 says when to try again (decision 0070).
const RETRY_AFTER = { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 1 } } };

function errorResponse(status: number, description: string): JsonSchema {
  return {
    description,
    ...(status === 429 ? { headers: RETRY_AFTER } : {}),
    content: { "application/json": { schema: { $ref: COMPONENT_PREFIX + nameOf(apiErrorSchema) } } },
  };
}

function operationObject(op: ApiOperation): JsonSchema {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, doc] of Object.entries(op.responses)) responses[status] = response(doc);
  for (const [status, description] of Object.entries(errorStatuses(op))) responses[status] ??= errorResponse(Number(status), description!);
  const params = parameters(op);
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Who may call: ${ACCESS[op.access]}`].filter(Boolean).join("\n\n"),
    operationId: operationId(op),
    ...(op.access === "anyone" || op.access === "stripe" ? { security: [] } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            ...(op.body.description ? { description: op.body.description } : {}),
            content: {
              [op.body.contentType ?? "application/json"]: {
                schema: jsonSchemaOf(op.body.schema, "input"),
                ...(op.body.example === undefined ? {} : { example: op.body.example }),
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    "x-access": op.access,
    ...(op.specRow ? { "x-spec-row": op.specRow } : {}),
  };
}

/** Every component the document refers to, and the ones those refer to. */
function components(document: unknown): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  const pending = [document];
  while (pending.length) {
    const text = JSON.stringify(pending.pop());
    for (const match of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1];
      if (schemas[name]) continue;
      const schema = namedSchema(name);
      if (!schema) throw new Error(`No API schema is named ${name}`);
      schemas[name] = jsonSchemaOf(schema, "output");
      pending.push(schemas[name]);
    }
  }
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`${op.method} ${op.path} is described twice`);
    item[op.method] = operationObject(op);
  }
  const ids = operations.map(operationId);
  if (new Set(ids).size !== ids.length) throw new Error("Two operations share an operationId");
  const document = {
    openapi: "3.1.0",
    info: { title: "Folga API", version: "1.0.0", description: INTRO.join("\n\n") },
    externalDocs: { description: "SCIM 2.0 provisioning at /scim/v2: its resource schemas", url: "/scim/v2/Schemas" },
    servers: [{ url: "/", description: "This server" }],
    tags: API_TAGS.filter((tag) => operations.some((op) => op.tag === tag.name)),
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths,
  };
  return {
    ...document,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description:
            "The access_token of POST /api/auth/login (or /api/auth/refresh), or an API token for integrations (fol_…, made by a company admin under Admin configurations → API tokens). An API token acts as the admin who made it: read-only tokens may only GET (any other method is a 403), admin tokens act with company-admin rights; a revoked token, or one whose creator is no longer an active admin, is a 401. Changes made with a token are audited with it.",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The browser's session after signing in to the app's pages." },
      },
      schemas: components(document),
    },
  };
}

let built: { document: OpenApiDocument; json: string; etag: string } | undefined;

/** The document, its JSON text and an ETag for it: computed once. */
export function openApiDocument() {
  if (!built) {
    const document = buildOpenApiDocument();
    const json = JSON.stringify(document);
    built = { document, json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
  }
  return built;
}
