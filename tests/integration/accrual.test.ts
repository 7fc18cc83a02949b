// Accrual (issue 40, docs/decisions/0082-accrual-of-the-yearly-allowance.md): the yearly allowance
// earned 1/12 a month from the first day when its types accrue; what is earned to date beside the
// year's total on every reader; requests beyond it refused (days and hours) unless the company
// allows booking ahead; the settings on the types screen's model, the company API and the audit.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { csvDialectFor } from "~/lib/csv";
import { createAbsenceCategory, updateAbsenceCategory } from "~/models/absence-category.server";
import { explainBalance } from "~/models/balance-explanation.server";
import { allowanceReportCsv } from "~/models/report.server";
import { createVacation } from "~/models/vacation.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as companyPatch } from "~/api/companies.me";
import { loader as summaryGet } from "~/api/users.me.allowances-summary";
import { action as createCategoryApi } from "~/api/absence-categories";
import type { SignedInViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, run } from "../support/http";

type Json = Record<string, unknown>;

function call(path: string, method: string, token?: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenFor(email: string) {
  await resetRateLimits();
  const response = await apiLogin(args(call("/api/auth/login", "POST", undefined, { email, password: TEST_PASSWORD })));
  return ((await response.json()) as { access_token: string }).access_token;
}

async function answer(result: Promise<unknown>): Promise<{ status: number; body: Json }> {
  const response = (await run(() => result)) as Response;
  return { status: response.status, body: (await response.json()) as Json };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string; params?: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    const { status, code, message, params } = error as { status: number; code: string; message: string; params?: Record<string, string> };
    return { status, code, message, params };
  }
  throw new Error("expected a refusal");
}

const base = { description: "", recipientType: "team_admins" as const, halfDayStart: false, halfDayEnd: false };
const ids: Record<string, string> = {};
let owner: SignedInViewer;
let joana: SignedInViewer;
let rui: SignedInViewer;

beforeAll(async () => {
  // Today is 20 May 2027 in Lisbon: January to May have started, five months of twelve.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2027-05-20T12:00:00Z"));
  const db = getDb();
  const company = await createCompany("Accrual Lda");
  ids.company = company.id;
  const boss = await createUser(company.id, { email: "owner@accrual.test", role: "owner" });
  const team = await createTeam(company.id, "Loja", [boss.id]);
  // A joiner on 15 March: March, April and May have started while employed by 20 May.
  const person = await createUser(company.id, { email: "joana@accrual.test", teamId: team.id });
  await db.user.update({ where: { id: person.id }, data: { firstDay: "2027-03-15" } });
  await db.allowance.create({ data: { companyId: company.id, userId: person.id, year: 2027, yearly: 24 } });
  owner = await viewerFor(boss);
  joana = await viewerFor(person);

  // A company counting hours: 160 h a year, the whole year employed.
  const hours = await createCompany("Horas Lda");
  ids.hours = hours.id;
  await db.absenceCategory.updateMany({ where: { companyId: hours.id, balance: { in: ["yearly", "residual"] } }, data: { unit: "hour" } });
  await db.absenceCategory.update({ where: { companyId_id: { companyId: hours.id, id: "yearly_allowance" } }, data: { accrues: true } });
  const hoursBoss = await createUser(hours.id, { email: "owner@horas.test", role: "owner" });
  const hoursTeam = await createTeam(hours.id, "Equipa", [hoursBoss.id]);
  const worker = await createUser(hours.id, { email: "rui@horas.test", teamId: hoursTeam.id });
  await db.allowance.create({ data: { companyId: hours.id, userId: worker.id, year: 2027, yearly: 160 } });
  rui = await viewerFor(worker);
});

afterAll(() => {
  vi.useRealTimers();
});

describe("accrual's settings", () => {
  it("accrues only on yearly types, all of them together, audited; the API answers the flag", async () => {
    expect(await failure(updateAbsenceCategory(owner, "residual", { accrues: true }))).toMatchObject({ status: 409, code: "accrual_yearly_only" });
    expect(await failure(createAbsenceCategory(owner, { name: "Bónus", color: "#123456", balance: "special", requiresApproval: true, accrues: true }))).toMatchObject({
      status: 409,
      code: "accrual_yearly_only",
    });
    // A second yearly type, made before accrual is on, follows the first when it is switched on.
    const second = await createAbsenceCategory(owner, { name: "Férias extra", color: "#123456", balance: "yearly", requiresApproval: true });
    expect(second.accrues).toBe(false);
    // Before accrual, a balance carries no earned figure at all.
    expect((await explainBalance(joana, joana.userId, 2027)).balances.yearly).not.toHaveProperty("earned");
    const updated = await updateAbsenceCategory(owner, "yearly_allowance", { accrues: true });
    expect(updated.accrues).toBe(true);
    const rows = await getDb().absenceCategory.findMany({ where: { companyId: ids.company }, select: { id: true, accrues: true }, orderBy: { id: "asc" } });
    expect(rows.filter((row) => row.accrues).map((row) => row.id).sort()).toEqual([second.id, "yearly_allowance"].sort());
    const audits = await getDb().auditEntry.findMany({ where: { companyId: ids.company, action: "absence_type.updated" }, select: { entityId: true, details: true } });
    expect(audits.map((entry) => [entry.entityId, JSON.parse(entry.details).accrues])).toEqual(
      expect.arrayContaining([
        ["yearly_allowance", { old: false, new: true }],
        [second.id, { old: false, new: true }],
      ]),
    );
    // A new yearly type through the API, unsaid, accrues as the allowance does.
    const token = await tokenFor("owner@accrual.test");
    const created = await answer(createCategoryApi(args(call("/api/absence-categories", "POST", token, { name: "Férias de verão", balance: "yearly" }))));
    expect(created).toMatchObject({ status: 201, body: { accrues: true } });
  });
});

describe("a joiner in an accruing company", () => {
  it("shows what is earned to date beside the prorated total, and explains the months", async () => {
    const explanation = await explainBalance(joana, joana.userId, 2027);
    // 24 days prorated from 15 March; 3 months of 12 earned: 6 days.
    expect(explanation.balances.yearly.total).toBeLessThan(24);
    expect(explanation.balances.yearly).toMatchObject({ earned: 6, available: 6 });
    expect(explanation.accrual).toMatchObject({ monthsStarted: 3, earned: 6, bookingAhead: false, available: 6 });
  });

  it("refuses a request beyond what is earned, saying so, until the company allows booking ahead", async () => {
    // 7–11 June: 5 working days, inside the 6 earned.
    await createVacation(joana, { ...base, categoryId: "yearly_allowance", startDate: "2027-06-07", endDate: "2027-06-11" });
    const refused = await failure(createVacation(joana, { ...base, categoryId: "yearly_allowance", startDate: "2027-06-14", endDate: "2027-06-15" }));
    expect(refused).toMatchObject({ status: 409, code: "insufficient_balance", message: "accrual.errors.insufficientEarned", params: { earned: "6", remaining: "1", requested: "2" } });
    expect(getT("en")(refused.message, { ...refused.params, count: 2 })).toContain("earned to date: 6");

    const token = await tokenFor("owner@accrual.test");
    const patched = await answer(companyPatch(args(call("/api/companies/me", "PATCH", token, { accrual_booking_ahead: true }))));
    expect(patched).toMatchObject({ status: 200, body: { accrual_booking_ahead: true } });
    const audit = await getDb().auditEntry.findFirst({ where: { companyId: ids.company, action: "company.updated" }, orderBy: { createdAt: "desc" }, select: { details: true } });
    expect(JSON.parse(audit!.details)).toEqual({ accrualBookingAhead: { old: false, new: true } });

    // The viewer carries the setting: read it again, as a new request would.
    joana = await viewerFor({ id: joana.userId });
    await createVacation(joana, { ...base, categoryId: "yearly_allowance", startDate: "2027-06-14", endDate: "2027-06-15" });
    const summary = await answer(summaryGet(args(call("/api/users/me/allowances-summary?year=2027", "GET", await tokenFor("joana@accrual.test")))));
    const yearly = summary.body.yearly_allowance as Json;
    // Booking ahead: what may be booked is what remains of the year's total.
    expect(yearly).toMatchObject({ earned: 6, pending: 7, unit: "day" });
    expect(yearly.available).toBe(yearly.remaining);
  });

  it("adds an earned column to the allowances CSV of an accruing company only", async () => {
    const t = getT("en");
    const csv = await allowanceReportCsv(owner, { year: 2027, sort: "name", direction: "asc" }, { t, dialect: csvDialectFor("en") });
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header.endsWith(": earned to date")).toBe(true);
    expect(lines.find((line) => line.includes("joana@accrual.test"))?.endsWith(",6")).toBe(true);
    const plain = await createUser((await createCompany("Sem Acúmulo")).id, { role: "owner" });
    const plainCsv = await allowanceReportCsv(await viewerFor(plain), { year: 2027, sort: "name", direction: "asc" }, { t, dialect: csvDialectFor("en") });
    expect(plainCsv).not.toContain("earned");
  });
});

describe("accrual in hours", () => {
  it("earns quarter hours and refuses hours beyond them", async () => {
    // 5 months of 160 h: 66.67 h, to the nearest quarter hour 66.75 h.
    expect((await explainBalance(rui, rui.userId, 2027)).balances.yearly).toMatchObject({ unit: "hour", total: 160, earned: 66.75, available: 66.75 });
    // 9 working days at 8 h: 72 h, beyond the 66.75 earned.
    const refused = await failure(createVacation(rui, { ...base, categoryId: "yearly_allowance", startDate: "2027-06-01", endDate: "2027-06-11", hoursPerDay: 8 }));
    expect(refused).toMatchObject({ status: 409, code: "insufficient_balance", message: "accrual.errors.insufficientEarnedHours", params: { requested: "72", earned: "66.75", remaining: "66.75" } });
    // 8 days at 8 h: 64 h fit.
    const { amount } = await createVacation(rui, { ...base, categoryId: "yearly_allowance", startDate: "2027-06-01", endDate: "2027-06-10", hoursPerDay: 8 });
    expect(amount).toMatchObject({ unit: "hour", hours: 64 });
  });
});
