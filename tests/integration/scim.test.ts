// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// SCIM 2.0 provisioning (issue 42, docs/decisions/0090-scim-provisioning.md), acting as a
// directory's SCIM client through the /scim/v2 route: tokens made on the Provisioning tab (admins
// only, shown once, hashed, revocable, last use noted); the discovery documents; Users created,
// filtered by userName, paged, replaced, patched inactive (the person deactivated as the Users tab
// does: pending requests withdrawn with a notice to the approver) and deleted; Groups as teams and
// their members; every answer checked against the RFC 7643 core schemas (scimmy's definitions);
// another company's ids are 404, a revoked token 401, bad input 4xx, the rate limit 429.
import SCIMMY from "scimmy";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayIn, yearOf } from "~/lib/dates";
import { action as provisioningAction, loader as provisioningLoader } from "~/routes/_app.company-settings.provisioning/route";
import { action as scimAction, loader as scimLoader } from "~/routes/scim.v2.$";
import { openApiDocument } from "~/lib/openapi/document.server";
import { getDb } from "~/utils/db.server";
import { LIMITS, recordAttempt, resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { action as loginAction } from "~/routes/login";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const USER_URN = "urn:ietf:params:scim:schemas:core:2.0:User";
const GROUP_URN = "urn:ietf:params:scim:schemas:core:2.0:Group";
const LIST_URN = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const ERROR_URN = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_URN = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const secrets: Record<string, string> = {};
let acme: string;
let globex: string;

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

interface TabReply {
  notice?: { key: string } | null;
  issued?: { id: string; name: string; secret: string };
  confirm?: unknown;
}

async function tabForm(fields: Record<string, string>, cookie: string) {
  return unwrapData<TabReply>(await run(() => provisioningAction(args(postForm("/company-settings/provisioning", fields, cookie)))));
}

async function issue(name: string, cookie: string) {
  const { value, status } = await tabForm({ intent: "scim.create", name }, cookie);
  expect(status, JSON.stringify(value)).toBe(200);
  return value.issued!;
}

/** One SCIM call as a directory makes it; the answer's status, headers and JSON body. */
async function scim(method: string, path: string, secret: string | null, body?: unknown) {
  const request = new Request(`http://localhost/scim/v2/${path}`, {
    method,
    headers: { "Content-Type": "application/scim+json", "Accept-Language": "en", ...(secret ? { Authorization: `Bearer ${secret}` } : {}) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const splat = path.split("?")[0];
  const handler = method === "GET" ? scimLoader : scimAction;
  const response = (await handler(args(request, { "*": splat }))) as Response;
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Json };
}

/** An answer the RFC's User schema accepts, with its URN, id and meta. */
function expectScimUser(body: Json) {
  expect(body.schemas).toContain(USER_URN);
  expect(body.id).toEqual(expect.any(String));
  expect(body.meta).toMatchObject({ resourceType: "User", location: `http://app.test/scim/v2/Users/${body.id}` });
  expect(() => new SCIMMY.Schemas.User(body)).not.toThrow();
}

function expectScimGroup(body: Json) {
  expect(body.schemas).toContain(GROUP_URN);
  expect(body.meta).toMatchObject({ resourceType: "Group" });
  expect(() => new SCIMMY.Schemas.Group(body)).not.toThrow();
}

function expectScimError(body: Json, status: number) {
  expect(body.schemas).toEqual([ERROR_URN]);
  expect(body.status).toBe(String(status));
  expect(body.detail).toEqual(expect.any(String));
}

const newUser = (email: string, givenName: string, familyName: string) => ({ schemas: [USER_URN], userName: email, name: { givenName, familyName }, active: true });

beforeAll(async () => {
  await resetRateLimits();
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  const owner = await createUser(acme, { role: "owner", email: "owner@scim.test", fullName: "Olga Owner" });
  const admin = await createUser(acme, { role: "admin", email: "admin@scim.test", fullName: "Ana Admin" });
  const employee = await createUser(acme, { email: "eve@scim.test", fullName: "Eve Employee" });
  const gOwner = await createUser(globex, { role: "owner", email: "owner@globex-scim.test" });
  const gPerson = await createUser(globex, { email: "gina@globex-scim.test", fullName: "Gina Globex" });
  const gTeam = await createTeam(globex, "Globex team");
  Object.assign(ids, { owner: owner.id, admin: admin.id, employee: employee.id, gOwner: gOwner.id, gPerson: gPerson.id, gTeam: gTeam.id });
  cookies.owner = await signIn("owner@scim.test");
  cookies.admin = await signIn("admin@scim.test");
  cookies.employee = await signIn("eve@scim.test");
  cookies.gOwner = await signIn("owner@globex-scim.test");
  secrets.acme = (await issue("Entra ID", cookies.admin)).secret;
  secrets.globex = (await issue("Okta", cookies.gOwner)).secret;
});
beforeEach(() => resetRateLimits());

describe("SCIM tokens on the Provisioning tab", () => {
  it("are made by company admins, shown once, kept as a hash, audited, and never API tokens", async () => {
    const issued = await issue("Google", cookies.owner);
    expect(issued.secret).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    const row = await getDb().integrationToken.findUniqueOrThrow({ where: { id: issued.id } });
    expect(row).toMatchObject({ companyId: acme, role: "scim", tokenHash: hashToken(issued.secret), createdById: ids.owner });
    expect(JSON.stringify(row)).not.toContain(issued.secret);
    expect(await getDb().auditEntry.count({ where: { action: "scim_token.created", entityId: issued.id, actorId: ids.owner } })).toBe(1);
    const tab = await provisioningLoader(args(getRequest("/company-settings/provisioning", cookies.owner)));
    expect(tab.tokens.map((token) => token.name)).toEqual(expect.arrayContaining(["Google", "Entra ID"]));
    expect(JSON.stringify(tab)).not.toContain(issued.secret);
    // A SCIM token opens nothing on /api.
    const { loader: meApi } = await import("~/api/users.me");
    const api = (await meApi(args(new Request("http://localhost/api/users/me", { headers: { Authorization: `Bearer ${issued.secret}` } })))) as Response;
    expect(api.status).toBe(401);
  });

  it("refuses an employee: the tab and its form are 403, no token is made", async () => {
    const before = await getDb().integrationToken.count();
    const page = await run(() => provisioningLoader(args(getRequest("/company-settings/provisioning", cookies.employee))));
    expect((page as Response).status).toBe(403);
    const { status } = await tabForm({ intent: "scim.create", name: "Mine" }, cookies.employee);
    expect(status).toBe(403);
    expect(await getDb().integrationToken.count()).toBe(before);
  });

  it("a revoked token is a 401 from its next request; another company's token id is not found", async () => {
    const issued = await issue("Short-lived", cookies.owner);
    expect((await scim("GET", "Users", issued.secret)).status).toBe(200);
    expect((await getDb().integrationToken.findUniqueOrThrow({ where: { id: issued.id } })).lastUsedAt).not.toBeNull();
    const foreign = await tabForm({ intent: "scim.revoke", tokenId: issued.id, confirmed: "1" }, cookies.gOwner);
    expect(foreign.status).toBe(404);
    const revoked = await tabForm({ intent: "scim.revoke", tokenId: issued.id, confirmed: "1" }, cookies.owner);
    expect(revoked.status, JSON.stringify(revoked.value)).toBe(200);
    expect(await getDb().auditEntry.count({ where: { action: "scim_token.revoked", entityId: issued.id } })).toBe(1);
    const refused = await scim("GET", "Users", issued.secret);
    expect(refused.status).toBe(401);
    expectScimError(refused.body, 401);
    expect(refused.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect((await scim("GET", "Users", null)).status).toBe(401);
    expect((await scim("GET", "Users", "scim_not-a-real-token")).status).toBe(401);
  });
});

describe("/scim/v2 discovery", () => {
  it("answers ServiceProviderConfig, ResourceTypes and Schemas as SCIM JSON", async () => {
    const config = await scim("GET", "ServiceProviderConfig", secrets.acme);
    expect(config.status).toBe(200);
    expect(config.headers.get("Content-Type")).toBe("application/scim+json");
    expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    const types = await scim("GET", "ResourceTypes", secrets.acme);
    expect(types.body.Resources.map((type: Json) => type.endpoint).sort()).toEqual(["/Groups", "/Users"]);
    const schemas = await scim("GET", "Schemas", secrets.acme);
    expect(schemas.body.Resources.map((schema: Json) => schema.id)).toEqual(expect.arrayContaining([USER_URN, GROUP_URN]));
  });

  it("is named in the OpenAPI document, which links to the SCIM schemas", async () => {
    const document = openApiDocument().document as Json;
    for (const endpoint of ["/scim/v2/ServiceProviderConfig", "/scim/v2/ResourceTypes", "/scim/v2/Schemas", "/scim/v2/Users", "/scim/v2/Users/{id}", "/scim/v2/Groups", "/scim/v2/Groups/{id}"]) {
      expect(document.info.description).toContain(`${endpoint}\``);
    }
    expect(document.externalDocs).toMatchObject({ url: "/scim/v2/Schemas" });
  });
});

describe("/scim/v2/Users", () => {
  it("creates an active person without a password, with this year's allowance, audited with the token", async () => {
    const created = await scim("POST", "Users", secrets.acme, newUser("New.Hire@scim.test", "Nina", "Hire Santos"));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectScimUser(created.body);
    expect(created.headers.get("Location")).toBe(created.body.meta.location);
    expect(created.body).toMatchObject({ userName: "new.hire@scim.test", active: true, name: { givenName: "Nina", familyName: "Hire Santos" }, displayName: "Nina Hire Santos" });
    const person = await getDb().user.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(person).toMatchObject({ companyId: acme, email: "new.hire@scim.test", fullName: "Nina Hire Santos", role: "user", passwordHash: null, deactivatedAt: null });
    expect(await getDb().allowance.count({ where: { userId: person.id, year: yearOf(todayIn("Europe/Lisbon")) } })).toBe(1);
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "user.provisioned", entityId: person.id } });
    expect(audit).toMatchObject({ companyId: acme, actorId: ids.admin });
    expect(audit.apiTokenId).toEqual(expect.any(String));
    // The same address again is a uniqueness error, not a second person.
    const again = await scim("POST", "Users", secrets.acme, newUser("new.hire@scim.test", "Nina", "Again"));
    expect(again.status).toBe(409);
    expectScimError(again.body, 409);
    expect(again.body.scimType).toBe("uniqueness");
  });

  it("filters by userName eq and pages with startIndex and count", async () => {
    for (const n of [1, 2, 3]) expect((await scim("POST", "Users", secrets.acme, newUser(`pager${n}@scim.test`, "Page", `Number ${n}`))).status).toBe(201);
    const found = await scim("GET", `Users?filter=${encodeURIComponent('userName eq "pager2@scim.test"')}`, secrets.acme);
    expect(found.status).toBe(200);
    expect(found.body.schemas).toEqual([LIST_URN]);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).toMatchObject({ userName: "pager2@scim.test" });
    found.body.Resources.forEach(expectScimUser);
    const none = await scim("GET", `Users?filter=${encodeURIComponent('userName eq "gina@globex-scim.test"')}`, secrets.acme);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });

    const all = await scim("GET", "Users", secrets.acme);
    const total = all.body.totalResults as number;
    expect(total).toBeGreaterThanOrEqual(6);
    expect(all.body.Resources.map((user: Json) => user.userName)).not.toContain("gina@globex-scim.test");
    const page = await scim("GET", "Users?startIndex=2&count=2", secrets.acme);
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: Json) => user.id)).toEqual(all.body.Resources.slice(1, 3).map((user: Json) => user.id));

    const broken = await scim("GET", `Users?filter=${encodeURIComponent('userName eq "unclosed')}`, secrets.acme);
    expect(broken.status).toBe(400);
    expectScimError(broken.body, 400);
    expect((await scim("GET", "Users?count=many", secrets.acme)).status).toBe(400);
  });

  it("replaces a person's name with PUT; the e-mail stays theirs", async () => {
    const created = await scim("POST", "Users", secrets.acme, newUser("rename@scim.test", "Rui", "Old"));
    const replaced = await scim("PUT", `Users/${created.body.id}`, secrets.acme, newUser("rename@scim.test", "Rui", "New Name"));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expectScimUser(replaced.body);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: created.body.id } })).fullName).toBe("Rui New Name");
    expect(await getDb().auditEntry.count({ where: { action: "user.updated", entityId: created.body.id } })).toBe(1);
    const renamed = await scim("PUT", `Users/${created.body.id}`, secrets.acme, newUser("other@scim.test", "Rui", "New Name"));
    expect(renamed.status).toBe(400);
    expectScimError(renamed.body, 400);
  });

  it("PATCH active=false deactivates as the Users tab does: history stays, pending requests withdrawn, the approver told", async () => {
    const team = await createTeam(acme, "Field", [ids.admin]);
    const created = await scim("POST", "Users", secrets.acme, newUser("leaver@scim.test", "Lia", "Leaver"));
    const id = created.body.id as string;
    await getDb().user.update({ where: { id }, data: { teamId: team.id } });
    const start = addDays(todayIn("Europe/Lisbon"), 30);
    const pending = await createVacation(acme, id, { startDate: start, endDate: addDays(start, 2), status: "pending" });
    const approved = await createVacation(acme, id, { startDate: addDays(start, -20), endDate: addDays(start, -19), status: "approved" });
    const mailsBefore = await getDb().emailOutbox.count({ where: { to: "admin@scim.test" } });

    const patched = await scim("PATCH", `Users/${id}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "replace", path: "active", value: false }] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expectScimUser(patched.body);
    expect(patched.body.active).toBe(false);
    expect((await getDb().user.findUniqueOrThrow({ where: { id } })).deactivatedAt).not.toBeNull();
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("cancelled");
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: approved.id } })).status).toBe("approved");
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "user.deactivated", entityId: id } });
    expect(JSON.parse(audit.details).cancelled_requests).toEqual([pending.id]);
    expect(audit.apiTokenId).toEqual(expect.any(String));
    expect(await getDb().emailOutbox.count({ where: { to: "admin@scim.test" } })).toBe(mailsBefore + 1);

    // Still listed, as inactive, for the directory to reconcile; patching it inactive again changes nothing.
    expect((await scim("GET", `Users/${id}`, secrets.acme)).body.active).toBe(false);
    const again = await scim("PATCH", `Users/${id}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "replace", value: { active: false } }] });
    // No change: RFC 7644 §3.5.2 lets the answer be a 204.
    expect([200, 204]).toContain(again.status);
    expect(await getDb().auditEntry.count({ where: { action: "user.deactivated", entityId: id } })).toBe(1);
    const back = await scim("PATCH", `Users/${id}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "replace", path: "active", value: true }] });
    expect(back.status).toBe(409);
  });

  it("DELETE deactivates the person (their history stays); the owner is out of a token's reach", async () => {
    const created = await scim("POST", "Users", secrets.acme, newUser("deleted@scim.test", "Dora", "Deleted"));
    const deleted = await scim("DELETE", `Users/${created.body.id}`, secrets.acme);
    expect(deleted.status).toBe(204);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: created.body.id } })).deactivatedAt).not.toBeNull();
    const owner = await scim("PATCH", `Users/${ids.owner}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "replace", path: "active", value: false }] });
    expect(owner.status).toBe(403);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: ids.owner } })).deactivatedAt).toBeNull();
  });

  it("company A's token on company B's people is 404 for every method, nothing changed", async () => {
    const before = await getDb().user.findUniqueOrThrow({ where: { id: ids.gPerson } });
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", newUser("gina@globex-scim.test", "Hacked", "Name")],
      ["PATCH", { schemas: [PATCH_URN], Operations: [{ op: "replace", path: "active", value: false }] }],
      ["DELETE", undefined],
    ] as const) {
      const answer = await scim(method, `Users/${ids.gPerson}`, secrets.acme, body);
      expect(answer.status, method).toBe(404);
      expectScimError(answer.body, 404);
    }
    expect(await getDb().user.findUniqueOrThrow({ where: { id: ids.gPerson } })).toEqual(before);
    expect((await scim("GET", `Groups/${ids.gTeam}`, secrets.acme)).status).toBe(404);
    expect((await scim("GET", `Users/${ids.gPerson}`, secrets.globex)).status).toBe(200);
  });

  it("answers bad input with a SCIM 400, never a 5xx", async () => {
    for (const [method, path, body] of [
      ["POST", "Users", "{not json"],
      ["POST", "Users", []],
      ["POST", "Users", { schemas: [USER_URN], userName: "not-an-email" }],
      ["POST", "Users", { schemas: [USER_URN] }],
      ["POST", "Users", { schemas: ["urn:nope"], userName: "x@scim.test" }],
      ["PATCH", `Users/${ids.employee}`, { schemas: [PATCH_URN], Operations: [{ op: "explode" }] }],
      ["PATCH", `Users/${ids.employee}`, { Operations: "no" }],
      ["POST", "Groups", { schemas: [GROUP_URN] }],
    ] as const) {
      const answer = await scim(method, path, secrets.acme, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expectScimError(answer.body, 400);
    }
    expect((await scim("GET", "Nothing", secrets.acme)).status).toBe(404);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: ids.employee } })).deactivatedAt).toBeNull();
  });

  it("is rate limited per client address (429 with Retry-After)", async () => {
    await recordAttempt(LIMITS.scimPerAddress, "local", Date.now(), LIMITS.scimPerAddress.max);
    const limited = await scim("GET", "Users", secrets.acme);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("/scim/v2/Groups", () => {
  it("creates a team, adds and removes members by PATCH, renames it with PUT, and deletes it keeping its people", async () => {
    const a = (await scim("POST", "Users", secrets.acme, newUser("group.a@scim.test", "Gil", "A"))).body.id as string;
    const b = (await scim("POST", "Users", secrets.acme, newUser("group.b@scim.test", "Gus", "B"))).body.id as string;
    const created = await scim("POST", "Groups", secrets.acme, { schemas: [GROUP_URN], displayName: "Support", members: [{ value: a }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectScimGroup(created.body);
    const teamId = created.body.id as string;
    expect(await getDb().team.findUniqueOrThrow({ where: { id: teamId } })).toMatchObject({ companyId: acme, name: "Support" });
    expect((await getDb().user.findUniqueOrThrow({ where: { id: a } })).teamId).toBe(teamId);

    const added = await scim("PATCH", `Groups/${teamId}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "add", path: "members", value: [{ value: b }] }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.members.map((m: Json) => m.value).sort()).toEqual([a, b].sort());
    const removed = await scim("PATCH", `Groups/${teamId}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "remove", path: `members[value eq "${a}"]` }] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.members.map((m: Json) => m.value)).toEqual([b]);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: a } })).teamId).toBeNull();
    expect((await scim("GET", `Users/${b}`, secrets.acme)).body.groups).toEqual([expect.objectContaining({ value: teamId, display: "Support" })]);

    // Another company's person is not found as a member either.
    const foreign = await scim("PATCH", `Groups/${teamId}`, secrets.acme, { schemas: [PATCH_URN], Operations: [{ op: "add", path: "members", value: [{ value: ids.gPerson }] }] });
    expect(foreign.status).toBe(404);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: ids.gPerson } })).teamId).toBeNull();

    const put = await scim("PUT", `Groups/${teamId}`, secrets.acme, { schemas: [GROUP_URN], displayName: "Customer support", members: [{ value: a }, { value: b }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ displayName: "Customer support" });
    expect(put.body.members).toHaveLength(2);
    const listed = await scim("GET", `Groups?filter=${encodeURIComponent('displayName eq "Customer support"')}`, secrets.acme);
    expect(listed.body.totalResults).toBe(1);
    listed.body.Resources.forEach(expectScimGroup);
    expect(await getDb().auditEntry.count({ where: { entityId: teamId, action: { in: ["team.created", "team.renamed"] } } })).toBe(2);

    expect((await scim("DELETE", `Groups/${teamId}`, secrets.acme)).status).toBe(204);
    expect(await getDb().team.findUnique({ where: { id: teamId } })).toBeNull();
    const people = await getDb().user.findMany({ where: { id: { in: [a, b] } } });
    expect(people.map((p) => [p.teamId, p.deactivatedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
