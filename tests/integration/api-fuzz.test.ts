// Every operation of the API document, called over a real socket with requests drawn from its own
// schemas (fast-check, tests/support/schema-arbitrary.ts): valid ones and broken ones (missing
// required fields, wrong types, numbers out of range, unknown enum values, odd strings with NUL),
// real ids of the test's company and foreign or random ones, as the owner, an employee, nobody and
// a browser with a cookie that is no session.
// No answer may be a 500, or a status the operation does not document, or a body its schema does
// not allow (ajv against the document); a method a path does not serve is a 405 naming the ones it
// does in Allow. Reproducible: FUZZ_SEED picks the seed (printed with any failure).
// docs/decisions/0072-a-document-that-says-what-the-server-does.md
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/lib/openapi/document.server";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { fetchHandler, listenGuarded, type GuardedApp } from "../support/fetch-handler";
import { args } from "../support/http";
import { apiRouteFiles, DocumentValidator, matchRoute } from "../support/openapi-contract";
import * as apiRoute from "~/routes/api.$";
import { oddString, SchemaArbitraries, type Schema } from "../support/schema-arbitrary";

const SEED = Number(process.env.FUZZ_SEED ?? 38_008);
/** Requests per operation: as the owner (a company admin), and as an employee (or nobody). Sized to keep the file under 20 s an engine on 2 cores (about 700 requests). */
const ADMIN_RUNS = 8;
const EMPLOYEE_RUNS = 3;

type Json = Record<string, unknown>;
type Parameter = { name: string; in: "path" | "query" | "header"; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};
type RouteModule = { loader?: (a: ReturnType<typeof args>) => unknown; action?: (a: ReturnType<typeof args>) => unknown };

const { document } = openApiDocument();
const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
const validator = new DocumentValidator(document);
const arbitraries = new SchemaArbitraries(document.components.schemas as Record<string, Schema>);
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
// Deletions last (they may remove the rows the other calls read), the account's deletion after them.
const lastly = (op: { method: string; template: string }) => (op.template === "/api/billing/delete-account" ? 2 : op.method === "delete" ? 1 : 0);
const operations = Object.entries(paths)
  .flatMap(([template, item]) => METHODS.filter((method) => item[method]).map((method) => ({ method, template, operation: item[method] })))
  .sort((a, b) => lastly(a) - lastly(b));

// ---- The app, served as server.ts serves it: the request guards, then the route modules ----

const routes = apiRouteFiles();
const pages = import.meta.glob<RouteModule>("../../app/routes/api.*.tsx");

/** Stands in for the Remix build: a page's route (api.docs), else the app's /api route, which serves the operations and the JSON 404. */
async function render(request: Request): Promise<Response> {
  const found = matchRoute(routes, new URL(request.url).pathname);
  const module = found?.route.file.startsWith("routes/") ? await pages[`../../app/${found.route.file}`]() : (apiRoute as RouteModule);
  const run = request.method === "GET" || request.method === "HEAD" ? module.loader : module.action;
  try {
    const result = await run!(args(request, found?.params ?? {}));
    if (result instanceof Response) return result;
    // Data for a page (/api/docs): Remix renders it as HTML.
    return new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html" } });
  } catch (error) {
    if (error instanceof Response) return error;
    return new Response(String(error), { status: 500 });
  }
}

let server: GuardedApp;
let base = "";
const tokens = { admin: "", employee: "" };
/** Real ids a path parameter takes, by the path's first segment after /api; foreign ones are another company's. */
const ids: Record<string, string[]> = {};

beforeAll(async () => {
  await resetRateLimits();
  const company = await createCompany("Fuzz Ltd");
  // The owner: a company admin who also reads the audit (and may ask for the account's deletion, tried last).
  const admin = await createUser(company.id, { role: "owner", email: "ada@fuzz.test", fullName: "Ada Owner" });
  const team = await createTeam(company.id, "Fuzzers", [admin.id]);
  const employee = await createUser(company.id, { email: "eli@fuzz.test", fullName: "Eli Employee", teamId: team.id });
  const other = await createUser(company.id, { fullName: "Oda Other", teamId: team.id });
  const vacation = await createVacation(company.id, employee.id, { startDate: "2027-03-01", endDate: "2027-03-02" });
  const holiday = await getDb().holiday.create({ data: { companyId: company.id, date: "2027-06-10", name: "Dia de Portugal", countryCode: "PT", isRecurring: true } });
  const invoice = await getDb().invoice.create({
    data: { companyId: company.id, invoiceNumber: "FUZZ-1", invoiceDate: "2027-01-01", periodStart: "2027-01-01", periodEnd: "2027-01-31", userCount: 3, totalCents: 300, currency: "EUR", status: "paid" },
  });
  const foreign = await createCompany("Elsewhere");
  const stranger = await createUser(foreign.id, { role: "admin" });
  const foreignTeam = await createTeam(foreign.id, "Elsewhere team");
  const foreignVacation = await createVacation(foreign.id, stranger.id, { startDate: "2027-04-01", endDate: "2027-04-01" });
  Object.assign(ids, {
    users: [employee.id, other.id, admin.id, stranger.id],
    vacations: [vacation.id, foreignVacation.id],
    holidays: [holiday.id],
    teams: [team.id, foreignTeam.id],
    "absence-categories": ["yearly_allowance", "training", "sick_leave"],
    invoices: [invoice.id],
  });

  server = await listenGuarded(fetchHandler(render));
  base = server.base;

  for (const [who, email] of [["admin", "ada@fuzz.test"], ["employee", "eli@fuzz.test"]] as const) {
    const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
    tokens[who] = ((await response.json()) as { access_token: string }).access_token;
  }
});

afterAll(() => server?.close());

// ---- Requests drawn from an operation ----

interface Drawn {
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: { kind: "json"; value: unknown } | { kind: "raw"; text: string } | { kind: "csv"; text: string };
}

/** Header values travel as printable ASCII only (fetch refuses the rest before sending). */
const headerSafe = (value: unknown) => String(value).replace(/[^\x20-\x7e]/g, "?").slice(0, 300);
const asQueryValue = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value) ?? "");

/** Valid requests follow the schemas throughout; broken ones mix valid and invalid parts. */
type Mode = "valid" | "broken";

function pathArbitrary(template: string, parameters: Parameter[], mode: Mode): fc.Arbitrary<string> {
  const names = parameters.filter((p) => p.in === "path").map((p) => p.name);
  if (!names.length) return fc.constant(template);
  const pool = ids[template.split("/")[2]] ?? [];
  const real = fc.constantFrom(...(pool.length ? pool : ["none"]));
  const value = mode === "valid" ? real : fc.oneof({ arbitrary: real, weight: 2 }, { arbitrary: fc.oneof(oddString, fc.string({ maxLength: 30 })), weight: 1 });
  return fc.tuple(...names.map(() => value)).map((values) =>
    names.reduce((path, name, index) => path.replace(`{${name}}`, encodeURIComponent(values[index]) || "x"), template),
  );
}

function queryArbitrary(parameters: Parameter[], mode: Mode): fc.Arbitrary<[string, string][]> {
  const query = parameters.filter((p) => p.in === "query");
  if (!query.length) return fc.constant([]);
  const each = query.map((p) => {
    const value = mode === "valid" ? arbitraries.valid(p.schema) : fc.oneof({ arbitrary: arbitraries.valid(p.schema), weight: 2 }, { arbitrary: arbitraries.invalid(p.schema), weight: 1 });
    // Optional ones now and then: the lists' many filters (and their other names) would otherwise all come at once.
    return fc.oneof({ arbitrary: fc.constant(null), weight: p.required ? 0 : mode === "valid" ? 5 : 3 }, { arbitrary: value.map((v): [string, string] => [p.name, asQueryValue(v)]), weight: 1 });
  });
  return fc.tuple(...each).map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== null));
}

function headersArbitrary(parameters: Parameter[], mode: Mode): fc.Arbitrary<Record<string, string>> {
  const headers = parameters.filter((p) => p.in === "header");
  if (!headers.length) return fc.constant({});
  return fc
    .tuple(
      ...headers.map((p) =>
        fc.option((mode === "valid" ? arbitraries.valid(p.schema) : fc.oneof(arbitraries.valid(p.schema), arbitraries.invalid(p.schema))).map((value): [string, string] => [p.name, headerSafe(value)])),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((pair): pair is [string, string] => pair !== null && pair[1] !== "")));
}

function bodyArbitrary(operation: Operation, mode: Mode): fc.Arbitrary<Drawn["body"]> {
  const content = operation.requestBody?.content;
  if (!content) return fc.constant(undefined);
  if (content["multipart/form-data"]) {
    const line = fc.tuple(arbitraries.valid({ type: "string", format: "date" }), fc.oneof(fc.string({ maxLength: 20 }), oddString), fc.constantFrom("PT", "ES", "pt", "XX", ""), fc.constantFrom("true", "false", "maybe"));
    const header = mode === "valid" ? fc.constant("date,name,country_code,is_recurring") : fc.constantFrom("date,name,country_code,is_recurring", "date;name", "", "\u0000");
    return fc.tuple(header, fc.array(line, { maxLength: 4 })).map(([first, rows]) => ({ kind: "csv" as const, text: [first, ...rows.map((row) => row.join(","))].join("\n") }));
  }
  const schema = content["application/json"].schema;
  const valid = arbitraries.valid(schema).map((value) => ({ kind: "json" as const, value }));
  if (mode === "valid") return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 1 },
    { arbitrary: arbitraries.invalid(schema).map((value) => ({ kind: "json" as const, value })), weight: 4 },
    { arbitrary: fc.constantFrom("{", "", "[1,2]", "\u0000", '{"a":').map((text) => ({ kind: "raw" as const, text })), weight: 1 },
  );
}

function requestArbitrary(template: string, operation: Operation): fc.Arbitrary<Drawn> {
  const parameters = operation.parameters ?? [];
  return fc.constantFrom<Mode>("valid", "valid", "broken", "broken", "broken").chain((mode) =>
    fc.record({ path: pathArbitrary(template, parameters, mode), query: queryArbitrary(parameters, mode), headers: headersArbitrary(parameters, mode), body: bodyArbitrary(operation, mode) }),
  );
}

// ---- Sending and checking ----

const failures: string[] = [];

function describeRequest(method: string, url: string, drawn: Drawn, who: string) {
  const body = drawn.body === undefined ? "" : ` body ${JSON.stringify(drawn.body.kind === "json" ? drawn.body.value : drawn.body.text)?.slice(0, 300)}`;
  return `${method.toUpperCase()} ${url} as ${who}${body}`;
}

type Caller = "admin" | "employee" | "nobody" | "cookie";

async function send(method: string, template: string, operation: Operation, drawn: Drawn, who: Caller) {
  const query = new URLSearchParams(drawn.query).toString();
  const url = `${drawn.path}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = { "Accept-Language": "en", ...drawn.headers };
  if (who === "admin" || who === "employee") headers.Authorization = `Bearer ${tokens[who]}`;
  // A browser's cookie (not a session) and no Origin: a 403 for a change, a 401 for a read.
  if (who === "cookie") headers.Cookie = "__session=forged";
  let body: BodyInit | undefined;
  if (drawn.body?.kind === "json") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(drawn.body.value) ?? "null";
  } else if (drawn.body?.kind === "raw") {
    headers["Content-Type"] = "application/json";
    body = drawn.body.text;
  } else if (drawn.body?.kind === "csv") {
    const form = new FormData();
    form.append("file", new File([drawn.body.text], "holidays.csv", { type: "text/csv" }));
    body = form;
  }
  const response = await fetch(base + url, { method: method.toUpperCase(), headers, body, redirect: "manual" });
  const text = await response.text();
  const status = response.status;
  const what = () => `${describeRequest(method, url, drawn, who)} → ${status} ${text.slice(0, 300)}`;
  const documented = operation.responses[String(status)];
  if (status === 500 || (status >= 500 && !documented)) return void failures.push(`5xx: ${what()}`);
  if (!documented) return void failures.push(`undocumented status: ${what()}`);
  const content = documented.content ?? {};
  const type = (response.headers.get("Content-Type") ?? "").split(";")[0].trim();
  if (!Object.keys(content).length) {
    if (text !== "") failures.push(`a body where none is documented: ${what()}`);
    return;
  }
  if (!content[type]) return void failures.push(`content type ${type}: ${what()}`);
  if (type !== "application/json") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return void failures.push(`no JSON: ${what()}`);
  }
  const problems = validator.problems(["paths", template, method, "responses", String(status), "content", type, "schema"], parsed);
  if (problems.length) failures.push(`body off its schema (${problems.slice(0, 3).join("; ")}): ${what()}`);
}

function report() {
  const lines = [...new Set(failures)];
  return `${lines.length} failures (FUZZ_SEED=${SEED}):\n${lines.slice(0, 25).join("\n")}${lines.length > 25 ? `\n… and ${lines.length - 25} more` : ""}`;
}

describe(`the API under requests drawn from its document (seed ${SEED})`, () => {
  it("answers every operation only with documented statuses and bodies, never a 500", async () => {
    // The employee (and nobody) first: the admin's DELETEs may remove the rows they would read.
    const rounds = [
      { who: "employee" as const, runs: EMPLOYEE_RUNS, seed: SEED + 1_000 },
      { who: "admin" as const, runs: ADMIN_RUNS, seed: SEED },
    ];
    for (const round of rounds) {
      for (const [index, { method, template, operation }] of operations.entries()) {
        await resetRateLimits();
        const samples = fc.sample(fc.tuple(requestArbitrary(template, operation), fc.integer({ min: 0, max: 9 })), { seed: round.seed + index, numRuns: round.runs });
        const callers: Caller[] = ["nobody", "cookie"];
        for (const [drawn, dice] of samples) await send(method, template, operation, drawn, round.who === "employee" && dice < callers.length ? callers[dice] : round.who);
      }
    }
    expect(failures, report()).toEqual([]);
  }, 120_000);

  it("answers a method a path does not serve with 405 naming the ones it does in Allow", async () => {
    const problems: string[] = [];
    for (const [template, item] of Object.entries(paths)) {
      const served = METHODS.filter((method) => item[method]).map((method) => method.toUpperCase());
      const allow = served.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
      const url = template.replace(/\{\w+\}/g, ids[template.split("/")[2]]?.[0] ?? "x");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => !served.includes(m))) {
        const response = await fetch(base + url, { method, headers: { Authorization: `Bearer ${tokens.admin}`, "Accept-Language": "en" } });
        const body = (await response.json()) as Json;
        const header = (response.headers.get("Allow") ?? "").split(/,\s*/).filter(Boolean);
        if (response.status !== 405 || typeof body.detail !== "string" || [...header].sort().join() !== [...allow].sort().join()) {
          problems.push(`${method} ${url} → ${response.status} Allow: ${response.headers.get("Allow")} (serves ${allow.join(", ")})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
