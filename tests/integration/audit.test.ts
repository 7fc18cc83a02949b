// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The audit screen, its CSV and /api/audit (issue 12, docs/decisions/0025-audit.md): the master
// reads every company's entries, an owner their own company's; admins and employees are refused;
// another company's id is a 404 for an owner; filters (company, action or a whole group, who did
// it or the system, dates in the company's zone), 20 to a page; CSV in the reader's language.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as auditPage } from "~/routes/_app.audit";
import { loader as exportApi } from "~/api/audit.export";
import { loader as searchApi } from "~/api/audit.search";
import { loader as exportCsv } from "~/routes/audit.export[.]csv";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run } from "../support/http";

type Page = Awaited<ReturnType<typeof auditPage>>;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

const page = async (query: string, cookie: string) => (await auditPage(args(getRequest(`/audit${query}`, cookie)))) as Page;
const refused = async (query: string, cookie: string) => ((await run(() => auditPage(args(getRequest(`/audit${query}`, cookie))))) as Response).status;
const api = (path: string, cookie: string, language = "en") => getRequest(path, cookie, { "Accept-Language": language });

async function entry(companyId: string, action: string, at: string, actorId: string | null, details: Record<string, unknown> = {}) {
  const [entity] = action.split(".");
  await getDb().auditEntry.create({ data: { companyId, action, entity, entityId: actorId, actorId, details: JSON.stringify(details), createdAt: new Date(at) } });
}

beforeAll(async () => {
  await resetRateLimits();
  const acme = await createCompany("Acme");
  const globex = await createCompany("Globex");
  const owner = await createUser(acme.id, { role: "owner", email: "owner@audit.test", fullName: "Olga Owner" });
  const admin = await createUser(acme.id, { role: "admin", email: "admin@audit.test", fullName: "Adam Admin" });
  const employee = await createUser(acme.id, { email: "eve@audit.test", fullName: "Eve Employee" });
  const master = await createUser(acme.id, { role: "admin", email: "master@audit.test", fullName: "Mia Master", isMaster: true });
  const gOwner = await createUser(globex.id, { role: "owner", email: "owner@globex-audit.test", fullName: "Gus Globex" });
  Object.assign(ids, { acme: acme.id, globex: globex.id, owner: owner.id, admin: admin.id, employee: employee.id, master: master.id, gOwner: gOwner.id });
  // 25 team entries in Acme over January, three in Globex, vacations by Eve, failed sign-ins by nobody.
  for (let i = 0; i < 25; i++) await entry(acme.id, "team.created", `2026-01-${String(i + 1).padStart(2, "0")}T10:00:00Z`, owner.id, { name: { old: null, new: `Team ${i}` } });
  for (let i = 0; i < 3; i++) await entry(globex.id, "team.created", `2026-02-0${i + 1}T10:00:00Z`, gOwner.id, { name: { old: null, new: `G${i}` } });
  await entry(acme.id, "vacation.created", "2026-07-10T23:30:00Z", employee.id, { status: "pending" });
  await entry(acme.id, "vacation.cancelled", "2026-07-12T09:00:00Z", employee.id, { status: { old: "pending", new: "cancelled" } });
  await entry(acme.id, "auth.sign_in_failed", "2026-07-13T09:00:00Z", null, { reason: "wrong_password", ip: "203.0.113.4" });
  await entry(acme.id, "allowance.updated", "2026-03-01T09:00:00Z", admin.id, { user_id: employee.id, year: 2026, yearly: { old: 22, new: 22.5 } });
  for (const [who, email] of Object.entries({ owner: "owner@audit.test", admin: "admin@audit.test", employee: "eve@audit.test", master: "master@audit.test", gOwner: "owner@globex-audit.test" })) {
    cookies[who] = await signIn(email);
  }
});
beforeEach(() => resetRateLimits());

describe("who reads the audit", () => {
  it("shows the master every company's entries, with the company column, 20 to a page", async () => {
    const first = await page("", cookies.master);
    expect(first.isMaster).toBe(true);
    expect(first.showCompany).toBe(true);
    expect(first.total).toBe(await getDb().auditEntry.count());
    expect(first.entries).toHaveLength(20);
    expect(first.companies.map((c) => c.name)).toEqual(expect.arrayContaining(["Acme", "Globex"]));
    // Newest first: the sign-ins of this file, then July.
    const times = first.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await page("?page=2", cookies.master);
    expect(second.offset).toBe(20);
    expect(second.entries[0].id).not.toBe(first.entries[0].id);
  });

  it("lets the master narrow to one company, whose people the actor filter then offers", async () => {
    const globex = await page(`?company=${ids.globex}&action=team.created`, cookies.master);
    expect(globex.showCompany).toBe(false);
    expect(globex.total).toBe(3);
    expect(globex.entries.every((e) => e.company === "Globex")).toBe(true);
    expect(globex.people.map((p) => p.name)).toEqual(["Gus Globex"]);
  });

  it("shows an owner their own company only; another company's id is not applied on the screen and is a 404 in the API and CSV", async () => {
    const own = await page("?action=team.created", cookies.owner);
    expect(own.isMaster).toBe(false);
    expect(own.total).toBe(25);
    expect(own.companies.map((c) => c.id)).toEqual([ids.acme]);
    const foreign = await page(`?company=${ids.globex}&action=team.created`, cookies.owner);
    expect(foreign.invalid.company).toBe("audit.filters.companyNotFound");
    expect(foreign.total).toBe(25);
    const all = await page("?company=all&action=team.created", cookies.owner);
    expect(all.total).toBe(25);
    expect((await searchApi(args(api(`/api/audit/search?company_id=${ids.globex}`, cookies.owner)))).status).toBe(404);
    expect((await exportApi(args(api(`/api/audit/export?company_id=${ids.globex}`, cookies.owner)))).status).toBe(404);
    const csv = await exportCsv(args(api(`/audit/export.csv?company=${ids.globex}`, cookies.owner)));
    expect(csv.status).toBe(404);
    expect(csv.headers.get("Content-Type")).toContain("text/html");
    // Globex's owner reads Globex: their three entries, none of Acme's.
    const globex = await page("?action=team.created", cookies.gOwner);
    expect(globex.total).toBe(3);
  });

  it("refuses admins and employees: the screen, the API and both CSVs", async () => {
    for (const who of ["admin", "employee"]) {
      expect(await refused("", cookies[who]), who).toBe(403);
      expect((await searchApi(args(api("/api/audit/search", cookies[who])))).status, who).toBe(403);
      expect((await exportApi(args(api("/api/audit/export", cookies[who])))).status, who).toBe(403);
      const csv = await exportCsv(args(api("/audit/export.csv", cookies[who], "pt")));
      expect(csv.status, who).toBe(403);
      expect(await csv.text()).toContain("Falha a exportar CSV");
    }
  });

  it("answers a signed-out export with the spec's 401 text and a link to sign in again that comes back", async () => {
    const response = await exportCsv(args(getRequest("/audit/export.csv?action=team.created", undefined, { "Accept-Language": "pt" })));
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain("Não autenticado (401). Faz login novamente.");
    expect(html).toContain(`href="/login?redirectTo=%2Faudit%3Faction%3Dteam.created"`);
    const apiAnswer = await searchApi(args(getRequest("/api/audit/search", undefined, { "Accept-Language": "en" })));
    expect(apiAnswer.status).toBe(401);
    expect(await apiAnswer.json()).toEqual({ detail: "Not authenticated. Login again, please." });
  });
});

describe("filters", () => {
  it("filters by one action or a whole group", async () => {
    expect((await page("?action=vacation.created", cookies.owner)).total).toBe(1);
    expect((await page("?action=vacation.*", cookies.owner)).total).toBe(2);
  });

  it("filters by who did it, or by the system (no person)", async () => {
    const eve = await page(`?user=${ids.employee}`, cookies.owner);
    expect(eve.entries.map((e) => e.action).sort()).toEqual(["auth.signed_in", "vacation.cancelled", "vacation.created"]);
    expect(eve.entries[0].actor).toEqual({ name: "Eve Employee", email: "eve@audit.test" });
    const system = await page("?user=system", cookies.owner);
    expect(system.entries.map((e) => e.action)).toEqual(["auth.sign_in_failed"]);
    expect(system.entries[0].actor).toBeNull();
  });

  it("reads from and to as dates of the company's time zone (23:30 UTC on 10 July is 11 July in Lisbon)", async () => {
    expect((await page("?action=vacation.created&from=2026-07-11&to=2026-07-11", cookies.owner)).total).toBe(1);
    expect((await page("?action=vacation.created&to=2026-07-10", cookies.owner)).total).toBe(0);
    expect((await page("?action=team.created&from=2026-01-10&to=2026-01-19", cookies.owner)).total).toBe(10);
  });

  it("names the person an entry is about and keeps details as { field: { old, new } }", async () => {
    const [allowance] = (await page("?action=allowance.updated", cookies.owner)).entries;
    expect(allowance.about).toBe("Eve Employee");
    expect(allowance.details).toMatchObject({ yearly: { old: 22, new: 22.5 } });
  });

  it("says next to the field what it could not apply, never failing the page", async () => {
    const bad = await page(`?from=2026-13-01&to=2026-01-01&action=drop table&user=nobody&company=x'--`, cookies.master);
    expect(bad.invalid).toMatchObject({ from: "validation.dateInvalid", action: "audit.filters.actionInvalid", company: "audit.filters.companyInvalid" });
    const reversed = await page("?from=2026-02-01&to=2026-01-01", cookies.owner);
    expect(reversed.invalid.to).toBe("vacation.startAfterEnd");
    const stranger = await page("?user=nobody", cookies.owner);
    expect(stranger.invalid.user).toBe("query.userInvalid");
  });
});

describe("/api/audit/search", () => {
  it("answers a paged list of 20 by default, with the spec's entry fields", async () => {
    const response = await searchApi(args(api("/api/audit/search?company_id=" + ids.acme, cookies.master)));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Record<string, unknown>[]; total: number; offset: number; limit: number };
    expect(body).toMatchObject({ offset: 0, limit: 20 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), ts: expect.any(String), user_id: expect.anything(), action: expect.any(String), entity: expect.any(String), details: expect.any(Object), company: { id: ids.acme, name: "Acme" } }),
    );
    const filtered = (await (await searchApi(args(api(`/api/audit/search?action=team.created&user_id=${ids.owner}&date_from=2026-01-01&date_to=2026-01-05&limit=2&offset=1`, cookies.owner)))).json()) as { items: { details: unknown }[]; total: number };
    expect(filtered.total).toBe(5);
    expect(filtered.items).toHaveLength(2);
    expect(filtered.items[0].details).toEqual({ name: { old: null, new: "Team 3" } });
  });

  it("answers 400 with the field for a bad filter or page", async () => {
    const bad = await searchApi(args(api("/api/audit/search?date_from=yesterday&limit=500", cookies.master)));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("date_from");
    const big = await searchApi(args(api("/api/audit/search?limit=500", cookies.master)));
    expect(big.status).toBe(400);
    expect(((await big.json()) as { detail: string }).detail).toBe("limit must be a whole number from 1 to 100.");
  });
});

describe("the audit CSV", () => {
  it("holds every entry under the filters, in the reader's language and separator", async () => {
    const pt = await exportCsv(args(api("/audit/export.csv?action=team.created", cookies.owner, "pt")));
    expect(pt.status).toBe(200);
    expect(pt.headers.get("Content-Disposition")).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await pt.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Data e hora (Europe/Lisbon);Empresa;Feito por;Email de quem fez;Ação;Código da ação;Entidade;Id da entidade;Sobre;Detalhes;Token de API");
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(/^2026-01-25 10:00:00;Acme;Olga Owner;owner@audit\.test;Equipa criada;team\.created;team;/);
    const es = await exportApi(args(api("/api/audit/export?action=team.created&company_id=" + ids.globex, cookies.master, "es")));
    expect(es.headers.get("Content-Disposition")).toContain("filename*=UTF-8''auditor%C3%ADa-");
    const en = await exportApi(args(api("/api/audit/export?action=vacation.created", cookies.owner, "en")));
    const enLines = (await en.text()).trim().split("\r\n");
    expect(enLines[0].split(",")).toHaveLength(11);
    // 23:30 UTC is 00:30 the next day in Lisbon (summer time).
    expect(enLines[1].startsWith("2026-07-11 00:30:00,Acme,Eve Employee,eve@audit.test,Absence requested,vacation.created")).toBe(true);
  });
});
