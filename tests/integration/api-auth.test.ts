import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as apiLogin } from "~/api/auth.login";
import { action as apiLogout } from "~/api/auth.logout";
import { action as apiRefresh } from "~/api/auth.refresh";
import { action as apiRegister } from "~/api/auth.register-company";
import { loader as companiesAll } from "~/api/companies.all";
import { loader as companiesMe } from "~/api/companies.me";
import { action as apiMeLanguage } from "~/api/users.me.language";
import { loader as apiMe } from "~/api/users.me";
import { loader as usersIndex } from "~/api/users._index";
import { action as userAction, loader as userLoader } from "~/api/users.$id";
import { loader as notFound } from "~/routes/api.$";
import { action as resetPasswordAction } from "~/routes/reset-password";
import { createUserToken } from "~/models/user-token.server";
import { ACCESS_TOKEN_TTL_SECONDS } from "~/utils/jwt.server";
import { getDb } from "~/utils/db.server";
import { hashToken } from "~/utils/tokens.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, postForm } from "../support/http";

function json(path: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function login(email: string, password = TEST_PASSWORD) {
  const response = await apiLogin(args(json("/api/auth/login", "POST", { email, password })));
  return { status: response.status, body: (await response.json()) as { access_token: string; refresh_token: string; user: { id: string; role: string }; detail?: string } };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

let acmeId: string;
let acmeAdmin: { id: string; email: string };
let acmeEmployee: { id: string; email: string };
let globexOwner: { id: string; email: string };

beforeAll(async () => {
  acmeId = (await createCompany("Acme")).id;
  acmeAdmin = await createUser(acmeId, { role: "admin", email: "admin@acme.test", fullName: "Ada Admin" });
  acmeEmployee = await createUser(acmeId, { email: "emp@acme.test", fullName: "Emil Employee" });
  const globexId = (await createCompany("Globex")).id;
  globexOwner = await createUser(globexId, { role: "owner", email: "hank@globex.test", isMaster: false });
});
beforeEach(() => resetRateLimits());

describe("API sign-in", () => {
  it("answers access_token, refresh_token and the user", async () => {
    const { status, body } = await login("ADMIN@acme.test");
    expect(status).toBe(200);
    expect(body.access_token.split(".")).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(body.user).toMatchObject({ id: acmeAdmin.id, email: "admin@acme.test", full_name: "Ada Admin", role: "admin", is_admin: true });
    const me = await apiMe(args(json("/api/users/me", "GET", undefined, bearer(body.access_token))));
    expect(await me.json()).toMatchObject({ id: acmeAdmin.id, company: { name: "Acme" } });
  });

  it("refuses wrong credentials and missing fields with JSON details", async () => {
    const wrong = await login("admin@acme.test", "nope");
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe("Wrong e-mail or password.");
    const empty = await apiLogin(args(json("/api/auth/login", "POST", {})));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ fields: { email: "Enter your e-mail.", password: "Enter your password." } });
    const garbage = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" })));
    expect(garbage.status).toBe(400);
  });

  it("rejects forged, expired-looking and absent tokens with 401", async () => {
    for (const headers of [{}, bearer("abc.def.ghi"), bearer("")]) {
      const response = await apiMe(args(json("/api/users/me", "GET", undefined, headers)));
      expect(response.status).toBe(401);
      expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    }
  });

  it("rotates refresh tokens, and a reused one revokes the whole family", async () => {
    const first = (await login("emp@acme.test")).body;
    const refreshed = await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: first.refresh_token })));
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { refresh_token: string; access_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);

    // The old token again: treated as stolen, and the new one dies with it.
    expect((await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: first.refresh_token })))).status).toBe(401);
    expect((await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: second.refresh_token })))).status).toBe(401);
  });

  it("refuses a refresh token whose family was revoked while its rotation was under way", async () => {
    const first = (await login("emp@acme.test")).body;
    const refreshed = await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: first.refresh_token })));
    const second = (await refreshed.json()) as { refresh_token: string };
    // What a reuse of `first` leaves when it revokes the family just before the rotation above
    // inserts `second`: the family revoked, `second` not (it did not exist yet).
    const row = await getDb().refreshToken.findFirstOrThrow({ where: { tokenHash: hashToken(first.refresh_token) } });
    await getDb().refreshToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    expect((await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: second.refresh_token })))).status).toBe(401);
    expect(await getDb().refreshToken.count({ where: { familyId: row.familyId, revokedAt: null } })).toBe(0);
  });

  it("logout revokes the refresh token", async () => {
    const { body } = await login("emp@acme.test");
    expect((await apiLogout(args(json("/api/auth/logout", "POST", { refresh_token: body.refresh_token })))).status).toBe(204);
    expect((await apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: body.refresh_token })))).status).toBe(401);
  });

  it("registers a company without tokens (verification first), and refuses duplicates", async () => {
    const created = await apiRegister(args(json("/api/auth/register-company", "POST", { companyName: "Api Co", fullName: "Api Owner", email: "owner@apico.test", password: "longenough" })));
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ ok: true, verification_required: true });
    expect(body.access_token).toBeUndefined();
    expect((await login("owner@apico.test", "longenough")).status).toBe(403);
    const duplicate = await apiRegister(args(json("/api/auth/register-company", "POST", { companyName: "Again", fullName: "X", email: "owner@apico.test", password: "longenough" })));
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ detail: "There is already an account with this e-mail." });
  });

  it("stores the language preference", async () => {
    const { body } = await login("emp@acme.test");
    const response = await apiMeLanguage(args(json("/api/users/me/language", "PATCH", { language: "es" }, bearer(body.access_token))));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: acmeEmployee.id, preferred_language: "es" });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: acmeEmployee.id } })).preferredLanguage).toBe("es");
    const bad = await apiMeLanguage(args(json("/api/users/me/language", "PATCH", { language: "fr" }, bearer(body.access_token))));
    expect(bad.status).toBe(400);
  });

  it("answers unknown /api paths with JSON 404", async () => {
    const response = await notFound(args(json("/api/nope", "GET")));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: "Not found." });
  });
});

// Issue 38: an access token lives 15 minutes, but not past the end of the person's credentials.
describe("access tokens end with the person's credentials", () => {
  const me = (accessToken: string) => apiMe(args(json("/api/users/me", "GET", undefined, bearer(accessToken))));
  const refresh = (refreshToken: string) => apiRefresh(args(json("/api/auth/refresh", "POST", { refresh_token: refreshToken })));

  it("refuses an access token issued before a password reset, at once", async () => {
    const before = (await login("emp@acme.test")).body;
    expect((await me(before.access_token)).status).toBe(200);
    const token = await getDb().$transaction((tx) => createUserToken(tx, acmeEmployee.id, "password_reset"));
    const reset = (await resetPasswordAction(args(postForm("/reset-password", { token, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD })))) as Response;
    expect(reset.headers.get("Location")).toBe("/login?reset=1");
    expect((await me(before.access_token)).status).toBe(401);
    // A sign-in after the reset carries the new version.
    expect((await me((await login("emp@acme.test")).body.access_token)).status).toBe(200);
  });

  it("refuses the person's access tokens at once when a refresh token is reused; other sign-ins refresh to carry on", async () => {
    const stolen = (await login("emp@acme.test")).body;
    const elsewhere = (await login("emp@acme.test")).body;
    const rotated = (await (await refresh(stolen.refresh_token)).json()) as { access_token: string; refresh_token: string };
    expect((await me(rotated.access_token)).status).toBe(200);
    expect((await refresh(stolen.refresh_token)).status).toBe(401);
    for (const accessToken of [stolen.access_token, rotated.access_token, elsewhere.access_token]) expect((await me(accessToken)).status).toBe(401);
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
    // The other sign-in's refresh token was not the leaked one's family: it still trades for a token that works.
    const carriedOn = (await (await refresh(elsewhere.refresh_token)).json()) as { access_token: string };
    expect((await me(carriedOn.access_token)).status).toBe(200);
  });

  it("after an ordinary sign-out, lets the access token run out its 15 minutes (docs/decisions/0070)", async () => {
    const { body } = await login("emp@acme.test");
    expect((await apiLogout(args(json("/api/auth/logout", "POST", { refresh_token: body.refresh_token })))).status).toBe(204);
    expect((await me(body.access_token)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
      expect((await me(body.access_token)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("users API and roles", () => {
  it("lists only colleagues, reads one, and lets people rename themselves", async () => {
    const { body } = await login("emp@acme.test");
    const list = (await (await usersIndex(args(json("/api/users", "GET", undefined, bearer(body.access_token))))).json()) as { email: string }[];
    expect(list.map((u) => u.email).sort()).toEqual(["admin@acme.test", "emp@acme.test"]);
    const one = await userLoader(args(json(`/api/users/${acmeAdmin.id}`, "GET", undefined, bearer(body.access_token)), { id: acmeAdmin.id }));
    expect(await one.json()).toMatchObject({ full_name: "Ada Admin" });
    const renamed = await userAction(args(json(`/api/users/${acmeEmployee.id}`, "PATCH", { full_name: "Emil E." }, bearer(body.access_token)), { id: acmeEmployee.id }));
    expect(await renamed.json()).toMatchObject({ full_name: "Emil E." });
  });

  it("forbids an employee to change others, promote, or delete (403)", async () => {
    const { body } = await login("emp@acme.test");
    const auth = bearer(body.access_token);
    expect((await userAction(args(json(`/api/users/${acmeAdmin.id}`, "PATCH", { full_name: "Hacked" }, auth), { id: acmeAdmin.id }))).status).toBe(403);
    expect((await userAction(args(json(`/api/users/${acmeEmployee.id}`, "PATCH", { role: "admin" }, auth), { id: acmeEmployee.id }))).status).toBe(403);
    expect((await userAction(args(json(`/api/users/${acmeAdmin.id}`, "DELETE", undefined, auth), { id: acmeAdmin.id }))).status).toBe(403);
    expect((await companiesAll(args(json("/api/companies/all", "GET", undefined, auth)))).status).toBe(403);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: acmeAdmin.id } })).fullName).toBe("Ada Admin");
  });

  it("lets an admin promote, audits it, and keeps the last owner", async () => {
    const { body } = await login("admin@acme.test");
    const promoted = await userAction(args(json(`/api/users/${acmeEmployee.id}`, "PATCH", { role: "admin" }, bearer(body.access_token)), { id: acmeEmployee.id }));
    expect(await promoted.json()).toMatchObject({ role: "admin", is_admin: true });
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "user.updated", entityId: acmeEmployee.id }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(audit.details)).toEqual({ role: { old: "user", new: "admin" } });
    expect(audit.actorId).toBe(acmeAdmin.id);
    const demoted = await userAction(args(json(`/api/users/${acmeEmployee.id}`, "PATCH", { role: "user" }, bearer(body.access_token)), { id: acmeEmployee.id }));
    expect(demoted.status).toBe(200);
    const self = await userAction(args(json(`/api/users/${acmeAdmin.id}`, "DELETE", undefined, bearer(body.access_token)), { id: acmeAdmin.id }));
    expect(self.status).toBe(409);
  });
});

describe("tenant isolation", () => {
  it("refuses every users/company call with another company's ids, and changes nothing", async () => {
    const { body } = await login(globexOwner.email);
    const auth = bearer(body.access_token);
    const before = await getDb().user.findMany({ where: { companyId: acmeId }, orderBy: { id: "asc" } });

    for (const target of [acmeAdmin.id, acmeEmployee.id]) {
      expect((await userLoader(args(json(`/api/users/${target}`, "GET", undefined, auth), { id: target }))).status).toBe(404);
      expect((await userAction(args(json(`/api/users/${target}`, "PATCH", { full_name: "Pwned" }, auth), { id: target }))).status).toBe(404);
      expect((await userAction(args(json(`/api/users/${target}`, "PATCH", { role: "user" }, auth), { id: target }))).status).toBe(404);
      expect((await userAction(args(json(`/api/users/${target}`, "DELETE", undefined, auth), { id: target }))).status).toBe(404);
    }
    const filtered = (await (await usersIndex(args(json(`/api/users?ids=${acmeAdmin.id},${acmeEmployee.id}`, "GET", undefined, auth)))).json()) as unknown[];
    expect(filtered).toEqual([]);
    expect(await (await companiesMe(args(json("/api/companies/me", "GET", undefined, auth)))).json()).toMatchObject({ name: "Globex" });
    // Not a master: the all-companies list is closed.
    expect((await companiesAll(args(json("/api/companies/all", "GET", undefined, auth)))).status).toBe(403);

    const after = await getDb().user.findMany({ where: { companyId: acmeId }, orderBy: { id: "asc" } });
    expect(after).toEqual(before);
  });

  it("does not let a token's company claim be swapped for another company's", async () => {
    // A token is bound to its user and company: the user is re-read with both, so a user moved or
    // deleted loses access at once.
    const { body } = await login("emp@acme.test");
    await getDb().user.update({ where: { id: acmeEmployee.id }, data: { companyId: (await getDb().company.findFirstOrThrow({ where: { name: "Globex" } })).id } });
    expect((await apiMe(args(json("/api/users/me", "GET", undefined, bearer(body.access_token))))).status).toBe(401);
    await getDb().user.update({ where: { id: acmeEmployee.id }, data: { companyId: acmeId } });
  });
});
