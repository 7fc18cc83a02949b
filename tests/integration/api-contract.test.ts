// The /api as a contract (docs/decisions/0032-api-contract.md): the OpenAPI document is a valid
// OpenAPI 3.1 document; it names every operation of the /api table (app/api); every row of spec
// section 7 has its operations, with the payload names and answers the row lists; and real calls
// of (nearly) every operation, over the route modules as the app serves them, answer only statuses
// and bodies the document allows (validated with ajv against the document's own schemas).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRoutes, findApiRoute } from "~/api/routes.server";
import { openApiDocument } from "~/lib/openapi/document.server";
import * as apiRoute from "~/routes/api.$";
import { getDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import type { StripeStandIn } from "../../server/stripe-stand-in";
import { args, BASE, run } from "../support/http";
import { answerShape, apiRouteFiles, DocumentValidator, entityLine, matchRoute, payloadNames, specOperations, tableRows, type SpecRow } from "../support/openapi-contract";
import { linkIn, testSmtp } from "../support/smtp";

// The Stripe stand-in listens, and the variables are set, before any app module reads them.
const fake: StripeStandIn = await vi.hoisted(async () => {
  const { startStripeStandIn, STAND_IN_STRIPE_KEY, STAND_IN_WEBHOOK_SECRET } = await import("../../server/stripe-stand-in");
  const started = await startStripeStandIn({ webhookSecret: STAND_IN_WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = STAND_IN_STRIPE_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = STAND_IN_WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = started.url;
  return started;
});


type Json = Record<string, unknown>;
type Schema = Json;
type RouteModule = { loader: (a: ReturnType<typeof args>) => unknown; action: (a: ReturnType<typeof args>) => unknown };
type Operation = { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> }; responses: Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }>; "x-spec-row"?: string };

const { document } = openApiDocument();
const paths = document.paths as unknown as Record<string, Record<string, Operation>>;
const components = document.components.schemas as Record<string, Schema>;
const validator = new DocumentValidator(document);
const routes = apiRouteFiles();
const pages = import.meta.glob<RouteModule>("../../app/routes/api.*.tsx");
const METHODS = ["get", "post", "put", "patch", "delete"];

const operations = Object.entries(paths).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ method, path: template, key: `${method} ${template}`, operation: item[method] })),
);

const deref = (schema: Schema): Schema => (typeof schema.$ref === "string" ? components[schema.$ref.split("/").pop()!] : schema);

// ---- Calls ----

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Statuses each documented operation answered in this file. */
const answered = new Map<string, Set<number>>();

interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/**
 * Calls an /api operation as the app serves it (its route module's loader or action) and fails
 * unless the document describes the operation and allows the status and the body it answered.
 */
async function api(method: string, url: string, options: CallOptions = {}): Promise<Answer> {
  const pathname = url.split("?")[0];
  const found = matchRoute(routes, pathname);
  if (!found) throw new Error(`No route file serves ${pathname}`);
  const key = `${method.toLowerCase()} ${found.route.path}`;
  const operation = paths[found.route.path]?.[method.toLowerCase()];
  expect(operation, `${key} is called but not documented`).toBeDefined();

  const headers: Record<string, string> = { "Accept-Language": "en", ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const request = new Request(BASE + url, { method, headers, body });
  // An operation goes through the app's own /api route and its table; a page (api.docs) is its route.
  const module = found.route.file.startsWith("api/") ? (apiRoute as RouteModule) : await pages[`../../app/${found.route.file}`]();
  const handler = method === "GET" || method === "HEAD" ? module.loader : module.action;
  const result = await run(() => handler(args(request, found.params)));

  let status: number;
  let responseHeaders: Headers;
  let text = "";
  let contentType = "";
  if (result instanceof Response) {
    status = result.status;
    responseHeaders = result.headers;
    text = await result.text();
    contentType = (result.headers.get("Content-Type") ?? "").split(";")[0].trim();
  } else {
    // An HTML page's loader answers data; Remix renders it as text/html.
    status = 200;
    responseHeaders = new Headers({ "Content-Type": "text/html" });
    contentType = "text/html";
  }
  if (!answered.has(key)) answered.set(key, new Set());
  answered.get(key)!.add(status);

  const documented = operation!.responses[String(status)];
  expect(documented, `${method} ${url} answered ${status}, which ${key} does not document: ${text.slice(0, 300)}`).toBeDefined();
  const content = documented.content ?? {};
  if (!Object.keys(content).length) {
    expect(text, `${method} ${url} (${status}) documents no body`).toBe("");
    return { status, headers: responseHeaders, body: null };
  }
  expect(Object.keys(content), `${method} ${url} (${status}) answered ${contentType}`).toContain(contentType);
  let parsed: unknown = text;
  if (contentType === "application/json") {
    parsed = JSON.parse(text);
    const problems = validator.problems(["paths", found.route.path, method.toLowerCase(), "responses", String(status), "content", contentType, "schema"], parsed);
    expect(problems, `${method} ${url} (${status}) answered ${text.slice(0, 500)}`).toEqual([]);
  }
  // What a successful call sent is what the document says may be sent.
  if (status < 300 && options.body !== undefined && operation!.requestBody) {
    const problems = validator.problems(["paths", found.route.path, method.toLowerCase(), "requestBody", "content", "application/json", "schema"], options.body);
    expect(problems, `${method} ${url} sent ${JSON.stringify(options.body)}`).toEqual([]);
  }
  return { status, headers: responseHeaders, body: parsed };
}

async function expectStatus(status: number, method: string, url: string, options: CallOptions = {}) {
  const answer = await api(method, url, options);
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(status);
  return answer.body as Json & Json[];
}

// ---- The world the calls run in ----

const tokens: Record<"owner" | "admin" | "employee" | "master", string> = { owner: "", admin: "", employee: "", master: "" };
const ids: Record<string, string> = {};
const emails = { owner: "olga@acme.test", admin: "adam@acme.test", employee: "eve@acme.test", master: "max@globex.test" };

async function photoDataUrl() {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0f766e" } }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

beforeAll(async () => {
  await resetRateLimits();
  const acme = await createCompany("Acme");
  ids.company = acme.id;
  const owner = await createUser(acme.id, { role: "owner", email: emails.owner, fullName: "Olga Owner" });
  const admin = await createUser(acme.id, { role: "admin", email: emails.admin, fullName: "Adam Admin" });
  const team = await createTeam(acme.id, "Engineering", [admin.id]);
  await getDb().user.update({ where: { id: admin.id }, data: { teamId: team.id } });
  const employee = await createUser(acme.id, { email: emails.employee, fullName: "Eve Employee", teamId: team.id });
  const leaver = await createUser(acme.id, { fullName: "Lea Leaver" });
  const mover = await createUser(acme.id, { fullName: "Mo Mover" });
  Object.assign(ids, { owner: owner.id, admin: admin.id, employee: employee.id, leaver: leaver.id, mover: mover.id, team: team.id });
  ids.subscription = (await getDb().subscription.create({ data: { companyId: acme.id, status: "trialing", trialEndsAt: new Date(Date.now() + 10 * 86_400_000) } })).id;
  ids.invoice = (
    await getDb().invoice.create({ data: { companyId: acme.id, invoiceNumber: "ACME-2027-001", invoiceDate: "2027-01-01", periodStart: "2027-01-01", periodEnd: "2027-01-31", userCount: 5, totalCents: 500, currency: "EUR", status: "paid" } })
  ).id;

  // Another company: its ids are 404s for Acme's people; its master reads every company.
  const globex = await createCompany("Globex");
  const master = await createUser(globex.id, { role: "admin", email: emails.master, isMaster: true });
  ids.globexTeam = (await createTeam(globex.id, "Globex team")).id;
  ids.globexVacation = (await createVacation(globex.id, master.id, { startDate: "2027-03-01", endDate: "2027-03-02" })).id;
  ids.globexHoliday = (await getDb().holiday.create({ data: { companyId: globex.id, date: "2027-01-01", name: "New Year", countryCode: "PT", isRecurring: true } })).id;
  ids.globexInvoice = (
    await getDb().invoice.create({ data: { companyId: globex.id, invoiceNumber: "GLOBEX-1", invoiceDate: "2027-01-01", periodStart: "2027-01-01", periodEnd: "2027-01-31", userCount: 1, totalCents: 100, currency: "EUR", status: "paid" } })
  ).id;
  ids.globexUser = master.id;

  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const body = await expectStatus(200, "POST", "/api/auth/login", { body: { email: emails[who], password: TEST_PASSWORD } });
    tokens[who] = String(body.access_token);
  }
});

beforeEach(() => resetRateLimits());

// ---- The document itself ----

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("names every operation file under app/api and page under app/routes/api.*, and nothing else", () => {
    expect(routes.length).toBeGreaterThan(40);
    const documented = Object.keys(paths);
    for (const route of routes) expect(documented, `${route.file} (${route.path}) is missing from the document`).toContain(route.path);
    for (const template of documented) expect(routes.map((route) => route.path), `${template} has no route file`).toContain(template);
  });

  it("serves each operation file from the /api table under its own name's path", () => {
    const files = routes.filter((route) => route.file.startsWith("api/"));
    expect([...apiRoutes.keys()].sort()).toEqual(files.map((route) => route.path).sort());
    for (const route of files) expect(findApiRoute(route.path)?.template, route.file).toBe(route.path);
  });

  it("has examples that fit their schemas", () => {
    let checked = 0;
    for (const { method, path: template, operation } of operations) {
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        if (media.example === undefined) continue;
        checked++;
        expect(validator.problems(["paths", template, method, "requestBody", "content", type, "schema"], media.example), `${method} ${template} request example`).toEqual([]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.example === undefined) continue;
          checked++;
          expect(validator.problems(["paths", template, method, "responses", status, "content", type, "schema"], media.example), `${method} ${template} ${status} example`).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("describes every error as { detail } with optional fields", () => {
    const error = components.Error;
    expect(error).toMatchObject({ type: "object", required: ["detail"], properties: { detail: { type: "string" }, fields: { type: "object" } } });
    for (const { key, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.["application/json"]?.schema, `${key} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });
});

// ---- Spec section 7 ----

const SPEC = path.resolve("../shared/spec/product-spec.md");
const FIXTURE = path.resolve("tests/fixtures/spec-api-rows.md");
const fixture = readFileSync(FIXTURE, "utf8");
const rows = tableRows(fixture, "## Section 7");

/** Spec section 3's names of the entities a row only names ("holiday fields"). */
const ENTITY_FIELDS: Record<string, { entity: string; names: string[] }> = {
  "holiday fields": { entity: "Holiday", names: ["date", "name", "description", "country_code", "country", "cc", "locale", "iso2", "iso3", "region", "subdivision", "state", "province", "is_recurring", "is_national"] },
  "billing details": { entity: "Billing details", names: ["company_name", "primary_contact", "company_address", "phone", "currency", "invoice_email", "preferred_language"] },
  "payment method": { entity: "Payment method", names: ["brand", "last4", "exp_month", "exp_year"] },
};

function claimedBy(row: SpecRow) {
  return operations.filter(({ operation }) => operation["x-spec-row"] === row.methodPath);
}

/** The names an operation reads: path, query and header parameters, and its body's properties. */
function namesRead(operation: Operation): { query: Set<string>; all: Set<string> } {
  const query = new Set((operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
  const all = new Set((operation.parameters ?? []).map((p) => p.name));
  for (const media of Object.values(operation.requestBody?.content ?? {})) {
    for (const name of Object.keys((deref(media.schema).properties as Json | undefined) ?? {})) all.add(name);
  }
  return { query, all };
}

/** The component names a schema is, or holds (a list of them, or a choice of them). */
function componentNames(schema: Schema): string[] {
  if (typeof schema.$ref === "string") return [schema.$ref.split("/").pop()!];
  const items = schema.items as Schema | undefined;
  const variants = (schema.anyOf as Schema[] | undefined) ?? [];
  return [...(items ? componentNames(items) : []), ...variants.flatMap(componentNames)];
}

function answerFits(schema: Schema, shape: NonNullable<ReturnType<typeof answerShape>>): boolean {
  const isList = schema.type === "array";
  if (shape.list && !isList) return false;
  const names = componentNames(schema).map((name) => name.toLowerCase());
  if (shape.noun && !shape.list && isList) return false;
  if (shape.noun && !names.some((name) => name.includes(shape.noun!))) return false;
  const object = deref(isList ? (schema.items as Schema) : schema);
  const properties = Object.keys((object.properties as Json | undefined) ?? {});
  return shape.fields.every((field) => properties.includes(field));
}

function successOf(operation: Operation): [number, Schema | undefined] {
  const [status, response] = Object.entries(operation.responses).find(([code]) => Number(code) < 300)!;
  return [Number(status), response.content?.["application/json"]?.schema];
}

describe("spec section 7", () => {
  it.skipIf(!existsSync(SPEC))("is copied unchanged into tests/fixtures/spec-api-rows.md", () => {
    const spec = readFileSync(SPEC, "utf8");
    expect(rows.map((row) => row.line)).toEqual(tableRows(spec, "## 7. Calls").map((row) => row.line));
    for (const { entity } of Object.values(ENTITY_FIELDS)) expect(entityLine(fixture, "## Section 3", entity)).toBe(entityLine(spec, "## 3. Entities", entity));
  });

  it("has rows to check", () => {
    expect(rows.length).toBeGreaterThan(35);
  });

  for (const row of rows) {
    it(`answers ${row.methodPath}`, () => {
      const claimed = claimedBy(row);
      expect(claimed.length, `no operation names the row "${row.methodPath}" (x-spec-row)`).toBeGreaterThan(0);
      const keys = claimed.map((op) => op.key);
      for (const { method, path: target } of specOperations(row.methodPath)) expect(keys, `the row names ${method} ${target}`).toContain(`${method} ${target}`);

      // The payload names it lists, under the names it lists them (fallbacks included).
      const read = claimed.map(({ operation }) => namesRead(operation));
      const all = new Set(read.flatMap((names) => [...names.all]));
      const query = new Set(read.flatMap((names) => [...names.query]));
      const entity = ENTITY_FIELDS[row.payload];
      const names = entity ? entity.names : row.payload === "multipart file" ? ["file"] : payloadNames(row);
      if (entity) for (const name of entity.names) expect(entityLine(fixture, "## Section 3", entity.entity).replace(/ /g, "_")).toContain(name);
      for (const name of names) expect([...all], `${row.methodPath} reads ${name}`).toContain(name);
      if (row.payload.includes("then query")) for (const name of payloadNames(row)) expect([...query], `${row.methodPath} reads ${name} from the query`).toContain(name);

      // The answer it lists.
      const successes = claimed.map(({ operation }) => successOf(operation));
      const shape = answerShape(row.answer);
      if (shape) {
        const fits = successes.some(([, schema]) => schema && answerFits(schema, shape));
        expect(fits, `no success of ${row.methodPath} answers "${row.answer}"`).toBe(true);
      }
      // "Not shown": the same convention everywhere, the resource itself (or a list of it), or 204.
      if (row.answer === "not shown") {
        for (const [status, schema] of successes) {
          if (status === 204) continue;
          expect([200, 201]).toContain(status);
          const resource = schema && (schema.$ref || (schema.items as Schema | undefined)?.$ref || (schema.anyOf as Schema[] | undefined)?.some((s) => s.$ref));
          expect(resource, `${row.methodPath} answers a resource or 204`).toBeTruthy();
        }
      }
    });
  }
});

// ---- Real calls ----

describe("real calls answer what the document allows", () => {
  it("signs in, trades and revokes tokens", async () => {
    await expectStatus(401, "POST", "/api/auth/login", { body: { email: emails.employee, password: "wrong password" } });
    await expectStatus(400, "POST", "/api/auth/login", { body: {} });
    const pair = await expectStatus(200, "POST", "/api/auth/login", { body: { email: emails.employee, password: TEST_PASSWORD } });
    const refreshed = await expectStatus(200, "POST", "/api/auth/refresh", { body: { refresh_token: pair.refresh_token } });
    await expectStatus(401, "POST", "/api/auth/refresh", { body: { refresh_token: pair.refresh_token } });
    // That reuse ended every access token of the person (decision 0070), the later tests' one too.
    tokens.employee = String((await expectStatus(200, "POST", "/api/auth/login", { body: { email: emails.employee, password: TEST_PASSWORD } })).access_token);
    await expectStatus(400, "POST", "/api/auth/refresh", { body: {} });
    await expectStatus(204, "POST", "/api/auth/logout", { body: { refresh_token: refreshed.refresh_token } });
  });

  it("registers a company, confirms its e-mail, invites and accepts", async () => {
    await expectStatus(400, "POST", "/api/auth/register-company", { body: { companyName: "" } });
    await expectStatus(201, "POST", "/api/auth/register-company", { body: { companyName: "Hooli", billingEmail: "", fullName: "Gavin Belson", email: "gavin@hooli.test", password: "a long passphrase" } });
    await expectStatus(409, "POST", "/api/auth/register-company", { body: { companyName: "Hooli 2", fullName: "Gavin Again", email: "gavin@hooli.test", password: "a long passphrase" } });
    const token = linkIn(await testSmtp().waitForMail("gavin@hooli.test"), "/verify-email?token=").searchParams.get("token")!;
    await expectStatus(400, "POST", "/api/users/verify-email", { body: {} });
    await expectStatus(204, "POST", "/api/users/verify-email", { body: { token } });
    await expectStatus(400, "POST", "/api/users/verify-email", { body: { token } });

    await expectStatus(403, "POST", "/api/users/invite", { token: tokens.employee, body: { email: "x@acme.test", full_name: "X" } });
    await expectStatus(400, "POST", "/api/users/invite", { token: tokens.admin, body: { email: "nope", full_name: "" } });
    const invitation = await expectStatus(201, "POST", "/api/users/invite", {
      token: tokens.admin,
      body: { email: "nina@acme.test", full_name: "Nina New", role: "user", team_id: ids.team, profile_picture: await photoDataUrl() },
    });
    expect(invitation).toMatchObject({ email: "nina@acme.test", team_id: ids.team });
    await settleMail();
    const link = linkIn(await testSmtp().waitForMail("nina@acme.test"), "/accept-invite?");
    await expectStatus(400, "POST", "/api/users/accept-invite", { body: { token: "not a token", new_password: "a long passphrase" } });
    const nina = await expectStatus(201, "POST", "/api/users/accept-invite", { body: { token: link.searchParams.get("token"), new_password: "a long passphrase" } });
    // The photo the invitation carried is the person's now (re-encoded, spec section 7's profile_picture).
    expect(String(nina.profile_picture)).toMatch(/^data:image\/webp;base64,/);
    expect(nina).toMatchObject({ email: "nina@acme.test", team_id: ids.team, role: "user" });
  });

  it("reads and changes people", async () => {
    await expectStatus(401, "GET", "/api/users/me");
    expect(await expectStatus(200, "GET", "/api/users/me", { token: tokens.employee })).toMatchObject({ id: ids.employee, company: { name: "Acme" } });
    expect(await expectStatus(200, "PATCH", "/api/users/me/language", { token: tokens.employee, body: { language: "en" } })).toMatchObject({ preferred_language: "en" });
    await expectStatus(400, "PATCH", "/api/users/me/language", { token: tokens.employee, body: { language: "fr" } });
    await expectStatus(200, "PUT", "/api/users/me/language", { token: tokens.employee, body: { language: "en" } });
    expect(await expectStatus(200, "GET", "/api/users/me/digest", { token: tokens.employee })).toEqual({ digest: "off" });
    expect(await expectStatus(200, "PATCH", "/api/users/me/digest", { token: tokens.employee, body: { digest: "team" } })).toEqual({ digest: "team" });
    await expectStatus(400, "PATCH", "/api/users/me/digest", { token: tokens.employee, body: { digest: "everyone" } });
    await expectStatus(200, "PUT", "/api/users/me/digest", { token: tokens.employee, body: { digest: "off" } });
    await expectStatus(400, "PUT", "/api/users/me/digest", { token: tokens.employee, body: {} });
    expect((await expectStatus(200, "GET", "/api/users", { token: tokens.employee })).length).toBeGreaterThan(3);
    expect(await expectStatus(200, "GET", `/api/users?ids=${ids.admin},${ids.globexUser}`, { token: tokens.employee })).toHaveLength(1);
    await expectStatus(200, "GET", `/api/users/${ids.employee}`, { token: tokens.employee });
    await expectStatus(404, "GET", `/api/users/${ids.globexUser}`, { token: tokens.employee });
    await expectStatus(200, "PATCH", `/api/users/${ids.employee}`, { token: tokens.employee, body: { full_name: "Eve E. Employee" } });
    await expectStatus(400, "PATCH", `/api/users/${ids.employee}`, { token: tokens.employee, body: { full_name: "" } });
    await expectStatus(403, "PATCH", `/api/users/${ids.admin}`, { token: tokens.employee, body: { full_name: "Hacked" } });
    await expectStatus(403, "DELETE", `/api/users/${ids.leaver}`, { token: tokens.employee });
    await expectStatus(204, "DELETE", `/api/users/${ids.leaver}`, { token: tokens.admin });
    await expectStatus(404, "DELETE", `/api/users/${ids.globexUser}`, { token: tokens.admin });
    await expectStatus(200, "GET", "/api/users/me/allowances-summary?year=2027", { token: tokens.employee });
    await expectStatus(400, "GET", "/api/users/me/allowances-summary?year=1999", { token: tokens.employee });
  });

  it("requests, decides, reminds and cancels vacations", async () => {
    const request = (start: string, end: string, extra: Json = {}) => ({ start_date: start, end_date: end, absence_category_id: "training", ...extra });
    const first = await expectStatus(201, "POST", "/api/vacations", { token: tokens.employee, body: request("2027-03-01", "2027-03-03", { description: "Course" }) });
    // Spec section 3's other names: from/to for the dates, notes for the description.
    const second = await expectStatus(201, "POST", "/api/vacations", { token: tokens.employee, body: { from: "2027-04-05", to: "2027-04-06", notes: "Conference", absence_category_id: "training" } });
    expect(second).toMatchObject({ start_date: "2027-04-05", end_date: "2027-04-06", description: "Conference" });
    const third = await expectStatus(201, "POST", "/api/vacations", { token: tokens.employee, body: request("2027-05-03", "2027-05-04") });
    await expectStatus(409, "POST", "/api/vacations", { token: tokens.employee, body: request("2027-03-02", "2027-03-02") });
    await expectStatus(400, "POST", "/api/vacations", { token: tokens.employee, body: request("2027-03-09", "2027-03-08") });
    const page = await expectStatus(200, "GET", "/api/vacations?limit=2", { token: tokens.employee });
    expect(page).toMatchObject({ total: 3, offset: 0, limit: 2 });
    await expectStatus(400, "GET", "/api/vacations?limit=0", { token: tokens.employee });
    await expectStatus(200, "GET", `/api/vacations/${first.id}`, { token: tokens.admin });
    await expectStatus(404, "GET", `/api/vacations/${ids.globexVacation}`, { token: tokens.admin });
    const found = await expectStatus(200, "GET", "/api/vacations/search?date_from=2027-03-01&date_to=2027-04-30&limit=1000", { token: tokens.admin });
    expect(found.map((v) => v.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    await expectStatus(400, "GET", "/api/vacations/search?date_from=2027-02-30", { token: tokens.admin });

    const pending = await api("GET", "/api/vacations/pending-approvals", { token: tokens.admin });
    expect(pending.status).toBe(200);
    expect(await expectStatus(304, "GET", "/api/vacations/pending-approvals", { token: tokens.admin, headers: { "If-None-Match": pending.headers.get("ETag")! } })).toBeNull();

    await expectStatus(403, "POST", `/api/vacations/${first.id}/approve`, { token: tokens.employee });
    expect(await expectStatus(200, "POST", `/api/vacations/${first.id}/approve`, { token: tokens.admin })).toMatchObject({ status: "approved" });
    await expectStatus(409, "POST", `/api/vacations/${first.id}/approve`, { token: tokens.admin });
    expect(await expectStatus(200, "POST", `/api/vacations/${second.id}/reject`, { token: tokens.admin })).toMatchObject({ status: "rejected" });
    await expectStatus(404, "POST", `/api/vacations/${ids.globexVacation}/reject`, { token: tokens.admin });

    // Changes of the approved one (decision 0093): proposed by its owner, decided by the admin, or made by the admin at once.
    const changes = `/api/vacations/${first.id}/changes`;
    const shorter = { start_date: "2027-03-01", end_date: "2027-03-02" };
    const rejected = await expectStatus(201, "POST", changes, { token: tokens.employee, body: shorter });
    await expectStatus(409, "POST", changes, { token: tokens.employee, body: shorter });
    await expectStatus(403, "POST", `${changes}/${rejected.id}/approve`, { token: tokens.employee });
    expect(await expectStatus(200, "POST", `${changes}/${rejected.id}/reject`, { token: tokens.admin })).toMatchObject({ status: "rejected" });
    await expectStatus(409, "POST", `${changes}/${rejected.id}/reject`, { token: tokens.admin });
    const withdrawn = await expectStatus(201, "POST", changes, { token: tokens.employee, body: shorter });
    await expectStatus(403, "POST", `${changes}/${withdrawn.id}/withdraw`, { token: tokens.admin });
    expect(await expectStatus(200, "POST", `${changes}/${withdrawn.id}/withdraw`, { token: tokens.employee })).toMatchObject({ status: "withdrawn" });
    const approved = await expectStatus(201, "POST", changes, { token: tokens.employee, body: shorter });
    expect(await expectStatus(200, "POST", `${changes}/${approved.id}/approve`, { token: tokens.admin })).toMatchObject({ status: "approved", end_date: "2027-03-02" });
    expect(await expectStatus(201, "POST", changes, { token: tokens.admin, body: { start_date: "2027-03-01", end_date: "2027-03-01" } })).toMatchObject({ status: "approved" });
    await expectStatus(400, "POST", changes, { token: tokens.admin, body: { start_date: "2027-03-02" } });
    await expectStatus(404, "POST", `/api/vacations/${ids.globexVacation}/changes`, { token: tokens.admin, body: shorter });

    await expectStatus(204, "POST", `/api/vacations/${third.id}/notify-admin`, { token: tokens.employee });
    await expectStatus(409, "POST", `/api/vacations/${first.id}/notify-admin`, { token: tokens.employee });
    await expectStatus(204, "DELETE", `/api/vacations/${third.id}`, { token: tokens.employee });
    await expectStatus(409, "DELETE", `/api/vacations/${third.id}`, { token: tokens.employee });
    await expectStatus(204, "POST", `/api/vacations/${third.id}/notify-admin`, { token: tokens.employee });

    // A retry with the same Idempotency-Key answers the first result; another body under it is a 422.
    const retried = { token: tokens.employee, body: request("2027-06-07", "2027-06-07"), headers: { "Idempotency-Key": "contract-retry-1" } };
    const once = await expectStatus(201, "POST", "/api/vacations", retried);
    const replay = await api("POST", "/api/vacations", retried);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect((replay.body as { id: string }).id).toBe(once.id);
    await expectStatus(422, "POST", "/api/vacations", { ...retried, body: request("2027-06-08", "2027-06-08") });
  });

  it("keeps the bank holidays", async () => {
    const holiday = await expectStatus(201, "POST", "/api/holidays", {
      token: tokens.admin,
      body: { date: "2027-06-13", description: "Santo António", country: "PT", subdivision: "LIS", is_national: false },
    });
    expect(holiday).toMatchObject({ name: "Santo António", country_code: "PT", region: "LIS", is_recurring: false });
    await expectStatus(409, "POST", "/api/holidays", { token: tokens.admin, body: { date: "2027-06-13", name: "Santo António", cc: "pt" } });
    await expectStatus(400, "POST", "/api/holidays", { token: tokens.admin, body: { name: "No date" } });
    await expectStatus(403, "POST", "/api/holidays", { token: tokens.employee, body: { date: "2027-06-24", name: "São João" } });
    expect(await expectStatus(200, "GET", "/api/holidays?year=2027&cc=pt", { token: tokens.employee })).toHaveLength(1);
    await expectStatus(200, "GET", "/api/holidays?iso3=PRT&month=6&q=antonio&page_size=10", { token: tokens.employee });
    await expectStatus(400, "GET", "/api/holidays?month=13", { token: tokens.employee });
    await expectStatus(200, "GET", `/api/holidays/${holiday.id}`, { token: tokens.employee });
    await expectStatus(404, "GET", `/api/holidays/${ids.globexHoliday}`, { token: tokens.employee });

    const csv = (text: string) => {
      const form = new FormData();
      form.append("file", new File([text], "holidays.csv", { type: "text/csv" }));
      return form;
    };
    const imported = await expectStatus(200, "POST", "/api/holidays/import-csv?dry_run=true", { token: tokens.admin, form: csv("date,name,country_code,is_recurring\n2027-12-08,Imaculada Conceição,PT,true\n") });
    expect(imported).toMatchObject({ created: 1, dry_run: true });
    await expectStatus(400, "POST", "/api/holidays/import-csv?dry_run=false", { token: tokens.admin, form: csv("") });
    await expectStatus(403, "POST", "/api/holidays/import-csv", { token: tokens.employee, form: csv("date,name,country_code,is_recurring\n") });
    await expectStatus(403, "DELETE", `/api/holidays/${holiday.id}`, { token: tokens.employee });
    await expectStatus(204, "DELETE", `/api/holidays/${holiday.id}`, { token: tokens.admin });
    await expectStatus(404, "DELETE", `/api/holidays/${holiday.id}`, { token: tokens.admin });
  });

  it("manages teams, their members and admins", async () => {
    expect(await expectStatus(200, "GET", "/api/teams", { token: tokens.employee })).toHaveLength(1);
    const design = await expectStatus(201, "POST", "/api/teams", { token: tokens.admin, body: { name: "Design" } });
    await expectStatus(409, "POST", "/api/teams", { token: tokens.admin, body: { name: "Design" } });
    await expectStatus(400, "POST", "/api/teams", { token: tokens.admin, body: { name: " " } });
    await expectStatus(403, "POST", "/api/teams", { token: tokens.employee, body: { name: "Mine" } });
    const teamPath = `/api/teams/${design.id}`;
    expect(await expectStatus(200, "PUT", teamPath, { token: tokens.admin, body: { name: "Product design" } })).toMatchObject({ name: "Product design" });
    await expectStatus(200, "GET", teamPath, { token: tokens.employee });
    await expectStatus(404, "GET", `/api/teams/${ids.globexTeam}`, { token: tokens.employee });

    // The person: userId in the body, else user_id, else the same names in the query.
    expect(await expectStatus(200, "POST", `${teamPath}/members?user_id=${ids.mover}`, { token: tokens.admin })).toMatchObject({ members: [{ id: ids.mover }] });
    await expectStatus(400, "POST", `${teamPath}/members`, { token: tokens.admin, body: {} });
    expect(await expectStatus(200, "GET", `${teamPath}/members`, { token: tokens.employee })).toHaveLength(1);
    await expectStatus(200, "POST", `${teamPath}/admins`, { token: tokens.admin, body: { user_id: ids.mover } });
    expect(await expectStatus(200, "GET", `${teamPath}/admins`, { token: tokens.employee })).toHaveLength(1);
    await expectStatus(204, "DELETE", `${teamPath}/admins`, { token: tokens.admin, body: { userId: ids.mover } });
    await expectStatus(409, "DELETE", teamPath, { token: tokens.admin });
    await expectStatus(204, "DELETE", `${teamPath}/members?userId=${ids.mover}`, { token: tokens.admin });
    await expectStatus(204, "DELETE", teamPath, { token: tokens.admin });
  });

  it("manages absence categories", async () => {
    expect((await expectStatus(200, "GET", "/api/absence-categories", { token: tokens.employee })).length).toBeGreaterThan(3);
    const created = await expectStatus(201, "POST", "/api/absence-categories", { token: tokens.admin, body: { name: "Parental leave", color: "#00838f" } });
    await expectStatus(409, "POST", "/api/absence-categories", { token: tokens.admin, body: { name: "Parental leave" } });
    await expectStatus(400, "POST", "/api/absence-categories", { token: tokens.admin, body: { name: "" } });
    await expectStatus(403, "POST", "/api/absence-categories", { token: tokens.employee, body: { name: "Mine" } });
    await expectStatus(200, "GET", `/api/absence-categories/${created.id}`, { token: tokens.employee });
    await expectStatus(200, "PATCH", `/api/absence-categories/${created.id}`, { token: tokens.admin, body: { active: false } });
    await expectStatus(409, "DELETE", "/api/absence-categories/training", { token: tokens.admin });
    await expectStatus(204, "DELETE", `/api/absence-categories/${created.id}`, { token: tokens.admin });
    await expectStatus(404, "GET", `/api/absence-categories/${created.id}`, { token: tokens.employee });
  });

  it("exports a person's leave certificate and data", async () => {
    await expectStatus(200, "GET", `/api/users/${ids.employee}/certificate`, { token: tokens.employee });
    await expectStatus(403, "GET", `/api/users/${ids.admin}/certificate`, { token: tokens.employee });
    await expectStatus(200, "GET", `/api/users/${ids.employee}/export`, { token: tokens.admin });
    await expectStatus(404, "GET", `/api/users/${ids.globexUser}/export`, { token: tokens.admin });
  });

  it("keeps work schedules", async () => {
    const fourDays = { valid_from: "2027-03-01", cycle_weeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 })) };
    const schedules = `/api/users/${ids.employee}/work-schedules`;
    expect(await expectStatus(200, "GET", schedules, { token: tokens.employee })).toEqual([]);
    await expectStatus(403, "GET", `/api/users/${ids.admin}/work-schedules`, { token: tokens.employee });
    await expectStatus(404, "GET", `/api/users/${ids.globexUser}/work-schedules`, { token: tokens.admin });
    expect(await expectStatus(200, "PUT", schedules, { token: tokens.admin, body: [fourDays] })).toEqual([fourDays]);
    await expectStatus(403, "PUT", schedules, { token: tokens.employee, body: [] });
    await expectStatus(404, "PUT", `/api/users/${ids.globexUser}/work-schedules`, { token: tokens.admin, body: [] });
    await expectStatus(400, "PUT", schedules, { token: tokens.admin, body: [fourDays, fourDays] });
    // A row before today added to a list that has rows: history is not rewritten.
    await expectStatus(409, "PUT", schedules, { token: tokens.admin, body: [fourDays, { ...fourDays, valid_from: "2020-01-06" }] });

    const company = "/api/companies/me/work-schedules";
    expect(await expectStatus(200, "GET", company, { token: tokens.employee })).toEqual([]);
    await expectStatus(403, "PUT", company, { token: tokens.employee, body: [] });
    await expectStatus(400, "PUT", company, { token: tokens.admin, body: [{ ...fourDays, cycle_weeks: 3 }] });
    expect(await expectStatus(200, "PUT", company, { token: tokens.admin, body: [{ ...fourDays, days: [{ weekday: 1, hours: 7.5 }] }] })).toHaveLength(1);
    await expectStatus(409, "PUT", company, { token: tokens.admin, body: [{ ...fourDays, valid_from: "2020-01-06" }] });
  });

  it("reads companies, reports and the audit", async () => {
    expect(await expectStatus(200, "GET", "/api/companies/me", { token: tokens.employee })).toEqual({ id: ids.company, name: "Acme", leave_year_start_month: 1, allowance_rounding: "nearest", leave_unit: "day", accrual_booking_ahead: false, certificate_after_days: 3 });
    await expectStatus(400, "PATCH", "/api/companies/me", { token: tokens.admin, body: { leave_year_start_month: 0 } });
    // Sickness certificates (decision 0092): whole working days from 1; an employee may not change it.
    await expectStatus(400, "PATCH", "/api/companies/me", { token: tokens.admin, body: { certificate_after_days: 0 } });
    await expectStatus(403, "PATCH", "/api/companies/me", { token: tokens.employee, body: { certificate_after_days: 5 } });
    expect(await expectStatus(200, "PATCH", "/api/companies/me", { token: tokens.admin, body: { certificate_after_days: 3 } })).toMatchObject({ certificate_after_days: 3 });
    expect(await expectStatus(200, "PATCH", "/api/companies/me", { token: tokens.admin, body: { allowance_rounding: "nearest" } })).toMatchObject({ allowance_rounding: "nearest" });
    await expectStatus(403, "GET", "/api/companies/all", { token: tokens.admin });
    expect((await expectStatus(200, "GET", "/api/companies/all", { token: tokens.master })).length).toBeGreaterThan(1);

    await expectStatus(200, "POST", "/api/reports/allowances/upsert", { token: tokens.admin, body: { userId: ids.employee, year: 2027, yearlyAllowance: 22, residualAllowance: 2.5, specialLeaveAllowance: 1 } });
    await expectStatus(400, "POST", "/api/reports/allowances/upsert", { token: tokens.admin, body: { userId: ids.employee, year: 2027, yearlyAllowance: -1, residualAllowance: null, specialLeaveAllowance: 1 } });
    await expectStatus(403, "POST", "/api/reports/allowances/upsert", { token: tokens.employee, body: { userId: ids.employee, year: 2027, yearlyAllowance: 99, residualAllowance: 0, specialLeaveAllowance: 0 } });
    const report = await expectStatus(200, "GET", "/api/reports/vacations?year=2027", { token: tokens.admin });
    expect(report.find((row) => (row.user as Json).id === ids.employee)).toMatchObject({ yearlyAllowance: 22, residualAllowance: 2.5 });
    await expectStatus(400, "GET", "/api/reports/vacations?year=2200", { token: tokens.admin });
    await expectStatus(403, "GET", "/api/reports/vacations", { token: tokens.employee });

    const audit = await expectStatus(200, "GET", "/api/audit/search?action=vacation.*&limit=5", { token: tokens.owner });
    expect(audit.total).toBeGreaterThan(0);
    await expectStatus(400, "GET", "/api/audit/search?date_from=yesterday", { token: tokens.owner });
    await expectStatus(403, "GET", "/api/audit/search", { token: tokens.employee });
    await expectStatus(200, "GET", "/api/audit/search?company_id=all", { token: tokens.master });
    await expectStatus(200, "GET", "/api/audit/export?action=holiday.*", { token: tokens.owner });
    await expectStatus(403, "GET", "/api/audit/export", { token: tokens.employee });
  });

  it("keeps the billing", async () => {
    const details = { company_name: "Acme Lda", primary_contact: ids.owner, company_address: "Rua Augusta 1, Lisboa", phone: "+351 210 000 000", currency: "EUR", invoice_email: "finance@acme.test" };
    await expectStatus(200, "GET", "/api/billing/details", { token: tokens.admin });
    await expectStatus(403, "GET", "/api/billing/details", { token: tokens.employee });
    await expectStatus(200, "PUT", "/api/billing/details", { token: tokens.admin, body: details });
    await expectStatus(400, "PUT", "/api/billing/details", { token: tokens.admin, body: { ...details, currency: "JPY" } });
    expect(await expectStatus(200, "GET", "/api/billing/payment-method", { token: tokens.admin })).toBeNull();
    const card = { brand: "VISA", last4: "4242", exp_month: 12, exp_year: new Date().getFullYear() + 3 };
    await expectStatus(200, "PUT", "/api/billing/payment-method", { token: tokens.admin, body: card });
    await expectStatus(400, "PUT", "/api/billing/payment-method", { token: tokens.admin, body: { ...card, last4: "42" } });
    expect(await expectStatus(200, "GET", "/api/billing/payment-method", { token: tokens.admin })).toMatchObject({ last4: "4242" });

    expect(await expectStatus(200, "GET", "/api/invoices", { token: tokens.admin })).toHaveLength(1);
    await expectStatus(403, "GET", "/api/invoices", { token: tokens.employee });
    expect(await expectStatus(200, "GET", `/api/invoices/${ids.invoice}/pdf`, { token: tokens.admin })).toMatchObject({ source: "app" });
    await expectStatus(404, "GET", `/api/invoices/${ids.globexInvoice}/pdf`, { token: tokens.admin });
    await expectStatus(200, "GET", "/api/billing/privacy", { token: tokens.employee });
    await expectStatus(401, "GET", "/api/billing/privacy");
    await expectStatus(200, "GET", "/api/billing/subscriptions", { token: tokens.admin });

    await expectStatus(403, "POST", "/api/billing/checkout", { token: tokens.employee, body: {} });
    await expectStatus(400, "POST", "/api/billing/checkout", { token: tokens.admin, body: { interval: "week" } });
    expect(await expectStatus(200, "POST", "/api/billing/checkout", { token: tokens.admin, body: { subscription_id: ids.subscription, interval: "year" } })).toMatchObject({ ok: true });
    await expectStatus(200, "POST", "/api/billing/sync", { token: tokens.admin, body: { subscription_id: ids.subscription } });
    await expectStatus(404, "POST", "/api/billing/sync", { token: tokens.admin, body: { subscription_id: "not-ours" } });

    const unsigned = JSON.stringify({ id: "evt_contract_1", type: "customer.created", data: { object: {} } });
    await expectStatus(400, "POST", "/api/billing/webhook", { body: JSON.parse(unsigned), headers: { "Stripe-Signature": "t=1,v1=forged" } });
    const { payload, signature } = fake.signedDelivery({ id: "evt_contract_2", object: "event", type: "customer.created", data: { object: {} } });
    await expectStatus(200, "POST", "/api/billing/webhook", { body: JSON.parse(payload), headers: { "Stripe-Signature": signature } });

    await expectStatus(201, "POST", "/api/public-interest", { body: { email: "curious@example.test" } });
    await expectStatus(400, "POST", "/api/public-interest", { body: { email: "no at sign" } });

    // Last: the account's deletion ends the subscription.
    await expectStatus(403, "POST", "/api/billing/delete-account", { token: tokens.admin });
    await expectStatus(200, "POST", "/api/billing/delete-account", { token: tokens.owner });
    await expectStatus(409, "POST", "/api/billing/delete-account", { token: tokens.owner });
  });

  it("serves the document publicly, with an ETag, and the page", async () => {
    const first = await api("GET", "/api/openapi.json");
    expect(first.status).toBe(200);
    expect(first.body).toEqual(JSON.parse(JSON.stringify(document)));
    expect(await expectStatus(304, "GET", "/api/openapi.json", { headers: { "If-None-Match": first.headers.get("ETag")! } })).toBeNull();
    await expectStatus(200, "GET", "/api/docs");
  });

  it("called every documented operation, each with a success, most with an error too", () => {
    const missing = operations.filter(({ key }) => !answered.has(key)).map(({ key }) => key);
    expect(missing).toEqual([]);
    const neverSucceeded = operations.filter(({ key }) => ![...answered.get(key)!].some((status) => status < 400)).map(({ key }) => key);
    expect(neverSucceeded).toEqual([]);
    const withErrors = operations.filter(({ key }) => [...answered.get(key)!].some((status) => status >= 400));
    expect(withErrors.length).toBeGreaterThan(operations.length * 0.7);
  });
});
