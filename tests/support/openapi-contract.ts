// What the API contract test (tests/integration/api-contract.test.ts) reads: the /api route files
// as paths, the rows of spec section 7 with their methods, paths and payload names, and a
// validator of real answers against the OpenAPI document.
import { readdirSync } from "node:fs";
import path from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

// ---- Route files ----

export interface RouteFile {
  file: string;
  /** The OpenAPI path template: api/users.$id.ts → /api/users/{id}. */
  path: string;
  pattern: RegExp;
  params: string[];
  /** Static segments: /api/users/me beats /api/users/{id}, as Remix ranks them. */
  staticSegments: number;
}

/** Remix's flat route name as a path; null for a splat (api.$.tsx, the JSON 404 of unknown paths). */
export function routePath(file: string): string | null {
  // "[.]" is a dot inside a segment (api.openapi[.]json.tsx → /api/openapi.json).
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace(/\[\.\]/g, "."))
    .filter((segment) => segment !== "_index");
  if (segments.includes("$")) return null;
  return "/" + segments.map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment)).join("/");
}

/**
 * What serves each /api path, by file name: the operations under app/api (their path is their
 * name's, as Remix's flat routes would read it: users.$id.ts → /api/users/{id}) and the Remix
 * routes under app/routes/api.* that are pages (api.docs.tsx). `file` is relative to app/.
 */
export function apiRouteFiles(app = path.resolve("app")): RouteFile[] {
  const operations = readdirSync(path.join(app, "api"))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".server.ts"))
    .map((file) => ({ file: `api/${file}`, name: `api.${file}` }));
  const pages = readdirSync(path.join(app, "routes"))
    .filter((file) => file.startsWith("api."))
    .map((file) => ({ file: `routes/${file}`, name: file }));
  return [...operations, ...pages].flatMap(({ file, name }) => {
    const template = routePath(name);
    if (!template) return [];
    const params = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const source = template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "([^/]+)");
    return [{ file, path: template, pattern: new RegExp(`^${source}$`), params, staticSegments: template.split("/").filter((s) => s && !s.startsWith("{")).length }];
  });
}

export function matchRoute(routes: RouteFile[], pathname: string): { route: RouteFile; params: Record<string, string> } | null {
  const candidates = routes
    .map((route) => ({ route, match: route.pattern.exec(pathname) }))
    .filter((candidate) => candidate.match)
    .sort((a, b) => b.route.staticSegments - a.route.staticSegments);
  const best = candidates[0];
  if (!best) return null;
  return { route: best.route, params: Object.fromEntries(best.route.params.map((name, index) => [name, decodeURIComponent(best.match![index + 1])])) };
}

// ---- Spec section 7 ----

export interface SpecRow {
  line: string;
  methodPath: string;
  payload: string;
  answer: string;
}

/** The rows of the first markdown table after `heading` (header and separator left out). */
export function tableRows(markdown: string, heading: string): SpecRow[] {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`No "${heading}" in the spec`);
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(/\n## /);
  const lines = (end < 0 ? rest : rest.slice(0, end)).split("\n").filter((line) => line.startsWith("|"));
  return lines.slice(2).map((line) => {
    const [methodPath, payload, answer] = line
      .slice(1, -1)
      .split("|")
      .map((cell) => cell.trim());
    return { line, methodPath, payload, answer };
  });
}

/** The bullet starting with `name:` in the section under `heading` (section 3's entities). */
export function entityLine(markdown: string, heading: string, name: string): string {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`No "${heading}" in the spec`);
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(/\n## /);
  const line = (end < 0 ? rest : rest.slice(0, end)).split("\n").find((candidate) => candidate.startsWith(`- ${name}:`));
  if (!line) throw new Error(`No "${name}" entity line`);
  return line;
}

const METHOD = "(?:GET|POST|PUT|PATCH|DELETE)";

/**
 * The operations a row names: "GET/POST/DELETE /api/teams/{id}/members" is three, "POST
 * /api/vacations/{id}/approve, /reject" two (the second replaces the last segment), a query or a
 * note after the path is left out; a row without a path ("Vacations list (path not shown)") none.
 */
export function specOperations(methodPath: string): { method: string; path: string }[] {
  const operations: { method: string; path: string }[] = [];
  let methods: string[] = [];
  let last = "";
  for (const part of methodPath.split(/,\s*/).map((p) => p.trim())) {
    const named = new RegExp(`^(${METHOD}(?:/${METHOD})*)\\s+(/\\S*)`).exec(part);
    let target: string;
    if (named) {
      methods = named[1].split("/");
      target = named[2];
    } else if (part.startsWith("/") && last) {
      target = last.replace(/\/[^/]+$/, "") + part.split(/\s/)[0];
    } else continue;
    target = target.split("?")[0];
    last = target;
    for (const method of methods) operations.push({ method: method.toLowerCase(), path: target });
  }
  return operations;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The payload names a row lists: the query names in its path (?year=, ?dry_run=), each plain
 * identifier of the payload cell ("optional ids" → ids), and inside its parentheses only names
 * that are clearly field names (snake_case or camelCase: "fallback user_id, then query").
 */
export function payloadNames(row: SpecRow): string[] {
  const names = new Set<string>();
  for (const match of row.methodPath.matchAll(/\?(\w+)=/g)) names.add(match[1]);
  const outside = row.payload.replace(/\([^)]*\)/g, " ");
  for (const item of outside.split(/,|\bor\b|\//)) {
    const name = item.trim().replace(/^optional\s+/, "");
    if (IDENTIFIER.test(name)) names.add(name);
  }
  for (const group of row.payload.matchAll(/\(([^)]*)\)/g)) {
    for (const word of group[1].matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/g)) names.add(word[0]);
  }
  return [...names];
}

/**
 * What a row's answer cell asks of the answer: field names ("access_token, refresh_token, user",
 * "ok, url", and "(id, name)" after a noun), or a noun naming the resource ("user", "current
 * user"), a list of it ("teams", "array of report rows") or just "array". Null for cells that
 * are prose ("not shown", "access_token and refresh_token optional; …", "entries / CSV").
 */
export function answerShape(answer: string): { fields: string[]; noun: string | null; list: boolean } | null {
  const fieldList = (text: string) => (/^[a-z_]+(?:, [a-z_]+)*$/.test(text) && (text.includes(",") || text.includes("_") || ["url", "message"].includes(text)) ? text.split(", ") : null);
  const direct = fieldList(answer);
  if (direct) return { fields: direct, noun: null, list: false };
  const inner = /\(([^)]*)\)/.exec(answer)?.[1];
  const noun = answer.replace(/\([^)]*\)/g, "").trim();
  if (!/^[a-z ]+$/.test(noun) || noun === "not shown") return null;
  const fields = (inner && fieldList(inner)) || [];
  if (noun === "array" || noun === "paged list") return { fields: noun === "paged list" ? ["items", "total", "offset", "limit"] : fields, noun: null, list: noun === "array" };
  const arrayOf = noun.startsWith("array of ");
  const words = noun.replace(/^array of /, "");
  const plural = words.endsWith("s");
  const singular = words.replace(/ies$/, "y").replace(/s$/, "").replace(/ /g, "");
  return { fields, noun: singular, list: arrayOf || plural };
}

// ---- The document ----

type Json = Record<string, unknown>;

const pointer = (segments: string[]) => segments.map((segment) => encodeURIComponent(segment.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/** Validates values against schemas of the document by their place in it (JSON Schema 2020-12). */
export class DocumentValidator {
  private readonly ajv: Ajv2020;

  constructor(readonly document: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document, "openapi");
  }

  schemaAt(segments: string[]): ValidateFunction {
    const validate = this.ajv.getSchema(`openapi#/${pointer(segments)}`);
    if (!validate) throw new Error(`No schema at ${segments.join(" › ")}`);
    return validate;
  }

  /** Problems of `value` against the schema at `segments`, as one readable line each. */
  problems(segments: string[], value: unknown): string[] {
    const validate = this.schemaAt(segments);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message ?? ""} ${JSON.stringify(error.params)}`);
  }
}
