// The Bank holidays screen and /api/holidays (spec sections 2, 5, 7), signed in like a browser:
// each filter, creating (spec defaults), deleting (asked first), the CSV import (dry run, then for
// real; duplicates skipped; the spec's file checks), the official holidays of the catalogue;
// another company's ids (404, nothing deleted); an employee (403 on every write, form and API);
// one audit entry per write; and a regional holiday changing the working days of a pending request.
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/_app.national-holidays/route";
import { loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as oneApi, loader as oneGet } from "~/api/holidays.$id";
import { action as importApi, loader as importGet } from "~/api/holidays.import-csv";
import { action as holidaysApi, loader as holidaysList } from "~/api/holidays._index";
import { loader as templateLoader } from "~/routes/national-holidays.template[.]csv";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

interface Reply {
  intent?: string;
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> };
  result?: { status?: string; error?: Record<string, string[] | null> };
  confirm?: { fields: Record<string, string> };
  csv?: { dryRun: boolean; text: string | null; counts: { created: number; skipped: number; errors: number }; create: { line: number | null; name: string }[]; skip: { reason: string; line: number | null }[]; errors: { line: number; key: string }[] };
}

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let acme: string;
let globex: string;

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function page(query: string, cookie = cookies.admin) {
  const result = await run(() => pageLoader(args(getRequest(`/national-holidays${query}`, cookie))));
  if (result instanceof Response) throw new Error(`page answered ${result.status}`);
  return result;
}

async function form(fields: Record<string, string>, cookie = cookies.admin) {
  return unwrapData<Reply>(await pageAction(args(postForm("/national-holidays", fields, cookie))));
}

/** The import form as a browser sends it: multipart, with the file. */
async function upload(content: string | Uint8Array<ArrayBuffer>, mode: "preview" | "import", cookie = cookies.admin, extra: Record<string, string> = {}) {
  const body = new FormData();
  body.set("intent", "import");
  body.set("mode", mode);
  for (const [name, value] of Object.entries(extra)) body.set(name, value);
  body.set("file", new File([content], "holidays.csv", { type: "text/csv" }));
  const request = new Request(`${BASE}/national-holidays`, { method: "POST", headers: { Cookie: cookie }, body });
  return unwrapData<Reply>(await pageAction(args(request)));
}

function api(path: string, method: string, cookie: string, body?: unknown) {
  return new Request(`${BASE}${path}`, {
    method,
    headers: { Cookie: cookie, "Accept-Language": "en", ...(body instanceof FormData ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
}

const csvFile = (content: string) => {
  const body = new FormData();
  body.set("file", new File([content], "holidays.csv", { type: "text/csv" }));
  return body;
};

const holidays = (companyId: string) => getDb().holiday.findMany({ where: { companyId }, orderBy: [{ date: "asc" }, { name: "asc" }] });
const audits = (companyId: string, action: string) =>
  getDb()
    .auditEntry.findMany({ where: { companyId, action }, orderBy: { createdAt: "asc" } })
    .then((rows) => rows.map((row) => ({ ...row, details: JSON.parse(row.details) })));

async function seedHolidays() {
  const db = getDb();
  await db.holiday.deleteMany({ where: { companyId: acme } });
  await db.holiday.createMany({
    data: [
      { companyId: acme, date: "2027-01-01", name: "Ano Novo", countryCode: "PT", isRecurring: false },
      { companyId: acme, date: "2027-04-25", name: "Dia da Liberdade", countryCode: "PT", isRecurring: false },
      { companyId: acme, date: "2027-10-05", name: "Implantação da República", countryCode: "PT", isRecurring: false },
      { companyId: acme, date: "2026-12-25", name: "Natal", countryCode: "PT", isRecurring: true },
      { companyId: acme, date: "2027-05-02", name: "Fiesta de Madrid", countryCode: "ES", region: "MD", isRecurring: false },
      { companyId: acme, date: "2028-04-25", name: "Dia da Liberdade", countryCode: "PT", isRecurring: false },
    ],
  });
}

beforeAll(async () => {
  await resetRateLimits();
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  const owner = await createUser(acme, { role: "owner", email: "owner@holidays.test", fullName: "Olga Owner" });
  const admin = await createUser(acme, { role: "admin", email: "admin@holidays.test", fullName: "Ana Admin" });
  const team = await createTeam(acme, "Ops", [admin.id]);
  const employee = await createUser(acme, { email: "eve@holidays.test", fullName: "Eve Employee", teamId: team.id });
  const islander = await createUser(acme, { email: "ines@holidays.test", fullName: "Inês Ilhéu", teamId: team.id });
  await getDb().user.update({ where: { id: islander.id }, data: { region: "30" } });
  const gOwner = await createUser(globex, { role: "owner", email: "owner@globex-holidays.test" });
  const foreign = await getDb().holiday.create({ data: { companyId: globex, date: "2027-06-24", name: "São João", countryCode: "PT", isRecurring: false } });
  Object.assign(ids, { owner: owner.id, admin: admin.id, employee: employee.id, islander: islander.id, gOwner: gOwner.id, foreign: foreign.id });
  cookies.owner = await signIn("owner@holidays.test");
  cookies.admin = await signIn("admin@holidays.test");
  cookies.employee = await signIn("eve@holidays.test");
  cookies.islander = await signIn("ines@holidays.test");
  cookies.globex = await signIn("owner@globex-holidays.test");
});
beforeEach(async () => {
  await resetRateLimits();
  await seedHolidays();
});

describe("the list and its filters", () => {
  const names = (data: Awaited<ReturnType<typeof page>>) => data.list?.rows.map((row) => `${row.date} ${row.name}`);

  it("opens on this year's holidays; an emptied year shows every year; recurring ones show in every year", async () => {
    const year = new Date().getFullYear();
    const opened = await page("");
    expect(opened.filters.year).toBe(String(year));
    expect(opened.list?.rows.every((row) => row.date.startsWith(`${year}-`) || row.isRecurring)).toBe(true);
    expect(names(await page("?year="))).toEqual([
      "2026-12-25 Natal",
      "2027-01-01 Ano Novo",
      "2027-04-25 Dia da Liberdade",
      "2027-05-02 Fiesta de Madrid",
      "2027-10-05 Implantação da República",
      "2028-04-25 Dia da Liberdade",
    ]);
    expect(names(await page("?year=2028"))).toEqual(["2026-12-25 Natal", "2028-04-25 Dia da Liberdade"]);
  });

  it("filters by country (upper-cased), month (one or two digits) and name (case and accents ignored)", async () => {
    expect(names(await page("?year=2027&country=es"))).toEqual(["2027-05-02 Fiesta de Madrid"]);
    expect((await page("?year=2027&country=es")).filters.country).toBe("ES");
    expect(names(await page("?year=2027&month=4"))).toEqual(["2027-04-25 Dia da Liberdade"]);
    expect(names(await page("?year=&month=04"))).toEqual(["2027-04-25 Dia da Liberdade", "2028-04-25 Dia da Liberdade"]);
    expect(names(await page("?year=2027&month=12"))).toEqual(["2026-12-25 Natal"]);
    expect(names(await page("?year=2027&q=implantacao"))).toEqual(["2027-10-05 Implantação da República"]);
    expect(names(await page("?year=&q=LIBERDADE&country=PT"))).toEqual(["2027-04-25 Dia da Liberdade", "2028-04-25 Dia da Liberdade"]);
  });

  it("shows a wrong filter next to its field and leaves it out", async () => {
    const data = await page("?year=27&country=P1&month=13");
    expect(data.filterErrors).toEqual({ year: "holidays.filters.yearInvalid", country: "holidays.filters.countryInvalid", month: "holidays.filters.monthInvalid" });
    expect(data.filters).toMatchObject({ year: "27", country: "P1", month: "13" });
    expect(data.list?.total).toBe(6);
  });

  it("gives employees the list to read, without the admin's forms, and the region's name", async () => {
    const data = await page("?year=2027", cookies.employee);
    expect(data.canManage).toBe(false);
    expect(data.catalogue).toBeNull();
    expect(data.list?.rows.find((row) => row.region === "MD")).toMatchObject({ countryName: "Espanha", regionName: "Comunidad de Madrid" });
  });

  it("never shows another company's holidays", async () => {
    const data = await page("?year=", cookies.admin);
    expect(data.list?.rows.map((row) => row.id)).not.toContain(ids.foreign);
  });

  it("says what to do next when the company has none", async () => {
    await getDb().holiday.deleteMany({ where: { companyId: acme } });
    expect(await page("")).toMatchObject({ hasAny: false, list: { total: 0 } });
  });
});

describe("adding a holiday", () => {
  it("needs a date and a name", async () => {
    const reply = await form({ intent: "create", date: "", name: " ", countryCode: "PT" });
    expect(reply.status).toBe(400);
    expect(reply.value.result?.error).toMatchObject({ date: ["holidays.validation.dateRequired"], name: ["holidays.validation.nameRequired"] });
    const bad = await form({ intent: "create", date: "2027-02-30", name: "X", countryCode: "Portugal" });
    expect(bad.value.result?.error).toMatchObject({ date: ["validation.dateInvalid"], countryCode: ["holidays.validation.countryInvalid"] });
  });

  it("takes the company's country when empty, upper-cases a given one, reads the box, audits", async () => {
    const first = await form({ intent: "create", date: "2027-06-13", name: "Santo António", countryCode: "", region: "", isRecurring: "on" });
    expect(first.status).toBe(200);
    expect(first.value.notice).toMatchObject({ tone: "success", key: "holidays.notices.created" });
    const second = await form({ intent: "create", date: "2027-07-01", name: "Dia da Região", countryCode: "pt", region: "pt-30" });
    expect(second.status).toBe(200);
    const rows = await holidays(acme);
    expect(rows.find((h) => h.name === "Santo António")).toMatchObject({ countryCode: "PT", region: null, isRecurring: true });
    // An unticked box sends nothing: not recurring.
    expect(rows.find((h) => h.name === "Dia da Região")).toMatchObject({ countryCode: "PT", region: "30", isRecurring: false });
    const created = await audits(acme, "holiday.created");
    expect(created.at(-1)?.details).toEqual({ date: { old: null, new: "2027-07-01" }, name: { old: null, new: "Dia da Região" }, country_code: { old: null, new: "PT" }, region: { old: null, new: "30" }, is_recurring: { old: null, new: false } });
  });

  it("refuses the same country, date and name twice with the spec's line", async () => {
    const reply = await form({ intent: "create", date: "2027-01-01", name: "Ano Novo", countryCode: "PT" });
    expect(reply.status).toBe(409);
    expect(reply.value.notice).toMatchObject({ tone: "error", key: "holidays.createFailed", detail: "holidays.exists" });
  });

  it("is refused to an employee (403), nothing written", async () => {
    const before = await getDb().holiday.count({ where: { companyId: acme } });
    const reply = await form({ intent: "create", date: "2027-08-01", name: "Folga", countryCode: "PT" }, cookies.employee);
    expect(reply.status).toBe(403);
    expect(reply.value.notice).toMatchObject({ tone: "error", key: "holidays.createFailed", detail: "errors.forbidden" });
    // Refused before its fields are looked at: no field errors to learn from.
    expect((await form({ intent: "create", date: "", name: "" }, cookies.employee)).status).toBe(403);
    expect(await getDb().holiday.count({ where: { companyId: acme } })).toBe(before);
  });
});

describe("deleting a holiday", () => {
  it("asks first (no JavaScript), then deletes on 'yes' and audits the old values", async () => {
    const target = (await holidays(acme)).find((h) => h.name === "Ano Novo")!;
    const asked = await form({ intent: "delete", id: target.id, name: target.name, date: target.date });
    expect(asked.value.confirm?.fields).toMatchObject({ intent: "delete", id: target.id });
    expect(await getDb().holiday.findUnique({ where: { id: target.id } })).not.toBeNull();
    const done = await form({ intent: "delete", id: target.id, confirmed: "1" });
    expect(done.value.notice).toMatchObject({ tone: "success", key: "holidays.notices.deleted", values: { name: "Ano Novo", date: "1\u00a0de\u00a0jan.\u00a0de\u00a02027" } });
    expect(await getDb().holiday.findUnique({ where: { id: target.id } })).toBeNull();
    const [entry] = await audits(acme, "holiday.deleted");
    expect(entry).toMatchObject({ entityId: target.id, actorId: ids.admin });
    expect(entry.details).toMatchObject({ name: { old: "Ano Novo", new: null }, date: { old: "2027-01-01", new: null } });
  });

  it("answers 404 for another company's id and deletes nothing", async () => {
    const reply = await form({ intent: "delete", id: ids.foreign, confirmed: "1" });
    expect(reply.status).toBe(404);
    expect(reply.value.notice).toMatchObject({ tone: "error", key: "holidays.deleteFailed", detail: "holidays.notFound" });
    expect(await getDb().holiday.findUnique({ where: { id: ids.foreign } })).not.toBeNull();
  });

  it("is refused to an employee (403)", async () => {
    const target = (await holidays(acme))[0];
    const reply = await form({ intent: "delete", id: target.id, confirmed: "1" }, cookies.employee);
    expect(reply.status).toBe(403);
    expect(await getDb().holiday.findUnique({ where: { id: target.id } })).not.toBeNull();
  });
});

describe("the CSV import on the screen", () => {
  const file = [
    "\uFEFFdate,name,country_code,is_recurring",
    "2027-01-01,Ano Novo,PT,false",
    "2027-06-13,Santo António,,true",
    "2027-06-13,Santo António,PT,true",
    "2027-02-30,Dia impossível,PT,false",
    "2027-08-15,Assunção,pt,",
  ].join("\r\n");

  it("previews without writing: what would be created, skipped (existing, repeated) and refused", async () => {
    const before = await holidays(acme);
    const auditsBefore = (await audits(acme, "holiday.imported")).length;
    const reply = await upload(file, "preview");
    expect(reply.status).toBe(200);
    expect(reply.value.csv).toMatchObject({ dryRun: true, counts: { created: 2, skipped: 2, errors: 1 } });
    expect(reply.value.csv?.create.map((row) => [row.line, row.name])).toEqual([
      [3, "Santo António"],
      [6, "Assunção"],
    ]);
    expect(reply.value.csv?.skip.map((row) => [row.line, row.reason])).toEqual([
      [2, "exists"],
      [4, "repeated"],
    ]);
    expect(reply.value.csv?.errors).toEqual([{ line: 5, key: "validation.dateInvalid", params: { field: "date", value: "2027-02-30" } }]);
    expect(await holidays(acme)).toEqual(before);
    expect(await audits(acme, "holiday.imported")).toHaveLength(auditsBefore);
    // The preview carries the file's text, so "Import" needs no second upload.
    expect(reply.value.csv?.text).toContain("Santo António");
  });

  it("imports the previewed text for real, accents kept, with one audit entry carrying the counts", async () => {
    const preview = await upload(file, "preview");
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: "import", mode: "import", csv: preview.value.csv!.text! })) body.set(name, value);
    const reply = unwrapData<Reply>(await pageAction(args(new Request(`${BASE}/national-holidays`, { method: "POST", headers: { Cookie: cookies.admin }, body }))));
    expect(reply.value.csv).toMatchObject({ dryRun: false, text: null, counts: { created: 2, skipped: 2, errors: 1 } });
    const rows = await holidays(acme);
    expect(rows.find((h) => h.name === "Santo António")).toMatchObject({ countryCode: "PT", isRecurring: true, date: "2027-06-13" });
    expect(rows.find((h) => h.name === "Assunção")).toMatchObject({ countryCode: "PT", isRecurring: true });
    const entries = await audits(acme, "holiday.imported");
    expect(entries.at(-1)?.details).toEqual({ source: "csv", created: 2, skipped: 2, errors: 1 });
    // Again: everything is there already.
    const again = await upload(file, "import");
    expect(again.value.csv?.counts).toEqual({ created: 0, skipped: 4, errors: 1 });
  });

  it("refuses a file the spec's checks refuse, with the spec's line and the reason", async () => {
    const empty = await upload("", "preview");
    expect(empty.status).toBe(400);
    expect(empty.value.notice).toMatchObject({ tone: "error", key: "holidays.importFailed" });
    const blank = await upload("\uFEFF\r\n", "preview");
    expect(blank.value.notice).toMatchObject({ key: "holidays.importFailed", detail: "holidays.csv.empty" });
    const header = await upload("date;name;country_code;is_recurring\n2027-01-01;Ano Novo;PT;true\n", "import");
    expect(header.value.notice).toMatchObject({ key: "holidays.importFailed", detail: "holidays.csv.invalidHeader" });
    const dates = await upload("date,name,country_code,is_national\n01/01/2027,Ano Novo,PT,true\n", "import");
    expect(dates.value.notice).toMatchObject({ key: "holidays.importFailed", detail: "holidays.csv.badDates", values: { count: "1", lines: "2" } });
  });

  it("reads Excel's Windows-1252 file with its accents", async () => {
    const text = "date,name,country_code,is_recurring\r\n2027-12-08,Imaculada Conceição,PT,false\r\n";
    const reply = await upload(new Uint8Array([...text].map((c) => c.charCodeAt(0))), "import");
    expect(reply.value.csv?.counts.created).toBe(1);
    expect((await holidays(acme)).some((h) => h.name === "Imaculada Conceição")).toBe(true);
  });

  it("is refused to an employee (403), nothing written", async () => {
    const before = await holidays(acme);
    const reply = await upload(file, "import", cookies.employee);
    expect(reply.status).toBe(403);
    expect(await holidays(acme)).toEqual(before);
  });

  it("offers the template", async () => {
    const response = (await templateLoader(args(getRequest("/national-holidays/template.csv", cookies.employee)))) as Response;
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(await response.text()).toContain("date,name,country_code,is_recurring");
  });
});

describe("the official holidays of the catalogue", () => {
  it("previews a country's region for a year, then adds them once, audited once", async () => {
    const data = await page("?load=preview&load_country=ES&load_region=MD&load_year=2027");
    expect(data.catalogue?.regions.some((r) => r.code === "MD")).toBe(true);
    const preview = data.catalogue!.preview!;
    expect(preview.create.some((h) => h.region === "MD" && h.date === "2027-05-03")).toBe(true);
    expect(preview.create.some((h) => h.region === null && h.name === "Día de los Reyes Magos")).toBe(true);
    expect(await getDb().holiday.count({ where: { companyId: acme, countryCode: "ES" } })).toBe(1);

    const reply = await form({ intent: "catalogue", load_country: "ES", load_region: "MD", load_year: "2027" });
    expect(reply.value.notice).toMatchObject({ tone: "success", key: "holidays.catalogue.loaded", values: { created: String(preview.counts.created), skipped: String(preview.counts.skipped) } });
    expect(await getDb().holiday.count({ where: { companyId: acme, countryCode: "ES", region: "MD" } })).toBeGreaterThan(1);
    const [entry] = await audits(acme, "holiday.catalogue_loaded");
    expect(entry.details).toMatchObject({ country_code: "ES", region: "MD", year: 2027, created: preview.counts.created });
    const after = await page("?load=preview&load_country=ES&load_region=MD&load_year=2027");
    expect(after.catalogue?.preview?.counts.created).toBe(0);
  });

  it("names a region the country does not have next to its field", async () => {
    const data = await page("?load=preview&load_country=PT&load_region=MD&load_year=2027");
    expect(data.catalogue?.errors).toEqual({ load_region: "holidays.catalogue.regionUnknown" });
    expect((await page("?load=preview&load_country=ES&load_region=Madrid%20city&load_year=2027")).catalogue).toMatchObject({ errors: { load_region: "holidays.catalogue.regionUnknown" }, preview: null });
    expect((await form({ intent: "catalogue", load_country: "ES", load_region: "Madrid city", load_year: "2027" })).value.notice).toMatchObject({ detail: "holidays.catalogue.regionUnknown" });
    const reply = await form({ intent: "catalogue", load_country: "XX", load_region: "", load_year: "2027" });
    expect(reply.status).toBe(400);
    expect(reply.value.notice).toMatchObject({ key: "holidays.importFailed", detail: "holidays.catalogue.countryUnknown" });
  });

  it("is refused to an employee (403)", async () => {
    const reply = await form({ intent: "catalogue", load_country: "PT", load_region: "", load_year: "2027" }, cookies.employee);
    expect(reply.status).toBe(403);
  });
});

describe("/api/holidays", () => {
  const list = async (query: string, cookie = cookies.employee) => {
    const response = await holidaysList(args(api(`/api/holidays${query}`, "GET", cookie)));
    return { status: response.status, body: await response.json(), total: response.headers.get("X-Total-Count") };
  };

  it("lists with year, month, country_code (or its other names), date range, q and page_size up to 500", async () => {
    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.total).toBe("6");
    expect(all.body[0]).toEqual({ id: expect.any(String), date: "2026-12-25", name: "Natal", country_code: "PT", region: null, is_recurring: true });
    expect((await list("?year=2028")).body.map((h: { name: string }) => h.name)).toEqual(["Natal", "Dia da Liberdade"]);
    expect((await list("?country_code=ES")).body.map((h: { region: string }) => h.region)).toEqual(["MD"]);
    expect((await list("?iso3=ESP")).total).toBe("1");
    expect((await list("?locale=es-ES")).total).toBe("1");
    expect((await list("?date_from=2027-04-01&date_to=2027-12-31")).total).toBe("3");
    expect((await list("?month=4")).total).toBe("2");
    expect((await list("?q=republica")).body[0].name).toBe("Implantação da República");
    const paged = await list("?page_size=2&page=2");
    expect(paged.total).toBe("6");
    expect(paged.body.map((h: { date: string }) => h.date)).toEqual(["2027-04-25", "2027-05-02"]);
  });

  it("answers 400 for a filter or a page size it cannot take", async () => {
    expect(await list("?page_size=501")).toMatchObject({ status: 400, body: { detail: "page_size must be a whole number from 1 to 500." } });
    expect(await list("?country_code=Portugal")).toMatchObject({ status: 400, body: { fields: { country_code: "Enter the country as 2 letters (e.g. PT)." } } });
    expect((await list("?year=99")).status).toBe(400);
    expect((await list("?month=13")).status).toBe(400);
  });

  it("creates with the spec's other field names, and refuses an employee (403)", async () => {
    const created = await holidaysApi(args(api("/api/holidays", "POST", cookies.owner, { date: "2027-06-10", description: "Dia de Portugal", iso3: "PRT", subdivision: "pt-20", is_national: "false" })));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ date: "2027-06-10", name: "Dia de Portugal", country_code: "PT", region: "20", is_recurring: false });
    const defaults = await holidaysApi(args(api("/api/holidays", "POST", cookies.owner, { date: "2027-06-24", name: "São João" })));
    expect(await defaults.json()).toMatchObject({ country_code: "PT", region: null, is_recurring: true });
    const invalid = await holidaysApi(args(api("/api/holidays", "POST", cookies.owner, { date: "2027-13-01", name: "", country: "Spain" })));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).fields).toEqual({ date: "Enter a valid date.", name: "Enter the holiday's name.", country_code: "Enter the country as 2 letters (e.g. PT)." });
    const duplicate = await holidaysApi(args(api("/api/holidays", "POST", cookies.owner, { date: "2027-01-01", name: "Ano Novo" })));
    expect(duplicate.status).toBe(409);
    const refused = await holidaysApi(args(api("/api/holidays", "POST", cookies.employee, { date: "2027-09-01", name: "Folga" })));
    expect(refused.status).toBe(403);
    expect(await getDb().holiday.count({ where: { companyId: acme, name: "Folga" } })).toBe(0);
  });

  it("deletes the company's own (204), 404 for another company's (nothing deleted), 403 for an employee", async () => {
    const target = (await holidays(acme))[0];
    expect((await oneApi(args(api(`/api/holidays/${target.id}`, "DELETE", cookies.employee), { id: target.id }))).status).toBe(403);
    expect((await oneApi(args(api(`/api/holidays/${ids.foreign}`, "DELETE", cookies.owner), { id: ids.foreign }))).status).toBe(404);
    expect(await getDb().holiday.findUnique({ where: { id: ids.foreign } })).not.toBeNull();
    expect((await oneGet(args(api(`/api/holidays/${ids.foreign}`, "GET", cookies.owner), { id: ids.foreign }))).status).toBe(404);
    expect((await oneApi(args(api(`/api/holidays/${target.id}`, "DELETE", cookies.owner), { id: target.id }))).status).toBe(204);
    expect(await getDb().holiday.findUnique({ where: { id: target.id } })).toBeNull();
    expect((await oneApi(args(api(`/api/holidays/${target.id}`, "PUT", cookies.owner), { id: target.id }))).status).toBe(405);
  });

  it("imports a multipart CSV with dry_run, answering created, skipped and errors", async () => {
    const content = "Date , Name,Country_Code,IS_NATIONAL\n2027-01-01,Ano Novo,PT,true\n2027-11-01,Todos os Santos,PT,1\n2027-11-31,Mau,PT,0\n";
    const dry = await importApi(args(api("/api/holidays/import-csv?dry_run=true", "POST", cookies.owner, csvFile(content))));
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({ created: 1, skipped: 1, errors: [{ line: 4, detail: "Enter a valid date.", field: "date", value: "2027-11-31" }], dry_run: true });
    expect(await getDb().holiday.count({ where: { companyId: acme, name: "Todos os Santos" } })).toBe(0);
    const real = await importApi(args(api("/api/holidays/import-csv?dry_run=false", "POST", cookies.owner, csvFile(content))));
    expect(await real.json()).toMatchObject({ created: 1, skipped: 1, dry_run: false });
    expect(await getDb().holiday.findFirst({ where: { companyId: acme, name: "Todos os Santos" } })).toMatchObject({ isRecurring: true });

    const header = await importApi(args(api("/api/holidays/import-csv", "POST", cookies.owner, csvFile("when,what\n2027-01-01,x\n"))));
    expect(header.status).toBe(400);
    expect((await header.json()).detail).toContain("Invalid header");
    expect((await importApi(args(api("/api/holidays/import-csv?dry_run=maybe", "POST", cookies.owner, csvFile(content))))).status).toBe(400);
    expect((await importApi(args(api("/api/holidays/import-csv", "POST", cookies.owner, new FormData())))).status).toBe(400);
    expect((await importApi(args(api("/api/holidays/import-csv", "POST", cookies.employee, csvFile(content))))).status).toBe(403);
    expect((await importGet(args(api("/api/holidays/import-csv", "GET", cookies.owner)))).status).toBe(405);
  });
});

describe("working days follow each person's country and region", () => {
  it("a regional holiday added on the screen takes a day off the pending request of a person of that region only", async () => {
    const db = getDb();
    // Monday 15 to Friday 19 March 2027, pending, for a person of region 30 and one without a region.
    const mine = await db.vacation.create({ data: { companyId: acme, userId: ids.islander, startDate: "2027-03-15", endDate: "2027-03-19", status: "pending" } });
    const theirs = await db.vacation.create({ data: { companyId: acme, userId: ids.employee, startDate: "2027-03-15", endDate: "2027-03-19", status: "pending" } });
    const days = async (cookie: string, id: string) => {
      const data = await run(() => vacationsLoader(args(getRequest("/vacations?from=2027-03-01&to=2027-03-31", cookie))));
      if (data instanceof Response) throw new Error(String(data.status));
      return data.mine.rows.find((row) => row.id === id)?.workingDays;
    };
    expect(await days(cookies.islander, mine.id)).toBe(5);
    const reply = await form({ intent: "create", date: "2027-03-17", name: "Dia da Região", countryCode: "PT", region: "30" });
    expect(reply.status).toBe(200);
    expect(await days(cookies.islander, mine.id)).toBe(4);
    expect(await days(cookies.employee, theirs.id)).toBe(5);
    await db.vacation.deleteMany({ where: { id: { in: [mine.id, theirs.id] } } });
  });
});

describe("no input is a 5xx", () => {
  // Values a person or a client may send by mistake or on purpose.
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("", " ", "2027-02-29", "2027-13-01", "9999-12-31", "PT", "pt-30", "ES", "MD", "XX", "true", "no", "🎉", "a".repeat(300), "1e309", "-1", "0", "500", "501"),
  );
  const fields = fc.dictionary(fc.constantFrom("intent", "id", "date", "name", "countryCode", "region", "isRecurring", "mode", "csv", "confirmed", "load_country", "load_region", "load_year"), value, { maxKeys: 8 });
  const intent = fc.constantFrom("create", "delete", "import", "catalogue", "other");
  const query = fc.dictionary(
    fc.constantFrom("country", "country_code", "iso3", "locale", "cc", "year", "month", "q", "page", "page_size", "offset", "date_from", "date_to", "load", "load_country", "load_region", "load_year"),
    value,
    { maxKeys: 6 },
  );
  const status = async (run: () => Promise<unknown>) => {
    try {
      const result = await run();
      if (result instanceof Response) return result.status;
      return unwrapData(result).status;
    } catch (error) {
      if (error instanceof Response) return error.status;
      const wrapped = error as { type?: string; init?: ResponseInit | null };
      if (wrapped?.type === "DataWithResponseInit") return wrapped.init?.status ?? 200;
      throw error;
    }
  };

  it("on the screen's forms and filters, or the API's list and create", async () => {
    await fc.assert(
      fc.asyncProperty(intent, fields, query, async (chosen, sent, params) => {
        const search = `?${new URLSearchParams(params)}`;
        expect(await status(() => pageAction(args(postForm(`/national-holidays${search}`, { ...sent, intent: sent.intent ?? chosen }, cookies.admin))))).toBeLessThan(500);
        expect(await status(() => pageLoader(args(getRequest(`/national-holidays${search}`, cookies.admin))))).toBeLessThan(500);
        expect(await status(() => holidaysList(args(api(`/api/holidays${search}`, "GET", cookies.employee))))).toBeLessThan(500);
        expect(await status(() => holidaysApi(args(api("/api/holidays", "POST", cookies.owner, sent))))).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
