// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// A leaver's exit export (issue 43, docs/decisions/0095-exit-export.md): the leave certificate PDF
// of the previous and current leave year (prorated allowance, taken, remaining, the dates) in the
// person's language, and the ZIP of their data as JSON and CSV, both audited; the person's own
// or, for company admins, anyone's of the company; other companies' ids are 404.
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "vitest";
import { auditActionKey } from "~/lib/audit-actions";
import { personDataExport, type ExportFileProvider } from "~/models/exit-export.server";
import * as apiCertificate from "~/api/users.$id.certificate";
import * as apiExport from "~/api/users.$id.export";
import { loader as certificatePage } from "~/routes/people.$userId.export.certificate[.]pdf";
import { loader as dataPage } from "~/routes/people.$userId.export.data[.]zip";
import { loader as personPage } from "~/routes/_app.people.$userId";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { LIMITS, recordAttempt, resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { pdfText } from "../support/pdf";

type Json = Record<string, unknown>;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};

async function signIn(email: string) {
  await resetRateLimits();
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

/** A download route's answer as a Response (a refusal arrives thrown). */
async function download(loader: (a: ReturnType<typeof args>) => unknown, path: string, cookie: string | undefined, params: Record<string, string>) {
  return (await run(() => loader(args(getRequest(path, cookie), params)))) as Response;
}

/** The PDF's text with its spaces made plain, so a row of figures reads as one line. */
async function textOf(response: Response) {
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).replace(/[\u00a0\s]+/g, " ");
}

/** A CSV file of the ZIP: its BOM, then its lines split on the language's separator. */
async function csvRows(zip: JSZip, name: string, separator: string) {
  const text = await zip.file(name)!.async("string");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .slice(1)
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(separator));
}

const approved = (companyId: string, userId: string, startDate: string, endDate: string, status = "approved") =>
  getDb().vacation.create({ data: { companyId, userId, startDate, endDate, status, categoryId: "yearly_allowance" } });

beforeAll(async () => {
  const db = getDb();
  const company = await createCompany("Saída SA");
  const admin = await createUser(company.id, { email: "admin@exit.test", role: "admin", fullName: "Ada Admin" });
  const employee = await createUser(company.id, { email: "employee@exit.test", fullName: "Eva Employee" });
  // The leaver reads Portuguese; their last day is 15 June 2026, so 2026's 22 days are prorated to
  // 10 (1 January–15 June: 118 of 261 weekdays, 22 × 118 / 261 = 9.95 → 10, decision 0080).
  const leaver = await createUser(company.id, { email: "leaver@exit.test", fullName: "Luís Leaver", preferredLanguage: "pt" });
  await db.user.update({ where: { id: leaver.id }, data: { firstDay: "2020-03-01", lastDay: "2026-06-15" } });
  await db.allowance.createMany({
    data: [
      { companyId: company.id, userId: leaver.id, year: 2025, yearly: 22 },
      { companyId: company.id, userId: leaver.id, year: 2026, yearly: 22 },
    ],
  });
  // 2025: 4–15 August, ten weekdays taken; a rejected request counts nothing.
  await approved(company.id, leaver.id, "2025-08-04", "2025-08-15");
  await approved(company.id, leaver.id, "2025-09-01", "2025-09-02", "rejected");
  // 2026: 2–6 February (five) and 2–3 March (two): seven taken, three left of ten.
  await approved(company.id, leaver.id, "2026-02-02", "2026-02-06");
  await approved(company.id, leaver.id, "2026-03-02", "2026-03-03");

  // A company counting the yearly allowance in hours (decision 0081): 176 h a year, two whole days taken.
  const hourly = await createCompany("Horas SA");
  await db.absenceCategory.updateMany({ where: { companyId: hourly.id, balance: { in: ["yearly", "residual"] } }, data: { unit: "hour" } });
  const hourAdmin = await createUser(hourly.id, { email: "admin@hours.test", role: "admin" });
  const hourLeaver = await createUser(hourly.id, { email: "leaver@hours.test", fullName: "Hélia Hours", preferredLanguage: "en" });
  await db.user.update({ where: { id: hourLeaver.id }, data: { lastDay: "2026-06-30" } });
  await db.allowance.create({ data: { companyId: hourly.id, userId: hourLeaver.id, year: 2026, yearly: 176 } });
  await approved(hourly.id, hourLeaver.id, "2026-02-02", "2026-02-03");
  Object.assign(ids, { hourAdmin: hourAdmin.id, hourLeaver: hourLeaver.id });

  const other = await createCompany("Other Lda");
  const stranger = await createUser(other.id, { email: "admin@other.test", role: "admin" });
  Object.assign(ids, { company: company.id, admin: admin.id, employee: employee.id, leaver: leaver.id, stranger: stranger.id });
  cookies.admin = await signIn("admin@exit.test");
  cookies.employee = await signIn("employee@exit.test");
  cookies.leaver = await signIn("leaver@exit.test");
  cookies.stranger = await signIn("admin@other.test");
  await resetRateLimits();
});

describe("the leave certificate", () => {
  it("holds the previous and current leave year's entitlement, taken, remaining and dates, in Portuguese for a Portuguese reader", async () => {
    const response = await download(certificatePage, `/people/${ids.leaver}/export/certificate.pdf`, cookies.admin, { userId: ids.leaver });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("filename*=UTF-8''certificado-de-f%C3%A9rias-lu%C3%ADs-leaver.pdf");
    const text = await textOf(response);
    expect(text).toContain("Certificado de férias");
    expect(text).toContain("Luís Leaver");
    expect(text).toContain("Último dia de trabalho: 15 de jun. de 2026");
    expect(text).toMatch(/Ano de férias 2025 .* Direito a Gozados Por gozar Férias anuais 22 dias 10 dias 12 dias .* 4 – 15 de ago\. de 2025 Férias 10 dias Ano de férias 2026/);
    expect(text).toMatch(/Ano de férias 2026.*Férias anuais 10 dias 7 dias 3 dias/);
    expect(text).toContain("proporcional ao período de trabalho no ano: 10 dias de 22 dias");
    expect(text).toMatch(/2 – 6 de fev\. de 2026 Férias 5 dias 2 – 3 de mar\. de 2026 Férias 2 dias/);
    // The rejected request is no leave taken.
    expect(text).not.toContain("set. de 2025");
  });

  it("is in English for an English reader, by the API as well as the link", async () => {
    await getDb().user.update({ where: { id: ids.leaver }, data: { preferredLanguage: "en" } });
    try {
      const response = await download(apiCertificate.loader, `/api/users/${ids.leaver}/certificate`, cookies.leaver, { id: ids.leaver });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      const text = await textOf(response);
      expect(text).toContain("Leave certificate");
      expect(text).toMatch(/Allowance Entitlement Taken Remaining/);
      expect(text).toMatch(/Leave year 2025.*Yearly allowance 22 days 10 days 12 days/);
      expect(text).toMatch(/Leave year 2026.*Yearly allowance 10 days 7 days 3 days/);
    } finally {
      await getDb().user.update({ where: { id: ids.leaver }, data: { preferredLanguage: "pt" } });
    }
  });
});

describe("a balance in hours", () => {
  it("is certified and exported in hours", async () => {
    const admin = await viewerFor({ id: ids.hourAdmin });
    const { zip } = await personDataExport(admin, ids.hourLeaver);
    const opened = await JSZip.loadAsync(zip);
    const balances = JSON.parse(await opened.file("balances.json")!.async("string")) as Json[];
    expect(balances).toHaveLength(1);
    expect(balances[0]).toMatchObject({ year: 2026, balance: "yearly", unit: "hour", taken: 16 });
    const entitlement = balances[0].entitlement as number;
    // Prorated to the first half of the year, in hours.
    expect(entitlement).toBeGreaterThan(80);
    expect(entitlement).toBeLessThan(96);
    expect(balances[0].remaining).toBe(entitlement - 16);
    const csv = await csvRows(opened, "balances.csv", ",");
    expect(csv[1].slice(3, 7)).toEqual(["Yearly allowance", "hours", String(entitlement), "16"]);

    const response = await download(apiCertificate.loader, `/api/users/${ids.hourLeaver}/certificate`, await signIn("admin@hours.test"), { id: ids.hourLeaver });
    const text = await textOf(response);
    expect(text).toMatch(new RegExp(`Yearly allowance ${entitlement} h 16 h ${entitlement - 16} h`));
    expect(text).toMatch(/2 – 3 Feb 2026 Vacation 16 h/);
  });
});

describe("the data export", () => {
  it("zips profile, absences, balances and the audit's entries about the person as JSON and CSV, for a removed leaver too", async () => {
    await getDb().user.update({ where: { id: ids.leaver }, data: { deactivatedAt: new Date() } });
    let response: Response;
    try {
      response = await download(dataPage, `/people/${ids.leaver}/export/data.zip`, cookies.admin, { userId: ids.leaver });
    } finally {
      await getDb().user.update({ where: { id: ids.leaver }, data: { deactivatedAt: null } });
    }
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(["absences.csv", "absences.json", "audit.csv", "audit.json", "balances.csv", "balances.json", "profile.csv", "profile.json"]);

    const profile = JSON.parse(await zip.file("profile.json")!.async("string")) as Json;
    expect(profile).toMatchObject({ id: ids.leaver, email: "leaver@exit.test", full_name: "Luís Leaver", first_day: "2020-03-01", last_day: "2026-06-15", company: "Saída SA" });
    expect(profile.deactivated_at).toEqual(expect.any(String));

    const balances = JSON.parse(await zip.file("balances.json")!.async("string")) as Json[];
    // From the first year with an allowance or absence to the year of the last day.
    expect(balances.map((row) => [row.year, row.balance, row.entitlement, row.taken, row.pending, row.remaining])).toEqual([
      [2025, "yearly", 22, 10, 0, 12],
      [2026, "yearly", 10, 7, 0, 3],
    ]);
    // Portuguese: ';' between cells, a comma for decimals, headers and labels in the person's language.
    const balanceCsv = await csvRows(zip, "balances.csv", ";");
    expect(balanceCsv[0]).toEqual(["Ano de férias", "Primeiro dia", "Último dia", "Direito", "Unidade", "Direito a", "Gozados", "Pendentes", "Expirados", "Por gozar"]);
    expect(balanceCsv.slice(1)).toEqual([
      ["2025", "2025-01-01", "2025-12-31", "Férias anuais", "dias", "22", "10", "0", "0", "12"],
      ["2026", "2026-01-01", "2026-12-31", "Férias anuais", "dias", "10", "7", "0", "0", "3"],
    ]);

    const absences = JSON.parse(await zip.file("absences.json")!.async("string")) as Json[];
    expect(absences.map((row) => [row.start_date, row.end_date, row.status, row.amount])).toEqual([
      ["2025-08-04", "2025-08-15", "approved", 10],
      ["2025-09-01", "2025-09-02", "rejected", 2],
      ["2026-02-02", "2026-02-06", "approved", 5],
      ["2026-03-02", "2026-03-03", "approved", 2],
    ]);
    const absenceCsv = await csvRows(zip, "absences.csv", ";");
    expect(absenceCsv[0].slice(0, 2)).toEqual(["Início", "Fim"]);
    expect(absenceCsv[1].slice(0, 4)).toEqual(["2025-08-04", "2025-08-15", "não", "não"]);
    expect(absenceCsv[2]).toContain("Rejeitado");
    // Moments as every CSV of the app writes them: date and time in the company's zone.
    expect(absenceCsv[1][12]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The certificates downloaded above are entries about the leaver.
    const audit = JSON.parse(await zip.file("audit.json")!.async("string")) as Json[];
    expect(audit.filter((row) => row.action === "user.certificate_exported").map((row) => row.actor)).toEqual(["Ada Admin", "Luís Leaver"]);
    const auditCsv = await csvRows(zip, "audit.csv", ";");
    expect(auditCsv[0].slice(0, 2)).toEqual(["Criado", "Ação"]);
    expect(auditCsv).toHaveLength(audit.length + 1);
  });

  it("carries each file provider's files under files/, and the API answers the same ZIP", async () => {
    const sickNotes: ExportFileProvider = async (_db, person) => (person.id === ids.leaver ? [{ path: "sick-notes/2026-02-02.pdf", bytes: new TextEncoder().encode("%PDF-note") }] : []);
    const { zip } = await personDataExport(await viewerFor({ id: ids.admin }), ids.leaver, { fileProviders: [sickNotes] });
    const opened = await JSZip.loadAsync(zip);
    expect(await opened.file("files/sick-notes/2026-02-02.pdf")!.async("string")).toBe("%PDF-note");

    const response = await download(apiExport.loader, `/api/users/${ids.employee}/export`, cookies.employee, { id: ids.employee });
    expect(response.status).toBe(200);
    const own = await JSZip.loadAsync(await response.arrayBuffer());
    expect(JSON.parse(await own.file("profile.json")!.async("string"))).toMatchObject({ id: ids.employee, email: "employee@exit.test" });
    expect(JSON.parse(await own.file("absences.json")!.async("string"))).toEqual([]);
  });
});

describe("who may export whom", () => {
  it("refuses a colleague (403) and other companies' or unknown ids (404), on the links and the API, and needs a sign-in", async () => {
    const cases: [Parameters<typeof download>[0], string, string | undefined, Record<string, string>, number][] = [
      [certificatePage, `/people/${ids.leaver}/export/certificate.pdf`, cookies.employee, { userId: ids.leaver }, 403],
      [dataPage, `/people/${ids.leaver}/export/data.zip`, cookies.employee, { userId: ids.leaver }, 403],
      [certificatePage, `/people/${ids.leaver}/export/certificate.pdf`, cookies.stranger, { userId: ids.leaver }, 404],
      [dataPage, `/people/${ids.leaver}/export/data.zip`, cookies.stranger, { userId: ids.leaver }, 404],
      [dataPage, `/people/nobody/export/data.zip`, cookies.admin, { userId: "nobody" }, 404],
      [apiCertificate.loader, `/api/users/${ids.leaver}/certificate`, cookies.employee, { id: ids.leaver }, 403],
      [apiExport.loader, `/api/users/${ids.leaver}/export`, cookies.stranger, { id: ids.leaver }, 404],
      [apiExport.loader, `/api/users/${ids.stranger}/export`, cookies.admin, { id: ids.stranger }, 404],
      [apiCertificate.loader, `/api/users/%ZZ/certificate`, cookies.admin, { id: "%ZZ" }, 404],
      [apiExport.loader, `/api/users/${ids.leaver}/export`, undefined, { id: ids.leaver }, 401],
    ];
    for (const [loader, path, cookie, params, status] of cases) {
      const response = await download(loader, path, cookie, params);
      expect(response.status, path).toBe(status);
    }
    // Refusals write nothing to the audit.
    const entries = await getDb().auditEntry.findMany({ where: { companyId: ids.company, action: { in: ["user.certificate_exported", "user.data_exported"] } }, select: { actorId: true } });
    expect(entries.filter((entry) => entry.actorId === ids.stranger)).toEqual([]);
  });

  it("shows the links to the person and admins only", async () => {
    const seen = async (cookie: string) => unwrapData<{ canExplainBalances: boolean }>(await run(() => personPage(args(getRequest(`/people/${ids.leaver}`, cookie), { userId: ids.leaver })))).value.canExplainBalances;
    expect(await seen(cookies.leaver)).toBe(true);
    expect(await seen(cookies.admin)).toBe(true);
    expect(await seen(cookies.employee)).toBe(false);
  });

  it("limits each person to 30 exports an hour (429)", async () => {
    await recordAttempt(LIMITS.exitExportPerUser, ids.admin, Date.now(), LIMITS.exitExportPerUser.max);
    const response = await download(apiCertificate.loader, `/api/users/${ids.leaver}/certificate`, cookies.admin, { id: ids.leaver });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBeTruthy();
    await resetRateLimits();
  });
});

describe("the audit", () => {
  it("records each download about the person, by whom, with its label in every language", async () => {
    const entries = await getDb().auditEntry.findMany({
      where: { companyId: ids.company, action: { in: ["user.certificate_exported", "user.data_exported"] } },
      select: { action: true, actorId: true, entity: true, entityId: true, details: true },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.entity, entry.entityId])).toEqual([
      ["user.certificate_exported", ids.admin, "user", ids.leaver],
      ["user.certificate_exported", ids.leaver, "user", ids.leaver],
      ["user.data_exported", ids.admin, "user", ids.leaver],
      ["user.data_exported", ids.admin, "user", ids.leaver],
      ["user.data_exported", ids.employee, "user", ids.employee],
    ]);
    expect(JSON.parse(entries[0].details)).toEqual({ years: [2025, 2026] });
    for (const language of ["pt", "en", "es"] as const) {
      for (const action of ["user.certificate_exported", "user.data_exported"]) expect(getT(language)(auditActionKey(action))).not.toBe(auditActionKey(action));
    }
  });
});
