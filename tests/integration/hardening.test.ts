// Findings of the probe of issue 9, each through the routes a person or a client uses.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkCredentials } from "~/models/credentials.server";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as apiLogin } from "~/api/auth.login";
import { action as upsertApi } from "~/api/reports.allowances.upsert";
import { action as createApi, loader as listApi } from "~/api/vacations._index";
import { loader as searchApi } from "~/api/vacations.search";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { getDb } from "~/utils/db.server";
import { action as languageAction } from "~/routes/language";
import { action as loginAction } from "~/routes/login";
import { deviceCookieHeader } from "~/utils/device-cookie.server";
import { AppError } from "~/utils/errors.server";
import { BACKOFFS, resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, unwrapData } from "../support/http";
import { testSmtp } from "../support/smtp";

let companyId: string;
let adminCookie = "";
let employeeToken = "";
let adminToken = "";
let employee: { id: string };

function call(path: string, method: string, token: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenFor(email: string) {
  const response = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
  return ((await response.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  companyId = (await createCompany("Hardened")).id;
  await createUser(companyId, { email: "rita@hardened.test", fullName: "Rita" });
  const admin = await createUser(companyId, { role: "admin", email: "hugo@hardened.test", fullName: "Hugo" });
  const team = await createTeam(companyId, "Shield", [admin.id]);
  employee = await createUser(companyId, { email: "ines@hardened.test", fullName: "Inês", teamId: team.id });
  await createUser(companyId, { email: "colleague@hardened.test", teamId: team.id });
  for (const year of [2027, 2028]) {
    await getDb().allowance.create({ data: { companyId, userId: employee.id, year, yearly: 200, residual: 0, specialLeave: 0 } });
  }
  adminCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "hugo@hardened.test", password: TEST_PASSWORD })))) as Response);
  adminToken = await tokenFor("hugo@hardened.test");
  employeeToken = await tokenFor("ines@hardened.test");
});
beforeEach(() => resetRateLimits());

describe("redirect after sign-in and language change", () => {
  const signIn = async (redirectTo: string) => {
    const response = (await loginAction(args(postForm("/login", { email: "rita@hardened.test", password: TEST_PASSWORD, redirectTo })))) as Response;
    return { status: response.status, location: response.headers.get("Location"), cookie: cookiesFrom(response) };
  };

  it("stays on this site for a tab, a line break or a backslash, and never fails after the session was made", async () => {
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "/\r\nSet-Cookie: a=b", "/\\evil.example", "/..//evil.example", "https:evil.example"]) {
      const result = await signIn(redirectTo);
      expect(result.status, JSON.stringify(redirectTo)).toBe(302);
      expect(result.location).toBe("/my-calendar");
      expect(result.cookie).toMatch(/__session=/);
    }
    expect((await signIn("/%09/evil.example")).location).toBe("/%09/evil.example");
    expect((await signIn("/vacations?status=pending")).location).toBe("/vacations?status=pending");
  });

  it("sends the language switch back only to a path of this site", async () => {
    for (const redirectTo of ["/\t/evil.example", "//evil.example", "/\r\n/x"]) {
      const response = (await languageAction(args(postForm("/language", { lng: "en", redirectTo })))) as Response;
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    const back = (await languageAction(args(postForm("/language", { lng: "en", redirectTo: "/login?checkEmail=1" })))) as Response;
    expect(back.headers.get("Location")).toBe("/login?checkEmail=1");
  });
});

describe("sign-in backoff instead of a lockout", () => {
  const email = "rita@hardened.test";
  const attempt = async (password: string, now: number, ip = "203.0.113.7") => {
    try {
      await checkCredentials(email, password, ip, now);
      return { status: 200, seconds: 0 };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: error.status, seconds: Number(error.params.seconds ?? 0) };
    }
  };

  it("lets the right password in after each wait, however many failures an attacker piles up", async () => {
    const t0 = Date.UTC(2027, 0, 4, 9);
    let now = t0;
    for (let i = 0; i < BACKOFFS.loginPerAccount.freeFailures; i++) expect((await attempt("wrong", now)).status).toBe(401);
    // From now on each failure doubles the wait: 1 s, 2 s, 4 s…, capped at five minutes.
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await attempt("wrong", now);
      expect(refused.status).toBe(429);
      waits.push(refused.seconds);
      now += refused.seconds * 1000;
      expect((await attempt("wrong", now)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    // The owner, a moment too early, is told how long to wait; then gets in.
    const early = await attempt(TEST_PASSWORD, now + 299_000);
    expect(early).toEqual({ status: 429, seconds: 1 });
    expect((await attempt(TEST_PASSWORD, now + 300_000)).status).toBe(200);
    // A success clears the account's count: the next mistake is an ordinary 401.
    expect((await attempt("wrong", now + 300_001)).status).toBe(401);
    expect((await attempt("wrong", now + 300_002)).status).toBe(401);
  });

  it("forgets failures after an hour", async () => {
    const t0 = Date.UTC(2027, 0, 4, 9);
    for (let i = 0; i < 8; i++) await attempt("wrong", t0 + i * 60_000);
    expect((await attempt(TEST_PASSWORD, t0 + 7 * 60_000 + 1)).status).toBe(429);
    expect((await attempt(TEST_PASSWORD, t0 + 7 * 60_000 + 60 * 60_000)).status).toBe(200);
  });

  it("also slows down one address guessing many accounts", async () => {
    const now = Date.UTC(2027, 0, 4, 9);
    for (let i = 0; i < BACKOFFS.loginPerAddress.freeFailures; i++) {
      await expect(checkCredentials(`nobody${i}@hardened.test`, "x", "198.51.100.1", now)).rejects.toMatchObject({ status: 401 });
    }
    await expect(checkCredentials("another@hardened.test", "x", "198.51.100.1", now)).rejects.toMatchObject({ status: 429 });
    // Another address is not affected.
    expect((await attempt(TEST_PASSWORD, now, "198.51.100.2")).status).toBe(200);
  });

  it("answers 429 with the wait in the API's detail, then 200 after it", async () => {
    const login = (password: string) =>
      apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en" }, body: JSON.stringify({ email, password }) })));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (let i = 0; i < BACKOFFS.loginPerAccount.freeFailures; i++) expect((await login("wrong")).status).toBe(401);
      const waiting = await login(TEST_PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.headers.get("Retry-After")).toBe("1");
      expect(await waiting.json()).toEqual({ detail: "Too many attempts. Wait 1 s and try again." });
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(TEST_PASSWORD)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

// Issue 38: knowing an e-mail must not let anyone keep its owner out. Every 429 says when to retry,
// and a client that signed in to the account before (its known-device cookie) is held only by its
// own failures (docs/decisions/0070-access-token-version-and-device-cookies.md).
describe("known-device cookies against a targeted sign-in wait", () => {
  const email = "rita@hardened.test";
  // The clock stands still, so each wait is exactly what the failures earned.
  beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => void vi.useRealTimers());
  const pageLogin = async (password: string, cookie?: string, ip = "203.0.113.20") => {
    const request = postForm("/login", { email, password }, cookie);
    request.headers.set("X-Client-IP", ip);
    const result = await loginAction(args(request));
    return result instanceof Response ? { status: result.status, headers: result.headers } : unwrapData(result);
  };
  const apiLoginWith = (password: string, cookie?: string, ip = "203.0.113.21") =>
    apiLogin(
      args(
        new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept-Language": "en", "X-Client-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify({ email, password }),
        }),
      ),
    );
  const deviceOf = (headers: Headers) => headers.getSetCookie().find((header) => header.startsWith("device="))?.split(";")[0] ?? "";
  /** An attacker (from addresses of their own) piles up failures until the account waits. */
  const lockOut = async () => {
    for (let i = 0; i < BACKOFFS.loginPerAccount.freeFailures + 3; i++) await pageLogin("wrong", undefined, `198.51.100.${50 + i}`);
  };

  it("answers the page's 429 with Retry-After, and lets the right password in from a browser that signed in there before", async () => {
    const first = await pageLogin(TEST_PASSWORD);
    expect(first.status).toBe(302);
    const device = deviceOf(first.headers);
    expect(device).toMatch(/^device=/);
    expect(first.headers.getSetCookie().find((header) => header.startsWith("device="))).toMatch(/HttpOnly/i);

    await lockOut();
    const stranger = await pageLogin(TEST_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);

    const known = await pageLogin(TEST_PASSWORD, device);
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/my-calendar");
  });

  it("does not let a forged, altered or another account's device cookie past the wait", async () => {
    const other = await deviceCookieHeader(getRequest("/login"), { id: employee.id, tokenVersion: 0 });
    const otherCookie = other.split(";")[0];
    const value = decodeURIComponent(otherCookie.slice("device=".length));
    const forged = `device=${encodeURIComponent(Buffer.from(JSON.stringify(value.replace(employee.id, "rita-id"))).toString("base64"))}`;
    await lockOut();
    for (const cookie of [otherCookie, forged, "device=garbage", undefined]) {
      const result = await pageLogin(TEST_PASSWORD, cookie);
      expect(result.status, cookie).toBe(429);
      expect(result.headers.get("Retry-After"), cookie).not.toBeNull();
    }
  });

  it("forgets what a device cookie proved once the account's credentials change (a password reset)", async () => {
    const device = deviceOf((await pageLogin(TEST_PASSWORD)).headers);
    expect(device).toMatch(/^device=/);
    // What a password reset does to the account's token version (decision 0070).
    await getDb().user.update({ where: { email }, data: { tokenVersion: { increment: 1 } } });
    await lockOut();
    const result = await pageLogin(TEST_PASSWORD, device);
    expect(result.status).toBe(429);
  });

  it("holds a known client only to its own failures on the API, which send the cookie back", async () => {
    const first = await apiLoginWith(TEST_PASSWORD);
    expect(first.status).toBe(200);
    const device = deviceOf(first.headers);
    expect(device).toMatch(/^device=/);
    await lockOut();
    const stranger = await apiLoginWith(TEST_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await apiLoginWith(TEST_PASSWORD, device)).status).toBe(200);
    // The known client's own mistakes still cost it: after its free failures, it waits too.
    for (let i = 0; i < BACKOFFS.loginPerDevice.freeFailures; i++) expect((await apiLoginWith("wrong", device, `192.0.2.${i}`)).status).toBe(401);
    const waiting = await apiLoginWith(TEST_PASSWORD, device, "192.0.2.99");
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("Retry-After")).toBe("1");
  });
});

describe("vacation dates", () => {
  it("refuses a request over nine millennia at once, with a message a person understands", async () => {
    const response = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "1000-01-06", end_date: "9999-12-30" })));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      detail: "Choose a date between 1 January 2000 and 31 December 2100.",
      fields: { start_date: "Choose a date between 1 January 2000 and 31 December 2100.", end_date: "Choose a date between 1 January 2000 and 31 December 2100." },
    });
    const tooLong = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-01-04", end_date: "2028-01-05" })));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { fields: Record<string, string> }).fields.end_date).toBe("An absence can last at most 366 days. Split a longer one into several requests.");
  });

  // That they stay fast is the working-days unit test (no day is walked) and `npm run bench`, not a timer here.
  it("keeps the company's pages working with a vacation stored before dates were bounded, even cancelled", async () => {
    await createVacation(companyId, employee.id, { startDate: "1000-01-06", endDate: "9999-12-30", status: "cancelled" });
    await createVacation(companyId, employee.id, { startDate: "1000-01-06", endDate: "9999-12-30", status: "pending" });
    for (const [name, load] of [
      ["absences", () => vacationsLoader(args(getRequest("/vacations", adminCookie)))],
      ["approvals", () => approvalsLoader(args(getRequest("/approvals", adminCookie)))],
      ["csv", () => exportCsv(args(getRequest("/vacations.export.csv?scope=company", adminCookie)))],
      ["absences filtered over 1000–9999", () => vacationsLoader(args(getRequest("/vacations?from=1000-01-01&to=9999-12-31", adminCookie)))],
      ["search", () => searchApi(args(call("/api/vacations/search?user_id=" + employee.id, "GET", adminToken)))],
      ["list", () => listApi(args(call("/api/vacations", "GET", employeeToken)))],
    ] as const) {
      const result = await load();
      if (result instanceof Response) expect(result.status, name).toBe(200);
    }
    const csv = await (await exportCsv(args(getRequest("/vacations.export.csv?scope=company", adminCookie)))).text();
    // 9000 years of weekdays less nothing: counted, not walked.
    expect(csv).toMatch(/1000-01-06.*9999-12-30/);
    await getDb().vacation.deleteMany({ where: { companyId, startDate: "1000-01-06" } });
  });

  it("answers 400 to a search over 1000–9999, fast", async () => {
    const response = await searchApi(args(call("/api/vacations/search?date_from=1000-01-01&date_to=9999-12-31", "GET", adminToken)));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({
      date_from: "Choose a date between 1 January 2000 and 31 December 2100.",
      date_to: "Choose a date between 1 January 2000 and 31 December 2100.",
    });
  });
});

describe("custom notification recipients", () => {
  const outside = (from: number, n: number) => Array.from({ length: n }, (_, i) => `stranger${from + i}@elsewhere.test`);
  let week = 0;
  // Each request on its own week of 2027, so none overlaps another.
  const request = (emails: string[]) => {
    const monday = new Date(Date.UTC(2027, 0, 4 + 7 * week++));
    const day = (offset: number) => new Date(monday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    return createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: day(0), end_date: day(1), notification_recipients: { type: "custom", emails } })));
  };

  it("refuses more than 10 addresses in one request", async () => {
    const response = await request(outside(0, 60));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe("Enter at most 10 e-mails to notify.");
  });

  it("mails at most 30 outside addresses per person per hour, refusing the request that would pass it", async () => {
    for (let i = 0; i < 3; i++) expect((await request(outside(100 + i * 10, 10))).status).toBe(201);
    // Counted when sent: wait for all thirty, whatever order the queue delivers them in.
    for (let i = 100; i < 130; i++) await testSmtp().waitForMail(`stranger${i}@elsewhere.test`, /Inês/);
    const refused = await request(outside(200, 1));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^You have had many e-mails sent to addresses outside the company in the last hour\. .* try again in \d+ minutes\.$/);
    expect(await getDb().vacation.count({ where: { companyId, userId: employee.id, notificationRecipients: { contains: "stranger200@" } } })).toBe(0);
    // Colleagues are not outside addresses.
    expect((await request(["colleague@hardened.test", "hugo@hardened.test"])).status).toBe(201);
  });
});

describe("allowance upsert", () => {
  it("answers 400 with the spec message for null, empty or a list, and leaves the stored allowance alone", async () => {
    const upsert = (fields: Record<string, unknown>) =>
      upsertApi(args(call("/api/reports/allowances/upsert", "POST", adminToken, { userId: employee.id, year: 2027, yearlyAllowance: 25, residualAllowance: 1, specialLeaveAllowance: 2, ...fields })));
    expect((await upsert({})).status).toBe(200);
    for (const [field, message] of [
      ["yearlyAllowance", "Invalid value for Yearly Allowance."],
      ["residualAllowance", "Invalid value for Residual."],
      ["specialLeaveAllowance", "Invalid value for Special Leave."],
    ]) {
      for (const bad of [null, "", [], "  "]) {
        const response = await upsert({ [field]: bad });
        expect(response.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
        expect(((await response.json()) as { detail: string }).detail).toBe(message);
      }
    }
    const stored = await getDb().allowance.findFirstOrThrow({ where: { companyId, userId: employee.id, year: 2027 } });
    expect([stored.yearly, stored.residual, stored.specialLeave]).toEqual([25, 1, 2]);
  });
});

describe("every /api route", () => {
  // The operations (app/api) and the Remix routes under /api (the table's route, the docs page).
  const files = [
    ...readdirSync(path.resolve("app/api"))
      .filter((file) => !file.endsWith(".server.ts"))
      .map((file) => path.join("app/api", file)),
    ...readdirSync(path.resolve("app/routes"))
      .filter((file) => file.startsWith("api."))
      .map((file) => path.join("app/routes", file)),
  ];

  it("exports a loader and an action, so any method gets the API's {detail}, not Remix's error", async () => {
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const route = (await import(path.resolve(file))) as { loader?: unknown; action?: unknown };
      expect(typeof route.loader, `${file} loader`).toBe("function");
      expect(typeof route.action, `${file} action`).toBe("function");
    }
  });

  it("answers a method it does not serve with a translated 405 naming the ones it does", async () => {
    const login = (await import("~/api/auth.login")) as { loader: (a: ReturnType<typeof args>) => Promise<Response> };
    const readOnly = (await import("~/api/users.me")) as { action: (a: ReturnType<typeof args>) => Promise<Response> };
    const get = await login.loader(args(getRequest("/api/auth/login", undefined, { "Accept-Language": "en" })));
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await get.json()).toEqual({ detail: "This address does not accept this kind of request." });
    const post = await readOnly.action(args(new Request("http://localhost/api/users/me", { method: "POST", headers: { "Accept-Language": "en" } })));
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    // The path's methods, from the API document: /api/vacations lists (GET) and creates (POST).
    const put = await createApi(args(call("/api/vacations", "PUT", employeeToken, {})));
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, HEAD, POST");
  });
});
