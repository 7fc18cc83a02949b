// Property-based fuzzing of every route against the built server: random methods, headers, bodies
// and query strings, signed in and out, must never get a 5xx. The routes come from the files in
// app/routes and app/api, so a new route or operation is fuzzed without touching this file. It
// runs once (tagged @once, left out of the js-off project) in its own company, from its own client
// addresses (the e2e server trusts X-Forwarded-For from loopback), so it disturbs neither the demo
// data nor the rate limits of the other specs. FUZZ_SEED=<n> replays a run; FUZZ_RUNS sets its size.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "./fixtures";
import fc from "fast-check";

const RUNS = Number(process.env.FUZZ_RUNS || 1500);
const TIME_LIMIT_MS = 55_000;

/** Splits a flat-route file name on the dots that separate segments ("[.]" escapes one). */
function segmentsOf(name: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    else if (char === "]") escaped = false;
    else if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else current += char;
  }
  segments.push(current);
  return segments;
}

interface RouteShape {
  file: string;
  /** URL path parts: fixed text, a `$param` placeholder, or `*` for a splat. */
  parts: string[];
}

/**
 * Remix flat routes: `_x` segments add no path, `_index` is the index, `$x` a param, `$` the rest.
 * The /api operations live in app/api under the same names, behind one splat route (decision 0104),
 * so each of them is a shape of its own under "api".
 */
function routeShapes(): RouteShape[] {
  // A route is a module file, or a folder holding its module as route.tsx (with its helpers beside it).
  const isRouteFolder = (dir: string, name: string) => existsSync(path.resolve(dir, name, "route.tsx")) || existsSync(path.resolve(dir, name, "route.ts"));
  const shapesIn = (dir: string, prefix: string[]) =>
    readdirSync(path.resolve(dir))
      .filter((file) => (/\.(tsx?|jsx?)$/.test(file) && !file.endsWith(".server.ts")) || isRouteFolder(dir, file))
      .map((file) => {
        const parts = segmentsOf(file.replace(/\.(tsx?|jsx?)$/, ""))
          .filter((segment) => !segment.startsWith("_"))
          .map((segment) => (segment.endsWith("_") ? segment.slice(0, -1) : segment))
          .map((segment) => (segment === "$" ? "*" : segment));
        return { file: `${dir}/${file}`, parts: [...prefix, ...parts] };
      });
  return [...shapesIn("app/routes", []), ...shapesIn("app/api", ["api"])];
}

const ROUTES = routeShapes();
const isApi = (route: RouteShape) => route.parts[0] === "api";

// Printable ASCII for header values (anything else is refused by the HTTP client, not the app).
const asciiText = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const FIELD_NAMES = [
  "email", "password", "confirmPassword", "redirectTo", "lng", "language", "token", "intent", "id", "userId", "user_id",
  "startDate", "endDate", "start_date", "end_date", "categoryId", "absence_category_id", "halfDayStart", "halfDayEnd",
  "half_day_start", "description", "recipientType", "customEmails", "notification_recipients", "fullName", "full_name",
  "companyName", "billingEmail", "role", "teamId", "name", "year", "yearlyAllowance", "residualAllowance",
  "specialLeaveAllowance", "yearly", "residual", "specialLeave", "refresh_token", "new_password", "profile_picture",
  "tab", "date", "country_code", "is_recurring", "status", "scope", "override",
];
const QUERY_NAMES = [
  "year", "month", "from", "to", "status", "type", "page", "size", "cpage", "csize", "tab", "token", "lng", "redirectTo",
  "user_id", "ids", "date_from", "date_to", "limit", "offset", "scope", "q", "new", "created", "start", "end", "_data", "index",
];

function fieldValue(ids: string[]) {
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 20 }), weight: 1 },
    { arbitrary: fc.integer({ min: -1e6, max: 1e6 }).map(String), weight: 1 },
    { arbitrary: fc.constantFrom("", "0", "-1", "1e309", "NaN", "null", "true", "on", "[]", "{}", "pt", "en", "xx", "admin", "owner", "custom", "approve", "reject", "cancel", "delete", "create"), weight: 3 },
    { arbitrary: fc.constantFrom("2027-03-01", "2027-02-30", "1000-01-06", "9999-12-30", "2100-12-31", "27-03-01", "2027-3-1"), weight: 2 },
    { arbitrary: fc.constantFrom("/\t/evil.example", "//evil.example", "/\r\nX: y", "https:evil.example", "/%09/x", "javascript:x"), weight: 1 },
    { arbitrary: fc.constantFrom(...ids), weight: 2 },
    { arbitrary: fc.constantFrom("a@b.co", "x@elsewhere.test", "nobody@fuzz.test, other@fuzz.test"), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 300_000 }).map((n) => "x".repeat(n)), weight: 1 },
  );
}

function fieldsArb(ids: string[]) {
  return fc.dictionary(fc.oneof({ arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 5 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 }), fieldValue(ids), { maxKeys: 8 });
}

function multipart(fields: Record<string, string>, boundary: string): string {
  return Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`)
    .join("")
    .concat(`--${boundary}--\r\n`);
}

// A large body is generated when sent: a counterexample then prints its size, not its bytes.
type Body = { kind: string; data?: Buffer; size?: number };

function bodyArb(ids: string[]): fc.Arbitrary<Body> {
  const utf8 = (text: string) => Buffer.from(text, "utf8");
  return fc.oneof(
    fc.constant<Body>({ kind: "none" }),
    fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: "json", data: utf8(JSON.stringify(value) ?? "null") })),
    fieldsArb(ids).map((fields) => ({ kind: "json-fields", data: utf8(JSON.stringify(fields)) })),
    fieldsArb(ids).map((fields) => ({ kind: "form", data: utf8(new URLSearchParams(fields).toString()) })),
    fieldsArb(ids).map((fields) => ({ kind: "multipart", data: utf8(multipart(fields, "fuzzboundary")) })),
    fc.uint8Array({ maxLength: 3000 }).map((bytes) => ({ kind: "bytes", data: Buffer.from(bytes) })),
    fc.string({ unit: "binary", maxLength: 500 }).map((text) => ({ kind: "unicode", data: utf8(text) })),
    fc.constantFrom("null", "[]", "{}", '"x"', "0", "%", "%%%", "a=%zz", "--fuzzboundary\r\nbroken", "{\"a\":").map((text) => ({ kind: "odd", data: utf8(text) })),
    fc.integer({ min: 90_000, max: 6_000_000 }).map((size) => ({ kind: "large", size })),
  );
}

const CONTENT_TYPES = [
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzzboundary",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "text/csv",
  "application/octet-stream",
  "application/vnd.api+json",
  "garbage",
  "application/json; charset=utf-16",
];

type Auth = "session" | "session-cross-site" | "bearer" | "anonymous";

interface Case {
  route: RouteShape;
  params: string[];
  splat: string;
  method: string;
  query: Record<string, string>;
  contentType: string | undefined;
  accept: string | undefined;
  acceptLanguage: string;
  body: Body;
  auth: Auth;
  address: number;
}

function caseArb(ids: string[]): fc.Arbitrary<Case> {
  return fc.record({
    route: fc.constantFrom(...ROUTES),
    params: fc.array(fc.oneof(fc.constantFrom(...ids), fc.constantFrom("0", "-1", "null", "%00", "..", "ü", "a".repeat(300), "x y")), { minLength: 3, maxLength: 3 }),
    splat: fc.constantFrom("x", "a/b/c", "%2e%2e/etc", "ñ", "api", "healthz/x"),
    method: fc.oneof(
      { arbitrary: fc.constantFrom("GET", "POST"), weight: 8 },
      { arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND"), weight: 5 },
    ),
    query: fc.dictionary(
      fc.oneof({ arbitrary: fc.constantFrom(...QUERY_NAMES), weight: 5 }, { arbitrary: fc.string({ maxLength: 10 }), weight: 1 }),
      fieldValue(ids).map((value) => value.slice(0, 2000)),
      { maxKeys: 5 },
    ),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    accept: fc.constantFrom(undefined, "text/html", "application/json", "*/*", "text/csv"),
    acceptLanguage: fc.oneof(fc.constantFrom("pt-PT", "en", "es-ES,es;q=0.9", "de", "*", ""), asciiText(30)),
    body: bodyArb(ids),
    auth: fc.constantFrom<Auth>("session", "session", "session-cross-site", "bearer", "anonymous", "anonymous"),
    address: fc.integer({ min: 1, max: 250 * 250 }),
  });
}

function urlOf(c: Case): string {
  let param = 0;
  const parts = c.route.parts.map((part) => {
    if (part === "*") return c.splat;
    if (part.startsWith("$")) return encodeURIComponent(c.params[param++ % c.params.length]);
    return part;
  });
  const query = new URLSearchParams(c.query).toString();
  return `/${parts.join("/")}${query ? `?${query}` : ""}`;
}

test.describe.configure({ mode: "serial" });

test("no request to any route gets a 5xx @once", async ({ baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const seed = Number(process.env.FUZZ_SEED || Math.floor(Math.random() * 2 ** 31));
  testInfo.annotations.push({ type: "fuzz-seed", description: String(seed) });

  // A company of its own, signed up, confirmed and signed in, all from one address of its own.
  const setupAddress = { "X-Forwarded-For": "10.250.0.1" };
  const anonymous = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: setupAddress });
  const email = `fuzz-${Date.now()}-${seed}@fuzz.test`;
  const password = "fuzz-password-1";
  const signup = await anonymous.post("/api/auth/register-company", {
    data: { companyName: "Fuzz Lda", billingEmail: email, fullName: "Fuzz Owner", email, password },
  });
  expect(signup.status()).toBe(201);
  const outbox = await (await anonymous.get("/dev/outbox")).text();
  const mail = outbox.slice(outbox.indexOf(email));
  const token = /\/verify-email\?token=([^"<&\s]+)/.exec(mail)?.[1];
  expect(token, "verification link in /dev/outbox").toBeTruthy();
  expect((await anonymous.post("/api/users/verify-email", { data: { token: decodeURIComponent(token!) } })).status()).toBe(204);
  const login = await anonymous.post("/api/auth/login", { data: { email, password } });
  const { access_token: accessToken, user } = (await login.json()) as { access_token: string; user: { id: string } };

  let session: APIRequestContext = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: setupAddress });
  const signIn = async () => {
    await session.dispose();
    session = await playwrightRequest.newContext({ baseURL: base, extraHTTPHeaders: setupAddress });
    const response = await session.post("/login", { form: { email, password, redirectTo: "/" }, headers: { Origin: base }, maxRedirects: 0 });
    expect(response.status(), "the fuzz owner signs in").toBe(302);
  };
  await signIn();
  const created = await anonymous.post("/api/vacations", {
    data: { start_date: "2027-06-07", end_date: "2027-06-08" },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const vacationId = ((await created.json()) as { id?: string }).id ?? "no-vacation";
  const ids = [user.id, vacationId, "cm0000000000000000000000", "00000000-0000-0000-0000-000000000000", "me"];

  const statuses = new Map<number, number>();
  const reached = new Set<string>();
  let sent = 0;
  let lastRequest = "";
  const started = Date.now();
  try {
    await fc.assert(
      fc.asyncProperty(caseArb(ids), async (c) => {
        const url = urlOf(c);
        const headers: Record<string, string> = { "X-Forwarded-For": `10.${(c.address >> 8) & 255}.${c.address & 255}.${(sent % 250) + 1}` };
        if (c.contentType) headers["Content-Type"] = c.contentType;
        if (c.accept) headers.Accept = c.accept;
        if (c.acceptLanguage) headers["Accept-Language"] = c.acceptLanguage;
        if (c.auth === "session") {
          headers["Sec-Fetch-Site"] = "same-origin";
          headers.Origin = base;
        }
        if (c.auth === "session-cross-site") headers["Sec-Fetch-Site"] = "cross-site";
        if (c.auth === "bearer") headers.Authorization = `Bearer ${accessToken}`;
        const client = c.auth.startsWith("session") ? session : anonymous;
        const data = c.body.size ? Buffer.alloc(c.body.size, "a") : c.body.data;
        const hasBody = c.method !== "GET" && c.method !== "HEAD" && data !== undefined;
        lastRequest = `${c.method} ${url.slice(0, 300)} (${c.auth}, ${c.contentType ?? "no type"}, body ${c.body.kind} ${data?.length ?? 0} bytes)`;
        const response = await client.fetch(url, {
          method: c.method,
          headers,
          data: hasBody ? data : undefined,
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 20_000,
        });
        sent++;
        reached.add(c.route.file);
        statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
        const status = response.status();
        if (status >= 500) {
          const text = (await response.text()).slice(0, 300);
          throw new Error(`${status} for ${lastRequest} [${c.route.file}]: ${text}`);
        }
        // Signing out (or anything that ended the session) must not end the fuzzing signed in.
        if (c.auth.startsWith("session") && (url.startsWith("/logout") || sent % 100 === 0)) {
          const cookies = (await session.storageState()).cookies;
          if (!cookies.some((cookie) => cookie.name === "__session" && cookie.value)) await signIn();
        }
      }),
      { numRuns: RUNS, seed, endOnFailure: true, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = `${cause instanceof Error ? cause.message : ""}\n${(error as Error).message.slice(0, 3000)}`;
    throw new Error(`Fuzzing failed (replay with FUZZ_SEED=${seed}) after ${sent} requests; last: ${lastRequest}\n${detail}`);
  } finally {
    console.log(`fuzz: seed ${seed}, ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s over ${ROUTES.length} route files; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    await session.dispose();
    await anonymous.dispose();
  }
  expect(sent).toBeGreaterThan(Math.min(RUNS, 300));
  expect(ROUTES.filter(isApi).length).toBeGreaterThan(10);
  // Every route file was tried.
  if (sent >= 1000) expect(ROUTES.map((route) => route.file).filter((file) => !reached.has(file))).toEqual([]);
});
