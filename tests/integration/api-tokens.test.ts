// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// API tokens for integrations and Idempotency-Key on POST /api/vacations
// (docs/decisions/0033-api-tokens-and-idempotency.md): the settings tab's actions (create, list,
// revoke with its question; an employee's 403 and another company's id 404, nothing changed);
// bearer fol_ tokens on /api (a GET works, a read-only token's write is a 403, a revoked token a
// 401, an admin token's write audited as the token, last use noted once a minute, never on pages);
// idempotent retries (same answer and one row, a different body 422, concurrent retries one row).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, todayIn, yearOf } from "~/lib/dates";
import { MAX_ACTIVE_API_TOKENS } from "~/models/integration-token.server";
import { loader as auditPage } from "~/routes/_app.audit";
import { action as apiTokensAction, loader as apiTokensLoader } from "~/routes/_app.company-settings.api-tokens/route";
import { loader as auditExport } from "~/api/audit.export";
import { loader as auditSearch } from "~/api/audit.search";
import { action as deleteAccountApi } from "~/api/billing.delete-account";
import { loader as teamApi } from "~/api/teams.$id";
import { action as teamsApi, loader as teamsList } from "~/api/teams._index";
import { loader as meApi } from "~/api/users.me";
import { action as vacationsApi } from "~/api/vacations._index";
import { action as loginAction } from "~/routes/login";
import { loader as personSummary } from "~/routes/people.$userId.summary";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
interface Reply {
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> } | null;
  result?: { error?: Record<string, string[] | null> };
  confirm?: { fields: Record<string, string> };
  issued?: { id: string; name: string; secret: string };
}

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let acme: string;
let globex: string;
let monday: string;

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function form(fields: Record<string, string>, cookie = cookies.owner) {
  return unwrapData<Reply>(await run(() => apiTokensAction(args(postForm("/company-settings/api-tokens", fields, cookie)))));
}

async function tab(cookie = cookies.owner) {
  return apiTokensLoader(args(getRequest("/company-settings/api-tokens", cookie)));
}

/** A new token made on the tab; its secret. */
async function issue(name: string, role: "read" | "admin", cookie = cookies.owner) {
  const { value, status } = await form({ intent: "apiTokens.create", name, role }, cookie);
  expect(status, JSON.stringify(value)).toBe(200);
  return value.issued!;
}

function api(path: string, method: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
const tokenRow = (id: string) => getDb().integrationToken.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await resetRateLimits();
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  const owner = await createUser(acme, { role: "owner", email: "owner@tokens.test", fullName: "Olga Owner" });
  const admin = await createUser(acme, { role: "admin", email: "admin@tokens.test", fullName: "Ana Admin" });
  const employee = await createUser(acme, { email: "eve@tokens.test", fullName: "Eve Employee" });
  const team = await createTeam(acme, "Ops", [admin.id]);
  await getDb().user.updateMany({ where: { id: { in: [owner.id, admin.id, employee.id] } }, data: { teamId: team.id } });
  const gOwner = await createUser(globex, { role: "owner", email: "owner@globex-tokens.test" });
  const gTeam = await createTeam(globex, "Globex team");
  Object.assign(ids, { owner: owner.id, admin: admin.id, employee: employee.id, team: team.id, gOwner: gOwner.id, gTeam: gTeam.id });
  cookies.owner = await signIn("owner@tokens.test");
  cookies.admin = await signIn("admin@tokens.test");
  cookies.employee = await signIn("eve@tokens.test");
  cookies.gOwner = await signIn("owner@globex-tokens.test");
  monday = `${yearOf(todayIn("Europe/Lisbon")) + 1}-02-01`;
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, 1);
});
beforeEach(() => resetRateLimits());

describe("the API tokens tab", () => {
  it("creates a named token, shows its secret once, keeps only its hash, and audits it", async () => {
    const issued = await issue("Payroll export", "read");
    expect(issued.secret).toMatch(/^fol_[A-Za-z0-9_-]{43}$/);
    const row = await tokenRow(issued.id);
    expect(row).toMatchObject({ companyId: acme, name: "Payroll export", role: "read", createdById: ids.owner, tokenHash: hashToken(issued.secret), lastFour: issued.secret.slice(-4), revokedAt: null });
    expect(JSON.stringify(row)).not.toContain(issued.secret);
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "api_token.created", entityId: issued.id } });
    expect(audit.actorId).toBe(ids.owner);
    expect(JSON.parse(audit.details)).toEqual({ name: { old: null, new: "Payroll export" }, role: { old: null, new: "read" } });
    expect(audit.details).not.toContain(issued.secret);

    const listed = (await tab()).tokens.find((token) => token.id === issued.id)!;
    expect(listed).toMatchObject({ name: "Payroll export", role: "read", createdBy: "Olga Owner", hint: `fol_…${issued.secret.slice(-4)}`, lastUsed: null, working: true });
    // The secret is never in the page again.
    expect(JSON.stringify(await tab())).not.toContain(issued.secret);
  });

  it("refuses an empty name, a name in use, a wrong role and a 21st token, next to the field or as a notice", async () => {
    const empty = await form({ intent: "apiTokens.create", name: "  ", role: "read" });
    expect(empty.status).toBe(400);
    expect(empty.value.result?.error?.name).toEqual(["apiTokens.validation.nameRequired"]);
    const role = await form({ intent: "apiTokens.create", name: "Bad role", role: "owner" });
    expect(role.status).toBe(400);
    expect(role.value.result?.error?.role).toEqual(["apiTokens.validation.roleRequired"]);
    await issue("Duplicate", "read");
    const taken = await form({ intent: "apiTokens.create", name: "duplicate", role: "admin" });
    expect(taken.status).toBe(409);
    expect(taken.value.result?.error?.name).toEqual(["apiTokens.errors.nameTaken"]);

    const inUse = (await tab()).tokens.length;
    for (let i = inUse; i < MAX_ACTIVE_API_TOKENS; i++) await issue(`Filler ${i}`, "read");
    expect((await tab()).tokens).toHaveLength(MAX_ACTIVE_API_TOKENS);
    const over = await form({ intent: "apiTokens.create", name: "One too many", role: "read" });
    expect(over.status).toBe(409);
    expect(over.value.notice).toMatchObject({ tone: "error", key: "apiTokens.errors.createFailed", detail: "apiTokens.errors.limit", values: { max: "20" } });
    // Revoking frees a place (and the fillers go, for the tests below).
    const fillers = (await tab()).tokens.filter((token) => token.name.startsWith("Filler") || token.name === "Duplicate");
    for (const token of fillers) expect((await form({ intent: "apiTokens.revoke", tokenId: token.id, confirmed: "1" })).status).toBe(200);
    expect((await tab()).tokens.length).toBeLessThan(MAX_ACTIVE_API_TOKENS);
  });

  it("asks before revoking, then revokes for good (any company admin may) and audits it", async () => {
    const issued = await issue("To revoke", "admin");
    const asked = await form({ intent: "apiTokens.revoke", tokenId: issued.id }, cookies.admin);
    expect(asked.status).toBe(200);
    expect(asked.value.confirm?.fields).toMatchObject({ intent: "apiTokens.revoke", tokenId: issued.id });
    expect((await tokenRow(issued.id)).revokedAt).toBeNull();

    const done = await form({ intent: "apiTokens.revoke", tokenId: issued.id, confirmed: "1" }, cookies.admin);
    expect(done.value.notice).toMatchObject({ tone: "success", key: "apiTokens.notices.revoked", values: { name: "To revoke" } });
    expect(await tokenRow(issued.id)).toMatchObject({ revokedById: ids.admin });
    expect((await tab()).tokens.map((token) => token.id)).not.toContain(issued.id);
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "api_token.revoked", entityId: issued.id } });
    expect(audit.actorId).toBe(ids.admin);
    expect(JSON.parse(audit.details)).toMatchObject({ name: "To revoke", role: "admin", revoked_at: { old: null } });

    const again = await form({ intent: "apiTokens.revoke", tokenId: issued.id, confirmed: "1" });
    expect(again.status).toBe(404);
  });

  it("refuses an employee (403) and another company's token id (404), changing nothing", async () => {
    const page = await run(() => apiTokensLoader(args(getRequest("/company-settings/api-tokens", cookies.employee))));
    expect((page as Response).status).toBe(403);
    const before = await getDb().integrationToken.count();
    const created = await form({ intent: "apiTokens.create", name: "Sneaky", role: "admin" }, cookies.employee);
    expect(created.status).toBe(403);
    const mine = await issue("Acme only", "read");
    const revoked = await form({ intent: "apiTokens.revoke", tokenId: mine.id, confirmed: "1" }, cookies.employee);
    expect(revoked.status).toBe(403);

    const theirs = await issue("Globex sync", "admin", cookies.gOwner);
    for (const confirmed of ["", "1"]) {
      const foreign = await form({ intent: "apiTokens.revoke", tokenId: theirs.id, ...(confirmed ? { confirmed } : {}) });
      expect(foreign.status).toBe(404);
      expect(foreign.value.confirm).toBeUndefined();
    }
    expect((await tokenRow(theirs.id)).revokedAt).toBeNull();
    expect((await tokenRow(mine.id)).revokedAt).toBeNull();
    expect(await getDb().integrationToken.count()).toBe(before + 2);
    expect((await tab()).tokens.map((token) => token.id)).not.toContain(theirs.id);
  });
});

describe("requests with an API token", () => {
  it("reads as the token's creator within the company: a GET works, another company's id is a 404", async () => {
    const { secret } = await issue("Reader", "read");
    const me = await meApi(args(api("/api/users/me", "GET", bearer(secret))));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: ids.owner, email: "owner@tokens.test" });
    const teams = await teamsList(args(api("/api/teams", "GET", bearer(secret))));
    expect(teams.status).toBe(200);
    expect(((await teams.json()) as Json[]).map((team) => team.id)).toEqual([ids.team]);
    const foreign = await teamApi(args(api(`/api/teams/${ids.gTeam}`, "GET", bearer(secret)), { id: ids.gTeam }));
    expect(foreign.status).toBe(404);
  });

  it("refuses any write of a read-only token with a 403 {detail}, changing nothing", async () => {
    const { secret } = await issue("Read only", "read");
    const before = await getDb().team.count({ where: { companyId: acme } });
    const response = await teamsApi(args(api("/api/teams", "POST", bearer(secret), { name: "Made by a reader" })));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: "This API token is read-only: it cannot make changes." });
    const pt = await teamsApi(args(api("/api/teams", "POST", { ...bearer(secret), "Accept-Language": "pt" }, { name: "Made by a reader" })));
    expect(((await pt.json()) as Json).detail).toBe("Este token de API é só de leitura: não pode fazer alterações.");
    expect(await getDb().team.count({ where: { companyId: acme } })).toBe(before);
  });

  it("audits an admin token's write as the token, beside its creator, on the screen, the API and the CSV", async () => {
    const { id, secret } = await issue("HR sync", "admin");
    const response = await teamsApi(args(api("/api/teams", "POST", bearer(secret), { name: "Made by HR sync" })));
    expect(response.status).toBe(201);
    const team = (await response.json()) as Json;
    const entry = await getDb().auditEntry.findFirstOrThrow({ where: { action: "team.created", entityId: String(team.id) } });
    expect(entry).toMatchObject({ actorId: ids.owner, apiTokenId: id });
    // The same person through the browser: no token.
    const own = await teamsApi(args(api("/api/teams", "POST", { Cookie: cookies.owner, Origin: "http://localhost" }, { name: "Made by Olga" })));
    const ownTeam = (await own.json()) as Json;
    expect((await getDb().auditEntry.findFirstOrThrow({ where: { action: "team.created", entityId: String(ownTeam.id) } })).apiTokenId).toBeNull();

    const search = await auditSearch(args(api("/api/audit/search?action=team.created", "GET", { Cookie: cookies.owner })));
    const items = ((await search.json()) as { items: Json[] }).items;
    expect(items.find((item) => item.entity_id === team.id)).toMatchObject({ user_id: ids.owner, api_token: { id, name: "HR sync" } });
    expect(items.find((item) => item.entity_id === ownTeam.id)).toMatchObject({ api_token: null });

    const page = await auditPage(args(getRequest("/audit?action=team.created", cookies.owner)));
    expect(page.entries.find((e) => e.about === "Made by HR sync")).toMatchObject({ actor: { name: "Olga Owner" }, apiToken: "HR sync" });

    const csv = await auditExport(args(api("/api/audit/export?action=team.created", "GET", { Cookie: cookies.owner })));
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0].endsWith(",API token")).toBe(true);
    expect(lines.find((line) => line.includes(String(team.id)))?.endsWith(",HR sync")).toBe(true);
  });

  it("acts with a company admin's rights at most: an owner's token cannot ask to delete the account", async () => {
    const { secret } = await issue("Owner's admin token", "admin");
    const response = await deleteAccountApi(args(api("/api/billing/delete-account", "POST", bearer(secret), {})));
    expect(response.status).toBe(403);
    expect((await getDb().company.findUniqueOrThrow({ where: { id: acme } })).deletionRequestedAt).toBeNull();
  });

  it("stops at once when revoked (401), and while its creator is no admin or deactivated", async () => {
    const { id, secret } = await issue("Short-lived", "admin", cookies.admin);
    expect((await meApi(args(api("/api/users/me", "GET", bearer(secret))))).status).toBe(200);
    await getDb().user.update({ where: { id: ids.admin }, data: { role: "user" } });
    expect((await meApi(args(api("/api/users/me", "GET", bearer(secret))))).status).toBe(401);
    expect((await tab()).tokens.find((token) => token.id === id)?.working).toBe(false);
    await getDb().user.update({ where: { id: ids.admin }, data: { role: "admin" } });
    expect((await meApi(args(api("/api/users/me", "GET", bearer(secret))))).status).toBe(200);
    await getDb().user.update({ where: { id: ids.admin }, data: { deactivatedAt: new Date() } });
    expect((await meApi(args(api("/api/users/me", "GET", bearer(secret))))).status).toBe(401);
    await getDb().user.update({ where: { id: ids.admin }, data: { deactivatedAt: null } });

    expect((await form({ intent: "apiTokens.revoke", tokenId: id, confirmed: "1" })).status).toBe(200);
    const refused = await meApi(args(api("/api/users/me", "GET", bearer(secret))));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toHaveProperty("detail");
    for (const wrong of ["fol_", "fol_nope", `${secret}x`, `fol_${"A".repeat(43)}`]) {
      expect((await meApi(args(api("/api/users/me", "GET", bearer(wrong))))).status, wrong).toBe(401);
    }
  });

  it("notes the last use at most once a minute", async () => {
    const { id, secret } = await issue("Poller", "read");
    await meApi(args(api("/api/users/me", "GET", bearer(secret))));
    const first = (await tokenRow(id)).lastUsedAt;
    expect(first).not.toBeNull();
    await meApi(args(api("/api/users/me", "GET", bearer(secret))));
    expect((await tokenRow(id)).lastUsedAt).toEqual(first);
    const earlier = new Date(Date.now() - 61_000);
    await getDb().integrationToken.update({ where: { id }, data: { lastUsedAt: earlier } });
    await meApi(args(api("/api/users/me", "GET", bearer(secret))));
    expect((await tokenRow(id)).lastUsedAt!.getTime()).toBeGreaterThan(earlier.getTime());
    expect((await tab()).tokens.find((token) => token.id === id)?.lastUsed).not.toBeNull();
  });

  it("is never accepted on pages: a page's JSON and an HTML page treat it as signed out", async () => {
    const { secret } = await issue("Not for pages", "admin");
    const summary = await personSummary(args(getRequest(`/people/${ids.owner}/summary`, undefined, bearer(secret)), { userId: ids.owner }));
    expect(summary.status).toBe(401);
    const page = await run(() => apiTokensLoader(args(getRequest("/company-settings/api-tokens", undefined, bearer(secret)))));
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("Idempotency-Key on POST /api/vacations", () => {
  const vacation = (offsetWeeks: number, description = "Training") => ({
    start_date: addDays(monday, 7 * offsetWeeks),
    end_date: addDays(monday, 7 * offsetWeeks + 1),
    description,
    absence_category_id: "training",
  });
  const post = (headers: Record<string, string>, body: unknown) => vacationsApi(args(api("/api/vacations", "POST", headers, body)));
  const rowsFrom = (userId: string, startDate: string) => getDb().vacation.count({ where: { userId, startDate } });

  it("answers a retry with the first answer (same status and body), creating one request", async () => {
    const { secret } = await issue("Retrying client", "admin");
    const headers = { ...bearer(secret), "Idempotency-Key": "retry-1" };
    const first = await post(headers, vacation(1));
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const body = await first.text();
    // Re-serialised with its keys in another order, the same request.
    const reordered = Object.fromEntries(Object.entries(vacation(1)).reverse());
    const retry = await post(headers, reordered);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.text()).toBe(body);
    expect(await rowsFrom(ids.owner, vacation(1).start_date)).toBe(1);
    expect(await getDb().auditEntry.count({ where: { action: "vacation.created", entityId: String(JSON.parse(body).id) } })).toBe(1);
  });

  it("refuses the same key with a different body (422, translated), creating nothing", async () => {
    const { secret } = await issue("Sloppy client", "admin");
    expect((await post({ ...bearer(secret), "Idempotency-Key": "reused" }, vacation(3))).status).toBe(201);
    const other = await post({ ...bearer(secret), "Idempotency-Key": "reused" }, vacation(5));
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ detail: "This Idempotency-Key was already used with a different request. Send a new key with each new request." });
    const pt = await post({ ...bearer(secret), "Idempotency-Key": "reused", "Accept-Language": "pt" }, vacation(5));
    expect(((await pt.json()) as Json).detail).toBe("Esta Idempotency-Key já foi usada com um pedido diferente. Envie uma chave nova em cada pedido novo.");
    expect(await rowsFrom(ids.owner, vacation(5).start_date)).toBe(0);
  });

  it("lets concurrent requests with one key create one request; the others are told to retry (409)", async () => {
    const headers = { Cookie: cookies.employee, Origin: "http://localhost", "Idempotency-Key": "burst" };
    const answers = await Promise.all([0, 1, 2, 3].map(() => post(headers, vacation(7))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.headers.get("Retry-After")).toBe("1");
      expect(((await answer.json()) as Json).detail).toBe("A request with this Idempotency-Key is still being processed. Retry in a moment with the same key.");
    }
    expect(await rowsFrom(ids.employee, vacation(7).start_date)).toBe(1);
    const created = await answers.find((answer) => answer.status === 201)!.json();
    const later = await post(headers, vacation(7));
    expect(later.status).toBe(201);
    expect(await later.json()).toEqual(created);
  });

  it("scopes keys by caller: the same key of another person, or of a token, is theirs", async () => {
    const { secret } = await issue("Scoped", "admin");
    const key = { "Idempotency-Key": "shared-key" };
    expect((await post({ Cookie: cookies.employee, Origin: "http://localhost", ...key }, vacation(9))).status).toBe(201);
    // The owner's token: another caller, so its own request (and a different body is no 422).
    expect((await post({ ...bearer(secret), ...key }, vacation(11))).status).toBe(201);
    expect((await post({ Cookie: cookies.owner, Origin: "http://localhost", ...key }, vacation(13))).status).toBe(201);
    expect(await getDb().idempotencyKey.count({ where: { key: "shared-key" } })).toBe(3);
  });

  it("keeps a refusal as the answer: a retry of a refused request gets the same refusal", async () => {
    const headers = { Cookie: cookies.employee, Origin: "http://localhost", "Idempotency-Key": "bad-dates" };
    const wrong = { ...vacation(15), end_date: addDays(monday, 7 * 15 - 3) };
    const first = await post(headers, wrong);
    expect(first.status).toBe(400);
    const again = await post(headers, wrong);
    expect(again.status).toBe(400);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
  });

  it("forgets keys after 24 hours and lets a retry take over a claim whose server died", async () => {
    const headers = { Cookie: cookies.employee, Origin: "http://localhost", "Idempotency-Key": "old" };
    expect((await post(headers, vacation(17))).status).toBe(201);
    await getDb().idempotencyKey.updateMany({ where: { key: "old" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // Expired: the key is free again, for any request.
    expect((await post(headers, vacation(19))).status).toBe(201);
    expect(await getDb().idempotencyKey.count({ where: { key: "old" } })).toBe(1);

    const dead = new Date(Date.now() - 10 * 60_000);
    const stuck = { ...headers, "Idempotency-Key": "stuck" };
    const { requestFingerprint } = await import("~/utils/idempotency.server");
    await getDb().idempotencyKey.create({
      data: { companyId: acme, caller: `user:${ids.employee}`, key: "stuck", fingerprint: requestFingerprint("POST", "http://localhost/api/vacations", JSON.stringify(vacation(21))), claimedAt: dead, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    expect((await post(stuck, vacation(21))).status).toBe(201);
    expect(await rowsFrom(ids.employee, vacation(21).start_date)).toBe(1);
  });

  it("refuses a malformed key with a 400 and runs requests without one as before", async () => {
    const cookie = { Cookie: cookies.employee, Origin: "http://localhost" };
    const long = await post({ ...cookie, "Idempotency-Key": "k".repeat(256) }, vacation(23));
    expect(long.status).toBe(400);
    expect(((await long.json()) as Json).detail).toBe("The Idempotency-Key header must have 1 to 255 printable ASCII characters.");
    expect(await rowsFrom(ids.employee, vacation(23).start_date)).toBe(0);
    expect((await post(cookie, vacation(23))).status).toBe(201);
  });
});
