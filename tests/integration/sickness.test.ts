// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Sickness, reported rather than requested, and its certificate (issue 41, decision 0092): a
// report is recorded at once and only the team admins hear of it; uploads are checked by their
// bytes and size (a PDF-named text, 5 MB + 1 byte, a name with a path in it); only the person and
// company admins download; the overdue reminder goes once, across processes; a person who leaves
// takes their files with them.
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, todayIn } from "~/lib/dates";
import { MAX_CERTIFICATE_BYTES } from "~/lib/certificates";
import { certificateOverview, overdueCertificates, runCertificateReminders } from "~/models/certificate.server";
import { updateLeaveYearSettings } from "~/models/company.server";
import { deactivateUser } from "~/models/user.server";
import { action as certificateAction, loader as certificatePage } from "~/routes/_app.vacations_.$id.certificate";
import { loader as download } from "~/routes/certificates.$id";
import { action as vacationsAction, loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as loginAction } from "~/routes/login";
import type { SignedInViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { settleMail } from "~/utils/mail.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { testSmtp } from "../support/smtp";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

let companyId: string;
let cookies: Record<"eva" | "ted" | "olga" | "col" | "globex", string>;
let viewers: Record<"eva" | "olga" | "ted", SignedInViewer>;
let ids: Record<string, string>;
/** A Monday at least three weeks ago, in the company's zone: a sickness from it is long overdue. */
let monday: string;

async function login(email: string) {
  return cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
}

function uploadRequest(vacationId: string, cookie: string, file: Blob | null, name = "certificate.pdf") {
  const form = new FormData();
  if (file) form.set("file", file, name);
  return new Request(`${BASE}/vacations/${vacationId}/certificate`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

async function upload(vacationId: string, cookie: string, bytes: Uint8Array, name?: string, type = "application/pdf") {
  const result = await run(() => certificateAction(args(uploadRequest(vacationId, cookie, new Blob([bytes as BlobPart], { type }), name), { id: vacationId })));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), notice: null };
  const { value, status } = unwrapData<{ notice?: { key: string } }>(result);
  return { status, location: null, notice: value.notice?.key ?? null };
}

async function report(cookie: string, startDate: string, endDate: string, recipientType = "whole_team") {
  const response = await run(() => vacationsAction(args(postForm("/vacations", { intent: "create", categoryId: "sick_leave", startDate, endDate, description: "Gripe", recipientType }, cookie))));
  expect(response).toBeInstanceOf(Response);
  const location = (response as Response).headers.get("Location") ?? "";
  const created = await getDb().vacation.findFirst({ where: { companyId, startDate, categoryId: "sick_leave" }, orderBy: { createdAt: "desc" }, select: { id: true, status: true } });
  return { location, ...created! };
}

/** The certificate links of the Absences lists a person sees (their own, and the company's for an admin), by absence. */
async function certificateLinks(cookie: string) {
  type Row = { id: string; certificate?: { href: string; state: string } };
  const { value } = unwrapData<{ mine: { rows: Row[] }; company: { rows: Row[] } | null }>(await vacationsLoader(args(getRequest("/vacations?size=100&csize=100", cookie))));
  const linked = (rows: Row[] = []) => Object.fromEntries(rows.flatMap((row) => (row.certificate ? [[row.id, row.certificate]] : [])));
  return { mine: linked(value.mine.rows), company: linked(value.company?.rows) };
}

beforeAll(async () => {
  await resetRateLimits();
  const db = getDb();
  companyId = (await createCompany("Acme")).id;
  const globexId = (await createCompany("Globex")).id;
  const team = await createTeam(companyId, "Ops");
  const olga = await createUser(companyId, { role: "owner", email: "olga@acme.test", fullName: "Olga Owner" });
  // A team's admins are company admins (REVIEWER_ROLES): Ted reviews Ops.
  const ted = await createUser(companyId, { role: "admin", email: "ted@acme.test", fullName: "Ted Teamadmin", teamId: team.id });
  const eva = await createUser(companyId, { email: "eva@acme.test", fullName: "Eva Employee", teamId: team.id });
  const col = await createUser(companyId, { email: "col@acme.test", fullName: "Col League", teamId: team.id });
  await createUser(globexId, { role: "admin", email: "boss@globex.test" });
  await db.teamAdmin.create({ data: { teamId: team.id, userId: ted.id } });
  ids = { eva: eva.id, col: col.id, team: team.id, globex: globexId };
  cookies = { eva: await login("eva@acme.test"), ted: await login("ted@acme.test"), olga: await login("olga@acme.test"), col: await login("col@acme.test"), globex: await login("boss@globex.test") };
  viewers = { eva: await viewerFor(eva), olga: await viewerFor(olga), ted: await viewerFor(ted) };
  monday = addDays(todayIn("Europe/Lisbon"), -28);
  while (dayOfWeek(monday) !== 1) monday = addDays(monday, -1);
});

describe("a sickness report", () => {
  it("is recorded at once and only the team admins are told, whatever recipients were chosen", async () => {
    const sick = await report(cookies.eva, monday, addDays(monday, 4));
    expect(sick.location).toBe(`/vacations?created=recorded`);
    expect(sick.status).toBe("approved");
    ids.sick = sick.id;
    await settleMail();
    const smtp = testSmtp();
    const mail = await smtp.waitForMail("ted@acme.test");
    expect(mail.text).toContain("Gripe");
    // "whole_team" was chosen, but a colleague never gets a sickness's reason.
    expect(smtp.inbox.filter((m) => m.to.includes("col@acme.test"))).toEqual([]);
  });

  it("links its row to the certificate page once one is asked for, for the person and company admins only", async () => {
    // One working day of sickness asks for nothing (the certificate is due from the third): no link.
    const short = await getDb().vacation.create({ data: { companyId, userId: ids.eva, categoryId: "sick_leave", startDate: addDays(monday, 21), endDate: addDays(monday, 21), status: "approved" } });
    const own = await certificateLinks(cookies.eva);
    expect(own.mine[ids.sick]).toEqual({ href: `/vacations/${ids.sick}/certificate`, state: "overdue" });
    expect(own.mine).not.toHaveProperty(short.id);
    const admin = await certificateLinks(cookies.olga);
    expect(admin.company[ids.sick]).toEqual({ href: `/vacations/${ids.sick}/certificate`, state: "overdue" });
    expect(admin.company).not.toHaveProperty(short.id);
    await getDb().vacation.delete({ where: { id: short.id } });
  });
});

describe("the certificate", () => {
  it("is due from the company's third working day, and overdue after it", async () => {
    const page = unwrapData<{ state: string; dueDate: string; canUpload: boolean }>(await certificatePage(args(getRequest(`/vacations/${ids.sick}/certificate`, cookies.eva), { id: ids.sick }))).value;
    expect(page).toMatchObject({ state: "overdue", dueDate: addDays(monday, 2), canUpload: true });
    expect((await overdueCertificates(viewers.olga)).map((o) => o.vacationId)).toEqual([ids.sick]);
    expect((await overdueCertificates(viewers.ted)).map((o) => o.vacationId)).toEqual([ids.sick]);
    // A company admin's list, nobody else's.
    expect(await overdueCertificates(viewers.eva)).toEqual([]);
  });

  it("follows the company's setting, changed through PATCH /api/companies/me's model", async () => {
    await updateLeaveYearSettings(viewers.olga, { certificateAfterDays: 6 });
    expect(await overdueCertificates(viewers.olga)).toEqual([]);
    expect((await certificateOverview(viewers.eva, ids.sick)).state).toBe("none");
    await expect(updateLeaveYearSettings(viewers.eva, { certificateAfterDays: 1 })).rejects.toMatchObject({ status: 403 });
    await updateLeaveYearSettings(viewers.olga, { certificateAfterDays: 3 });
  });

  it("refuses a text file named .pdf, a file of 5 MB and one byte, and an empty post", async () => {
    const text = await upload(ids.sick, cookies.eva, new TextEncoder().encode("just text, not a PDF"), "note.pdf");
    expect(text).toMatchObject({ status: 415, notice: "sickness.errors.type" });
    const big = new Uint8Array(MAX_CERTIFICATE_BYTES + 1);
    big.set(PDF);
    expect(await upload(ids.sick, cookies.eva, big, "big.pdf")).toMatchObject({ status: 413, notice: "sickness.errors.tooLarge" });
    const empty = await run(() => certificateAction(args(uploadRequest(ids.sick, cookies.eva, null), { id: ids.sick })));
    expect(unwrapData<{ notice: { key: string } }>(empty)).toMatchObject({ status: 400, value: { notice: { key: "sickness.errors.missing" } } });
    const garbage = new Request(`${BASE}/vacations/${ids.sick}/certificate`, { method: "POST", body: "not multipart", headers: { Cookie: cookies.eva, "Content-Type": "multipart/form-data; boundary=x" } });
    expect(unwrapData(await run(() => certificateAction(args(garbage, { id: ids.sick }))))).toMatchObject({ status: 400 });
    expect(await getDb().certificate.count({ where: { vacationId: ids.sick } })).toBe(0);
  });

  it("keeps a PDF of exactly 5 MB under a random key, with its hash, named without the path it was sent with", async () => {
    const exact = new Uint8Array(MAX_CERTIFICATE_BYTES);
    exact.set(PDF);
    const kept = await upload(ids.sick, cookies.eva, exact, "../../etc/passwd.pdf");
    expect(kept).toMatchObject({ status: 302, location: `/vacations/${ids.sick}/certificate?uploaded=1` });
    const row = await getDb().certificate.findFirstOrThrow({ where: { vacationId: ids.sick } });
    expect(row).toMatchObject({ originalName: "passwd.pdf", mime: "application/pdf", size: MAX_CERTIFICATE_BYTES, userId: ids.eva, sha256: createHash("sha256").update(exact).digest("hex") });
    expect(row.storageKey).toMatch(/^[a-z0-9]+\/[0-9a-f]{32}$/);
    // The file is inside the configured directory, and nothing was written next to /etc.
    const dir = path.resolve(getEnv().CERTIFICATE_DIR);
    expect(existsSync(path.join(dir, ...row.storageKey.split("/")))).toBe(true);
    expect(readdirSync(dir)).toEqual([companyId.toLowerCase()]);
    ids.certificate = row.id;
    // Received: no longer overdue, and the row says so.
    expect((await certificateOverview(viewers.eva, ids.sick)).state).toBe("received");
    expect(await overdueCertificates(viewers.olga)).toEqual([]);
    expect((await certificateLinks(cookies.eva)).mine[ids.sick]).toEqual({ href: `/vacations/${ids.sick}/certificate`, state: "received" });
  });

  it("is told by its bytes: a PNG sent as a PDF is kept as a PNG", async () => {
    const png = await upload(ids.sick, cookies.olga, PNG, "scan.pdf", "application/pdf");
    expect(png.status).toBe(302);
    expect(await getDb().certificate.findFirst({ where: { vacationId: ids.sick, mime: "image/png" }, select: { originalName: true } })).toEqual({ originalName: "scan.png" });
  });

  it("downloads for the person and company admins, as an attachment with its safe name", async () => {
    for (const who of ["eva", "olga", "ted"] as const) {
      const response = (await run(() => download(args(getRequest(`/certificates/${ids.certificate}`, cookies[who]), { id: ids.certificate })))) as Response;
      expect(response.status, who).toBe(200);
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="passwd.pdf"');
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(createHash("sha256").update(bytes).digest("hex")).toBe((await getDb().certificate.findUniqueOrThrow({ where: { id: ids.certificate } })).sha256);
    }
  });

  it("is nobody else's: a colleague and another company's admin get a 404, for the file, the page and an upload", async () => {
    for (const who of ["col", "globex"] as const) {
      const file = (await run(() => download(args(getRequest(`/certificates/${ids.certificate}`, cookies[who]), { id: ids.certificate })))) as Response;
      expect(file.status, who).toBe(404);
      const page = (await run(() => certificatePage(args(getRequest(`/vacations/${ids.sick}/certificate`, cookies[who]), { id: ids.sick })))) as Response;
      expect(page.status, who).toBe(404);
      expect((await upload(ids.sick, cookies[who], PDF)).status, who).toBe(404);
    }
    const unknown = (await run(() => download(args(getRequest("/certificates/nope", cookies.olga), { id: "nope" })))) as Response;
    expect(unknown.status).toBe(404);
    expect(await getDb().certificate.count({ where: { vacationId: ids.sick } })).toBe(2);
  });

  it("is asked only of types that ask for one, and of absences that stand", async () => {
    const vacation = await getDb().vacation.create({ data: { companyId, userId: ids.eva, startDate: addDays(monday, 7), endDate: addDays(monday, 7), status: "approved" } });
    expect(await upload(vacation.id, cookies.eva, PDF)).toMatchObject({ status: 409, notice: "sickness.errors.notAsked" });
    const cancelled = await getDb().vacation.create({ data: { companyId, userId: ids.eva, categoryId: "sick_leave", startDate: addDays(monday, 14), endDate: addDays(monday, 14), status: "cancelled" } });
    expect(await upload(cancelled.id, cookies.eva, PDF)).toMatchObject({ status: 409, notice: "sickness.errors.closed" });
  });
});

describe("the admins' overdue card", () => {
  it("lists the first five and links to them all", async () => {
    type Card = { overdueCertificates: { items: { vacationId: string }[]; total: number } };
    const card = async (path: string, cookie: string) => unwrapData<Card>(await vacationsLoader(args(getRequest(path, cookie)))).value.overdueCertificates;
    const created = [];
    for (let week = 0; week < 7; week++) {
      const start = addDays(monday, -7 * week);
      created.push(await getDb().vacation.create({ data: { companyId, userId: ids.col, categoryId: "sick_leave", startDate: start, endDate: addDays(start, 3), status: "approved" } }));
    }
    const first = await card("/vacations", cookies.olga);
    expect(first.total).toBe(7);
    expect(first.items).toHaveLength(5);
    const all = await card("/vacations?certificates=overdue", cookies.olga);
    expect(all.items.map((item) => item.vacationId).sort()).toEqual(created.map((v) => v.id).sort());
    // Nobody but company admins has the card, asked for or not.
    expect(await card("/vacations?certificates=overdue", cookies.eva)).toEqual({ items: [], total: 0 });
    await getDb().vacation.deleteMany({ where: { id: { in: created.map((v) => v.id) } } });
  });
});

describe("the overdue reminder", () => {
  it("goes to the person once, however many processes run it at once; a warning-only type is never chased", async () => {
    const db = getDb();
    const col = await db.vacation.create({ data: { companyId, userId: ids.col, categoryId: "sick_leave", startDate: monday, endDate: addDays(monday, 4), status: "approved" } });
    await db.absenceCategory.create({ data: { companyId, id: "care", name: "Care", documentRequired: true, documentAfterDays: 1, documentMode: "warn", requiresApproval: false } });
    const warned = await db.vacation.create({ data: { companyId, userId: ids.col, categoryId: "care", startDate: addDays(monday, 7), endDate: addDays(monday, 8), status: "approved" } });
    expect((await certificateOverview(viewers.olga, warned.id)).state).toBe("asked");
    // One run a company at a time, so its cursor crosses batches.
    const [a, b] = await Promise.all([runCertificateReminders(undefined, { batchSize: 1 }), runCertificateReminders()]);
    expect(a + b).toBe(1);
    expect(await runCertificateReminders(undefined, { batchSize: 1 })).toBe(0);
    await settleMail();
    // In the person's language (Portuguese, the default).
    const reminder = await testSmtp().waitForMail("col@acme.test", /certificado de doença está em atraso/);
    expect(reminder.text).toContain(`/vacations/${col.id}/certificate`);
    expect(testSmtp().inbox.filter((m) => /em atraso/.test(m.subject)).map((m) => m.to)).toEqual([["col@acme.test"]]);
    expect(await db.certificateReminder.count({ where: { vacationId: warned.id } })).toBe(0);
  });
});

describe("a person who leaves", () => {
  it("takes their files: rows and bytes gone, the audit says how many and nothing of them", async () => {
    const rows = await getDb().certificate.findMany({ where: { userId: ids.eva }, select: { storageKey: true } });
    expect(rows).toHaveLength(2);
    await deactivateUser(viewers.olga, ids.eva);
    const dir = path.resolve(getEnv().CERTIFICATE_DIR);
    for (const row of rows) expect(existsSync(path.join(dir, ...row.storageKey.split("/")))).toBe(false);
    expect(await getDb().certificate.count({ where: { userId: ids.eva } })).toBe(0);
    const entry = await getDb().auditEntry.findFirstOrThrow({ where: { companyId, action: "certificate.files_deleted", entityId: ids.eva } });
    expect(JSON.parse(entry.details)).toEqual({ files: 2 });
  });
});
