// The Users tab of company settings and the /api calls behind the same rules: the list (search,
// team, year, pages, allowances), editing a person (photo resized on the server, role rules, team,
// work country and region), allowances one by one and in bulk, tenancy, employees, the audit.
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBalanceInputs } from "~/models/balance.server";
import { action as usersAction, loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { action as upsertApi } from "~/api/reports.allowances.upsert";
import { action as userApi } from "~/api/users.$id";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { PHOTO_SIZE } from "~/utils/photo.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
interface Reply {
  result?: { status?: string; error?: Record<string, string[]> };
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> };
}

let company: string;
let otherCompany: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function post(fields: Record<string, string | string[]>, cookie: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  const request = new Request(`${BASE}/company-settings/users`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, body });
  return unwrapData<Reply>(await usersAction(args(request)));
}

/** A multipart post, as the edit form sends it (the photo is a file). */
async function postMultipart(fields: Record<string, string | File>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request(`${BASE}/company-settings/users`, { method: "POST", headers: { Cookie: cookie }, body });
  return unwrapData<Reply>(await usersAction(args(request)));
}

function api(path: string, method: string, cookie: string, body?: unknown, language = "en") {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": language },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function usersTab(query: string, cookie = cookies.owner) {
  return usersLoader(args(getRequest(`/company-settings/users${query}`, cookie)));
}

async function listTab(query: string) {
  const users = await usersTab(query);
  if (users.view !== "list") throw new Error("not the list");
  return users;
}

const user = (id: string) => getDb().user.findUniqueOrThrow({ where: { id } });
const auditOf = (entityId: string, action: string) => getDb().auditEntry.findMany({ where: { entityId, action }, orderBy: { createdAt: "asc" } });

beforeAll(async () => {
  company = (await createCompany("People Co")).id;
  otherCompany = (await createCompany("Elsewhere")).id;
  const red = await createTeam(company, "Red");
  const blue = await createTeam(company, "Blue");
  ids.red = red.id;
  ids.blue = blue.id;
  ids.owner = (await createUser(company, { role: "owner", email: "owner@people.test", fullName: "Olga Owner", teamId: red.id })).id;
  ids.coOwner = (await createUser(company, { role: "owner", email: "coowner@people.test", fullName: "Oscar Owner" })).id;
  ids.admin = (await createUser(company, { role: "admin", email: "admin@people.test", fullName: "Adam Admin", teamId: red.id })).id;
  ids.redAdmin = (await createUser(company, { role: "admin", email: "lead@people.test", fullName: "Rita Lead", teamId: red.id })).id;
  await getDb().teamAdmin.create({ data: { teamId: red.id, userId: ids.redAdmin } });
  ids.joao = (await createUser(company, { email: "joao@people.test", fullName: "João Gonçalves", teamId: blue.id })).id;
  ids.eve = (await createUser(company, { email: "eve@people.test", fullName: "Eve Employee", teamId: red.id })).id;
  ids.noTeam = (await createUser(company, { email: "loner@people.test", fullName: "Lia Loner" })).id;
  ids.gone = (await createUser(company, { email: "gone@people.test", fullName: "Gina Gone" })).id;
  await getDb().user.update({ where: { id: ids.gone }, data: { deactivatedAt: new Date() } });
  ids.stranger = (await createUser(otherCompany, { role: "owner", email: "stranger@elsewhere.test", fullName: "Stan Stranger" })).id;
  ids.strangerTeam = (await createTeam(otherCompany, "Red")).id;
  await getDb().allowance.createMany({
    data: [
      { companyId: company, userId: ids.joao, year: 2026, yearly: 22, residual: 3, specialLeave: 1 },
      { companyId: company, userId: ids.eve, year: 2025, yearly: 25, residual: 2, specialLeave: 0 },
    ],
  });
  cookies.owner = await signIn("owner@people.test");
  cookies.admin = await signIn("admin@people.test");
  cookies.eve = await signIn("eve@people.test");
  cookies.stranger = await signIn("stranger@elsewhere.test");
});

describe("the list", () => {
  it("shows the company's active people by name with their allowances of the chosen year", async () => {
    const tab = await listTab("?year=2026");
    const names = tab.list.items.map((row) => row.displayName);
    expect(names).toEqual(["Adam Admin", "Eve Employee", "João Gonçalves", "Lia Loner", "Olga Owner", "Oscar Owner", "Rita Lead"]);
    expect(tab.list.total).toBe(7);
    const joao = tab.list.items.find((row) => row.id === ids.joao)!;
    expect(joao.allowance).toMatchObject({ yearly: 22, residual: 3, specialLeave: 1, setForYear: true });
    // Nothing set for 2026: the yearly allowance of 2025 counts (as requests count it), residual and special start at 0.
    const eve = tab.list.items.find((row) => row.id === ids.eve)!;
    expect(eve.allowance).toMatchObject({ year: 2026, yearly: 25, residual: 0, specialLeave: 0, setForYear: false });
    expect(tab.list.items.find((row) => row.id === ids.noTeam)!.allowance).toBeNull();
  });

  it("searches names and e-mails without minding case or accents, and filters by team or no team", async () => {
    expect((await listTab("?q=joao")).list.items.map((row) => row.id)).toEqual([ids.joao]);
    expect((await listTab("?q=GONÇ")).list.items.map((row) => row.id)).toEqual([ids.joao]);
    expect((await listTab("?q=loner%40people")).list.items.map((row) => row.id)).toEqual([ids.noTeam]);
    expect((await listTab(`?team=${ids.blue}`)).list.items.map((row) => row.id)).toEqual([ids.joao]);
    expect((await listTab("?team=none")).list.items.map((row) => row.id).sort()).toEqual([ids.coOwner, ids.noTeam].sort());
    const search = await listTab(`?q=owner&team=${ids.red}`);
    expect(search.list.items.map((row) => row.id)).toEqual([ids.owner]);
    expect(search.filtered).toBe(true);
    // Another company's team is no filter at all.
    expect((await listTab(`?team=${ids.strangerTeam}`)).list.total).toBe(7);
  });

  it("pages the list, reading photos and allowances for the page's people only", async () => {
    const first = await listTab("?size=10");
    expect(first.list).toMatchObject({ total: 7, offset: 0, limit: 10 });
    const db = getDb();
    const extra = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(company, { email: `extra${i}@people.test`, fullName: `Zed ${String(i).padStart(2, "0")}` })));
    try {
      const page2 = await listTab("?size=10&page=2");
      expect(page2.list).toMatchObject({ total: 19, offset: 10, limit: 10 });
      expect(page2.list.items.map((row) => row.displayName)).toEqual(["Zed 03", "Zed 04", "Zed 05", "Zed 06", "Zed 07", "Zed 08", "Zed 09", "Zed 10", "Zed 11"]);
      // 50 by default: a company of hundreds is a few pages.
      expect((await listTab("")).list.limit).toBe(50);
    } finally {
      await db.user.deleteMany({ where: { id: { in: extra.map((u) => u.id) } } });
    }
  });
});

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe("editing a person", () => {
  it("stores an uploaded photo resized to at most 256 × 256 as a WebP data URL, and removes it", async () => {
    const original = await png(1200, 800);
    const reply = await postMultipart(
      { intent: "users.update", userId: ids.noTeam, fullName: "Lia Loner", photo: new File([original], "me.png", { type: "image/png" }), teamId: "none", countryCode: "", region: "" },
      cookies.owner,
    );
    expect(reply.status).toBe(200);
    expect(reply.value.notice).toMatchObject({ tone: "success", key: "people.update.saved" });
    const stored = (await user(ids.noTeam)).profilePicture!;
    expect(stored).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(stored.split(",")[1], "base64");
    expect(bytes.length).toBeLessThan(original.length);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBeLessThanOrEqual(PHOTO_SIZE);
    expect(meta.height).toBeLessThanOrEqual(PHOTO_SIZE);
    // The audit says the photo changed, without copying kilobytes of it.
    const [entry] = await auditOf(ids.noTeam, "user.updated");
    expect(JSON.parse(entry.details)).toEqual({ profilePicture: { old: null, new: "photo" } });

    const removed = await postMultipart({ intent: "users.update", userId: ids.noTeam, fullName: "Lia Loner", removePhoto: "on", teamId: "none" }, cookies.owner);
    expect(removed.status).toBe(200);
    expect((await user(ids.noTeam)).profilePicture).toBeNull();
  });

  it("refuses a file that is no image, or too large, next to the photo field, and changes nothing", async () => {
    const fake = new File([new TextEncoder().encode("not a picture at all")], "evil.png", { type: "image/png" });
    const reply = await postMultipart({ intent: "users.update", userId: ids.eve, fullName: "Renamed", photo: fake, teamId: ids.red }, cookies.owner);
    expect(reply.status).toBe(400);
    expect(reply.value.result?.error?.photo).toEqual(["validation.pictureInvalid"]);
    expect(reply.value.notice).toMatchObject({ tone: "error", key: "people.update.failed" });
    expect((await user(ids.eve)).fullName).toBe("Eve Employee");

    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const tooLarge = await postMultipart({ intent: "users.update", userId: ids.eve, fullName: "Renamed", photo: big, teamId: ids.red }, cookies.owner);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.value.result?.error?.photo).toEqual(["people.validation.photoTooLarge"]);
  });

  it("changes name, team and role together, audited old → new; a plain user stops administering teams", async () => {
    const reply = await post({ intent: "users.update", userId: ids.redAdmin, fullName: "Rita Blue", teamId: ids.blue, role: "user", countryCode: "", region: "" }, cookies.owner);
    expect(reply.status).toBe(200);
    const saved = await user(ids.redAdmin);
    expect(saved).toMatchObject({ fullName: "Rita Blue", teamId: ids.blue, role: "user" });
    expect(await getDb().teamAdmin.count({ where: { userId: ids.redAdmin } })).toBe(0);
    const [updated] = await auditOf(ids.redAdmin, "user.updated");
    expect(JSON.parse(updated.details)).toEqual({ fullName: { old: "Rita Lead", new: "Rita Blue" }, role: { old: "admin", new: "user" }, team_admin_of: { old: [ids.red], new: [] } });
    const [moved] = await auditOf(ids.redAdmin, "user.team_changed");
    expect(JSON.parse(moved.details)).toEqual({ team_id: { old: ids.red, new: ids.blue } });
  });

  it("keeps the role rules: an admin neither makes an owner nor touches one, an owner may", async () => {
    expect((await post({ intent: "users.update", userId: ids.eve, fullName: "Eve Employee", teamId: ids.red, role: "owner" }, cookies.admin)).status).toBe(403);
    expect((await post({ intent: "users.update", userId: ids.coOwner, fullName: "Oscar Owner", teamId: "none", role: "user" }, cookies.admin)).status).toBe(403);
    expect((await user(ids.coOwner)).role).toBe("owner");
    // Nobody changes their own role.
    expect((await post({ intent: "users.update", userId: ids.admin, fullName: "Adam Admin", teamId: ids.red, role: "user" }, cookies.admin)).status).toBe(403);
    expect((await post({ intent: "users.update", userId: ids.eve, fullName: "Eve Employee", teamId: ids.red, role: "admin" }, cookies.admin)).status).toBe(200);
    expect((await user(ids.eve)).role).toBe("admin");
    expect((await post({ intent: "users.update", userId: ids.eve, fullName: "Eve Employee", teamId: ids.red, role: "user" }, cookies.owner)).status).toBe(200);
    // The edit view offers only the roles the viewer may give, and none for an owner seen by an admin.
    const asAdmin = await usersTab(`?edit=${ids.coOwner}`, cookies.admin);
    expect(asAdmin.view === "edit" && asAdmin.person.roles).toBeNull();
    const asOwner = await usersTab(`?edit=${ids.eve}`, cookies.owner);
    expect(asOwner.view === "edit" && asOwner.person.roles).toEqual(["user", "admin", "owner"]);
  });

  it("saves all or nothing: a team of another company is a 404 and the new name is not kept", async () => {
    const reply = await post({ intent: "users.update", userId: ids.joao, fullName: "Half Saved", teamId: ids.strangerTeam, countryCode: "", region: "" }, cookies.owner);
    expect(reply.status).toBe(404);
    expect(reply.value.notice).toMatchObject({ tone: "error", key: "people.update.failed", detail: "errors.teamNotFound" });
    expect(await user(ids.joao)).toMatchObject({ fullName: "João Gonçalves", teamId: ids.blue });
  });

  it("sets the work country and region, and the person's working days follow their holidays", async () => {
    // A Spanish holiday on a Wednesday inside a Monday–Friday vacation.
    await getDb().holiday.create({ data: { companyId: company, date: "2027-03-17", name: "Fiesta", countryCode: "ES", region: "MD", isRecurring: false } });
    await getDb().vacation.create({ data: { companyId: company, userId: ids.joao, startDate: "2027-03-15", endDate: "2027-03-19", status: "approved" } });
    const usedDays = async () => (await loadBalanceInputs(getDb(), company, { fromYear: 2027, toYear: 2027, userIds: [ids.joao] })).balancesOf(ids.joao, 2027).yearly.used;
    expect(await usedDays()).toBe(5);

    const invalid = await post({ intent: "users.update", userId: ids.joao, fullName: "João Gonçalves", teamId: ids.blue, countryCode: "Spain", region: "" }, cookies.owner);
    expect(invalid.status).toBe(400);
    expect(invalid.value.result?.error?.countryCode).toEqual(["people.validation.countryInvalid"]);

    expect((await post({ intent: "users.update", userId: ids.joao, fullName: "João Gonçalves", teamId: ids.blue, countryCode: "es", region: "md" }, cookies.owner)).status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ countryCode: "ES", region: "MD" });
    expect(await usedDays()).toBe(4);
    const [entry] = await auditOf(ids.joao, "user.updated");
    expect(JSON.parse(entry.details)).toEqual({ countryCode: { old: null, new: "ES" }, region: { old: null, new: "MD" } });

    // Empty fields: back to the company's country.
    expect((await post({ intent: "users.update", userId: ids.joao, fullName: "João Gonçalves", teamId: ids.blue, countryCode: "", region: "" }, cookies.owner)).status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ countryCode: null, region: null });
    expect(await usedDays()).toBe(5);
  });

  it("refuses a work country or region no holidays can exist for, and takes a region in its full ISO form", async () => {
    const place = (countryCode: string, region: string) => post({ intent: "users.update", userId: ids.joao, fullName: "João Gonçalves", teamId: ids.blue, countryCode, region }, cookies.owner);
    const unknownCountry = await place("XX", "");
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.value.result?.error?.countryCode).toEqual(["people.validation.countryUnknown"]);
    const unknownRegion = await place("ES", "ZZ-NONSENS");
    expect(unknownRegion.status).toBe(400);
    expect(unknownRegion.value.result?.error?.region).toEqual(["people.validation.regionUnknown"]);
    // The catalogue lists no regions for the company's country (PT): Madeira's code is taken as given.
    expect((await place("", "pt-30")).status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ countryCode: null, region: "30" });

    expect((await place("ES", "es-md")).status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ countryCode: "ES", region: "MD" });
    // A country or region only the company's own (imported) holidays know is a real place too.
    await getDb().holiday.create({ data: { companyId: company, date: "2027-05-02", name: "Local day", countryCode: "ZZ", region: null, isRecurring: false } });
    await getDb().holiday.create({ data: { companyId: company, date: "2027-05-03", name: "Town day", countryCode: "ES", region: "TOWN", isRecurring: false } });
    expect((await place("ZZ", "")).status).toBe(200);
    expect((await place("ES", "TOWN")).status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ countryCode: "ES", region: "TOWN" });
    // Another company's holidays make no place real here.
    await getDb().holiday.create({ data: { companyId: otherCompany, date: "2027-05-04", name: "Elsewhere", countryCode: "QQ", region: null, isRecurring: false } });
    expect((await place("QQ", "")).status).toBe(400);
    // A refused change leaves the stored place as it was.
    expect(await user(ids.joao)).toMatchObject({ countryCode: "ES", region: "TOWN" });
    // A place stored before this check (an odd code) does not block saving the rest of the profile.
    await getDb().user.update({ where: { id: ids.joao }, data: { countryCode: "XX", region: "ODD" } });
    const renamed = await post({ intent: "users.update", userId: ids.joao, fullName: "João G.", teamId: ids.blue, countryCode: "XX", region: "ODD" }, cookies.owner);
    expect(renamed.status).toBe(200);
    expect(await user(ids.joao)).toMatchObject({ fullName: "João G.", countryCode: "XX", region: "ODD" });
    await getDb().user.update({ where: { id: ids.joao }, data: { fullName: "João Gonçalves", countryCode: null, region: null } });
  });
});

describe("allowances of a person", () => {
  it("saves whole and half days for a year, audited old → new", async () => {
    const reply = await post({ intent: "users.allowances", userId: ids.noTeam, year: "2026", yearly: "22,5", residual: "2", specialLeave: "0.5" }, cookies.admin);
    expect(reply.status).toBe(200);
    expect(reply.value.notice).toEqual({ tone: "success", key: "people.allowances.saved", values: { year: "2026" } });
    const row = await getDb().allowance.findUniqueOrThrow({ where: { userId_year: { userId: ids.noTeam, year: 2026 } } });
    expect(row).toMatchObject({ yearly: 22.5, residual: 2, specialLeave: 0.5 });
    const [entry] = await getDb().auditEntry.findMany({ where: { entityId: row.id, action: "allowance.updated" } });
    expect(JSON.parse(entry.details)).toEqual({ user_id: ids.noTeam, year: 2026, yearly: { old: null, new: 22.5 }, residual: { old: null, new: 2 }, specialLeave: { old: null, new: 0.5 } });
  });

  it("refuses negative, non-numeric and quarter days with the spec's message per field, saving nothing", async () => {
    const reply = await post({ intent: "users.allowances", userId: ids.coOwner, year: "2026", yearly: "-1", residual: "abc", specialLeave: "1.25" }, cookies.owner);
    expect(reply.status).toBe(400);
    expect(reply.value.result?.error).toEqual({
      yearly: ["allowance.yearlyInvalid"],
      residual: ["allowance.residualInvalid"],
      specialLeave: ["allowance.specialLeaveInvalid"],
    });
    expect(await getDb().allowance.count({ where: { userId: ids.coOwner } })).toBe(0);
    const missing = await post({ intent: "users.allowances", userId: ids.coOwner, year: "2026", yearly: "", residual: "1e3", specialLeave: "367" }, cookies.owner);
    expect(missing.value.result?.error).toEqual({ yearly: ["allowance.yearlyInvalid"], residual: ["allowance.residualInvalid"], specialLeave: ["allowance.specialLeaveInvalid"] });
  });

  it("says so in Portuguese, English and Spanish, in the page and in the API's {detail}", async () => {
    const expected = {
      pt: ["Valor inválido para Yearly Allowance.", "Valor inválido para Residual.", "Valor inválido para Special Leave.", "Falha ao guardar allowances"],
      en: ["Invalid value for Yearly Allowance.", "Invalid value for Residual.", "Invalid value for Special Leave.", "Failed to save allowances"],
      es: ["Valor no válido para Vacaciones anuales.", "Valor no válido para Residual.", "Valor no válido para Permiso especial.", "Error al guardar los días asignados"],
    } as const;
    for (const [language, [yearly, residual, special, failed]] of Object.entries(expected)) {
      const t = getT(language as "pt");
      expect([t("allowance.yearlyInvalid"), t("allowance.residualInvalid"), t("allowance.specialLeaveInvalid"), t("people.allowances.failed")]).toEqual([yearly, residual, special, failed]);
      const body = { userId: ids.coOwner, year: 2026, yearlyAllowance: -1, residualAllowance: 0, specialLeaveAllowance: 0 };
      const response = await upsertApi(args(api("/api/reports/allowances/upsert", "POST", cookies.owner, body, language)));
      expect(response.status).toBe(400);
      expect(((await response.json()) as Json).detail).toBe(yearly);
    }
  });

  it("shows the year's values in the edit view, and 'not set' for a year without a row", async () => {
    const tab = await usersTab(`?edit=${ids.noTeam}&year=2026`);
    expect(tab.view === "edit" && tab.person.allowance).toMatchObject({ year: 2026, yearly: 22.5 });
    const next = await usersTab(`?edit=${ids.noTeam}&year=2027`);
    expect(next.view === "edit" && next.person.allowance).toBeNull();
  });
});

describe("bulk allowances", () => {
  it("sets a year for a selection in one go, one audit entry per person changed, keeping residual and special leave left empty", async () => {
    await getDb().allowance.create({ data: { companyId: company, userId: ids.owner, year: 2028, yearly: 20, residual: 4, specialLeave: 2 } });
    const reply = await post({ intent: "users.bulk-allowances", scope: "selected", userIds: [ids.owner, ids.admin], year: "2028", yearly: "23" }, cookies.owner);
    expect(reply.status).toBe(200);
    expect(reply.value.notice).toEqual({ tone: "success", key: "people.bulk.done", values: { count: "2", unchanged: "0", year: "2028" } });
    const rows = await getDb().allowance.findMany({ where: { year: 2028 }, orderBy: { userId: "asc" } });
    expect(rows.map((row) => [row.userId, row.yearly, row.residual, row.specialLeave]).sort()).toEqual(
      [
        [ids.owner, 23, 4, 2],
        [ids.admin, 23, 0, 0],
      ].sort(),
    );
    expect(await getDb().auditEntry.count({ where: { action: "allowance.updated", entityId: { in: rows.map((row) => row.id) } } })).toBe(2);

    // The same again changes nobody and writes no audit.
    const again = await post({ intent: "users.bulk-allowances", scope: "selected", userIds: [ids.owner, ids.admin], year: "2028", yearly: "23" }, cookies.owner);
    expect(again.value.notice?.values).toEqual({ count: "0", unchanged: "2", year: "2028" });
    expect(await getDb().auditEntry.count({ where: { action: "allowance.updated", entityId: { in: rows.map((row) => row.id) } } })).toBe(2);
  });

  it("sets everyone's: the company's active people only", async () => {
    const reply = await post({ intent: "users.bulk-allowances", scope: "everyone", year: "2029", yearly: "22", residual: "1", specialLeave: "0" }, cookies.owner);
    expect(reply.value.notice?.values).toMatchObject({ count: "7" });
    const people = (await getDb().allowance.findMany({ where: { year: 2029 }, select: { userId: true, companyId: true } })).map((row) => row.userId);
    expect(people).toHaveLength(7);
    expect(people).not.toContain(ids.gone);
    expect(people).not.toContain(ids.stranger);
  });

  it("asks for a selection, and refuses the whole batch when one id is not the company's", async () => {
    const none = await post({ intent: "users.bulk-allowances", scope: "selected", year: "2030", yearly: "22" }, cookies.owner);
    expect(none.status).toBe(400);
    expect(none.value.result?.error?.userIds).toEqual(["people.bulk.noneSelected"]);
    const mixed = await post({ intent: "users.bulk-allowances", scope: "selected", userIds: [ids.eve, ids.stranger], year: "2030", yearly: "22" }, cookies.owner);
    expect(mixed.status).toBe(404);
    expect(mixed.value.notice).toMatchObject({ tone: "error", key: "people.allowances.failed", detail: "errors.userNotFound" });
    const deactivated = await post({ intent: "users.bulk-allowances", scope: "selected", userIds: [ids.gone], year: "2030", yearly: "22" }, cookies.owner);
    expect(deactivated.status).toBe(404);
    expect(await getDb().allowance.count({ where: { year: 2030 } })).toBe(0);
  });
});

describe("another company's ids are not found, and nothing changes", () => {
  it("on every intent of the tab, the edit view and the API", async () => {
    const stranger = ids.stranger;
    const before = await user(stranger);
    const intents: Record<string, string>[] = [
      { intent: "users.update", userId: stranger, fullName: "Hijacked", teamId: "none" },
      { intent: "users.allowances", userId: stranger, year: "2026", yearly: "99", residual: "0", specialLeave: "0" },
      { intent: "users.bulk-allowances", scope: "selected", userIds: stranger, year: "2026", yearly: "99" },
      { intent: "users.delete", userId: stranger, confirmed: "1" },
    ];
    for (const fields of intents) expect((await post(fields, cookies.owner)).status, fields.intent).toBe(404);
    const page = (await run(() => usersLoader(args(getRequest(`/company-settings/users?edit=${stranger}`, cookies.owner))))) as Response;
    expect(page.status).toBe(404);
    expect((await userApi(args(api(`/api/users/${stranger}`, "PATCH", cookies.owner, { full_name: "Hijacked" }), { id: stranger }))).status).toBe(404);
    expect((await userApi(args(api(`/api/users/${stranger}`, "DELETE", cookies.owner), { id: stranger }))).status).toBe(404);
    const upsert = { userId: stranger, year: 2026, yearlyAllowance: 99, residualAllowance: 0, specialLeaveAllowance: 0 };
    expect((await upsertApi(args(api("/api/reports/allowances/upsert", "POST", cookies.owner, upsert)))).status).toBe(404);
    expect(await user(stranger)).toEqual(before);
    expect(await getDb().allowance.count({ where: { userId: stranger } })).toBe(0);
  });
});

describe("an employee", () => {
  it("is refused (403) every action of the tab and every API write about others", async () => {
    const intents: Record<string, string>[] = [
      { intent: "users.update", userId: ids.joao, fullName: "Mine now", teamId: "none" },
      { intent: "users.allowances", userId: ids.eve, year: "2026", yearly: "99", residual: "0", specialLeave: "0" },
      { intent: "users.bulk-allowances", scope: "everyone", year: "2026", yearly: "99" },
      { intent: "users.delete", userId: ids.joao, confirmed: "1" },
      { intent: "users.invite", fullName: "Friend", email: "friend@people.test", role: "admin" },
    ];
    for (const fields of intents) expect((await post(fields, cookies.eve)).status, fields.intent).toBe(403);
    expect(((await run(() => usersLoader(args(getRequest("/company-settings/users", cookies.eve))))) as Response).status).toBe(403);
    expect((await userApi(args(api(`/api/users/${ids.joao}`, "PATCH", cookies.eve, { full_name: "Mine now" }), { id: ids.joao }))).status).toBe(403);
    expect((await userApi(args(api(`/api/users/${ids.eve}`, "PATCH", cookies.eve, { role: "admin" }), { id: ids.eve }))).status).toBe(403);
    expect((await userApi(args(api(`/api/users/${ids.joao}`, "DELETE", cookies.eve), { id: ids.joao }))).status).toBe(403);
    const upsert = { userId: ids.eve, year: 2026, yearlyAllowance: 99, residualAllowance: 0, specialLeaveAllowance: 0 };
    expect((await upsertApi(args(api("/api/reports/allowances/upsert", "POST", cookies.eve, upsert)))).status).toBe(403);
    expect(await user(ids.joao)).toMatchObject({ fullName: "João Gonçalves", deactivatedAt: null });
    expect(await getDb().allowance.count({ where: { userId: ids.eve, yearly: 99 } })).toBe(0);
  });
});

describe("PATCH /api/users/{id}", () => {
  it("stores a data URL picture as the upload is stored, and refuses one that is no image with {detail}", async () => {
    const picture = `data:image/png;base64,${(await png(600, 600)).toString("base64")}`;
    const response = await userApi(args(api(`/api/users/${ids.coOwner}`, "PATCH", cookies.owner, { full_name: "Oscar O.", profile_picture: picture }), { id: ids.coOwner }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body.full_name).toBe("Oscar O.");
    expect(String(body.profile_picture)).toMatch(/^data:image\/webp;base64,/);
    const meta = await sharp(Buffer.from(String(body.profile_picture).split(",")[1], "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([PHOTO_SIZE, PHOTO_SIZE]);

    const fake = `data:image/png;base64,${Buffer.from("hello").toString("base64")}`;
    const refused = await userApi(args(api(`/api/users/${ids.coOwner}`, "PATCH", cookies.owner, { profile_picture: fake }, "pt"), { id: ids.coOwner }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ detail: "A fotografia tem de ser uma imagem PNG, JPEG, GIF ou WebP." });
    const notData = await userApi(args(api(`/api/users/${ids.coOwner}`, "PATCH", cookies.owner, { profile_picture: "https://example.test/me.png" }), { id: ids.coOwner }));
    expect(notData.status).toBe(400);

    const cleared = await userApi(args(api(`/api/users/${ids.coOwner}`, "PATCH", cookies.owner, { profile_picture: null }), { id: ids.coOwner }));
    expect(((await cleared.json()) as Json).profile_picture).toBeNull();
  });
});
