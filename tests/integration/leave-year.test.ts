// The company's leave year, pro-rata for joiners and leavers and the rounding rule (issue 40,
// docs/decisions/0080-the-company-leave-year-and-pro-rata.md): settings (form and API, roles,
// audit), a request across an April boundary charged to two years on every reader, carry-over at
// an April turn, and prorated allowances with their overdraft in the explanation and the report.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { explainBalance } from "~/models/balance-explanation.server";
import { runCarryOver } from "~/models/carry-over.server";
import { csvDialectFor } from "~/lib/csv";
import { allowanceReport, allowanceReportCsv, serializeReportRow } from "~/models/report.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as companyPatch, loader as companyGet } from "~/api/companies.me";
import { loader as summaryGet } from "~/api/users.me.allowances-summary";
import { action as settingsAction } from "~/routes/_app.company-settings.company/route";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { loader as reportsPage } from "~/routes/_app.reports/route";
import { loadUsersTab } from "~/routes/_app.company-settings.users/users.server";
import { action as usersAction } from "~/routes/_app.company-settings.users/route";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { getT } from "~/utils/i18n.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};

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

async function signIn(email: string) {
  await resetRateLimits();
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

async function answer(result: Promise<unknown>): Promise<{ status: number; body: Json }> {
  const response = (await run(() => result)) as Response;
  return { status: response.status, body: (await response.json()) as Json };
}

const approved = (companyId: string, userId: string, startDate: string, endDate: string) =>
  getDb().vacation.create({ data: { companyId, userId, startDate, endDate, status: "approved", categoryId: "yearly_allowance" } });

beforeAll(async () => {
  const db = getDb();
  // April: a leave year from 1 April (the UK's), carrying up to 30 days until 30 June.
  const april = await createCompany("April Ltd");
  await db.company.update({ where: { id: april.id }, data: { leaveYearStartMonth: 4, carryOverMaxDays: 30, carryOverExpiresOn: "06-30" } });
  const boss = await createUser(april.id, { email: "boss@april.test", role: "admin" });
  const team = await createTeam(april.id, "Crew", [boss.id]);
  const ana = await createUser(april.id, { email: "ana@april.test", fullName: "Ana April", teamId: team.id });
  await db.allowance.createMany({
    data: [
      { companyId: april.id, userId: ana.id, year: 2025, yearly: 22 },
      { companyId: april.id, userId: ana.id, year: 2026, yearly: 22 },
    ],
  });
  // Saturday 28 March to Friday 3 April 2026: Monday and Tuesday in 2025/26, Wednesday–Friday in 2026/27.
  await approved(april.id, ana.id, "2026-03-28", "2026-04-03");
  // 4–6 January 2027: inside 2026/27, not inside the calendar year 2026.
  await approved(april.id, ana.id, "2027-01-04", "2027-01-06");

  // January (the default): a joiner on 1 July and a leaver on 15 June 2026, 22 days a year.
  const jan = await createCompany("January SA");
  const owner = await createUser(jan.id, { email: "owner@jan.test", role: "owner" });
  const janTeam = await createTeam(jan.id, "Floor", [owner.id]);
  const joiner = await createUser(jan.id, { email: "joiner@jan.test", fullName: "Jo Joiner", teamId: janTeam.id });
  const leaver = await createUser(jan.id, { email: "leaver@jan.test", fullName: "Lee Leaver", teamId: janTeam.id });
  const employee = await createUser(jan.id, { email: "emp@jan.test", teamId: janTeam.id });
  await db.user.update({ where: { id: joiner.id }, data: { firstDay: "2026-07-01" } });
  await db.user.update({ where: { id: leaver.id }, data: { lastDay: "2026-06-15" } });
  await db.allowance.createMany({
    data: [joiner, leaver, employee].map((person) => ({ companyId: jan.id, userId: person.id, year: 2026, yearly: 22 })),
  });
  // The leaver took 12 days (2–17 February) before leaving.
  await approved(jan.id, leaver.id, "2026-02-02", "2026-02-17");
  Object.assign(ids, { april: april.id, boss: boss.id, ana: ana.id, jan: jan.id, owner: owner.id, joiner: joiner.id, leaver: leaver.id, employee: employee.id });
  cookies.ana = await signIn("ana@april.test");
  cookies.boss = await signIn("boss@april.test");
  cookies.owner = await signIn("owner@jan.test");
  cookies.employee = await signIn("emp@jan.test");
  tokens.ana = await tokenFor("ana@april.test");
  tokens.boss = await tokenFor("boss@april.test");
  tokens.owner = await tokenFor("owner@jan.test");
  tokens.employee = await tokenFor("emp@jan.test");
});

describe("a request across an April leave-year boundary", () => {
  it("is charged to two years on My Calendar, labelled 2026/27, with the leave year's months", async () => {
    const { value } = unwrapData<{ yearLabel: string; startMonth: number; balances: { yearly: { used: number } } }>(
      await run(() => myCalendarLoader(args(getRequest("/my-calendar?year=2026", cookies.ana)))),
    );
    expect(value.yearLabel).toBe("2026/27");
    expect(value.startMonth).toBe(4);
    // Wednesday–Friday of the request and 4–6 January 2027.
    expect(value.balances.yearly.used).toBe(6);
    const before = unwrapData<{ yearLabel: string; balances: { yearly: { used: number } } }>(await run(() => myCalendarLoader(args(getRequest("/my-calendar?year=2025", cookies.ana))))).value;
    expect(before.yearLabel).toBe("2025/26");
    expect(before.balances.yearly.used).toBe(2);
  });

  it("is charged to two years in the report, the allowances CSV and /api/users/me/allowances-summary", async () => {
    const boss = await viewerFor({ id: ids.boss });
    const rows = async (year: number) => (await allowanceReport(boss, year)).find((row) => row.user.id === ids.ana)!;
    expect((await rows(2025)).balances.yearly.used).toBe(2);
    expect((await rows(2026)).balances.yearly).toMatchObject({ total: 22, used: 6, remaining: 16 });
    const csv = await allowanceReportCsv(boss, { year: 2025, sort: "name", direction: "asc" }, { t: getT("pt"), dialect: csvDialectFor("pt") });
    expect(csv).toMatch(/Ana April;ana@april\.test;[^;]*;Crew;22;2;0;20;/);
    const summary = async (year: number) => (await answer(summaryGet(args(call(`/api/users/me/allowances-summary?year=${year}`, "GET", tokens.ana))))).body;
    expect(((await summary(2025)).yearly_allowance as Json).used).toBe(2);
    expect(((await summary(2026)).yearly_allowance as Json).used).toBe(6);
  });
});

describe("the report's days off per month with an April leave year", () => {
  it("runs April 2026 → March 2027, the year under April and January, and leaves out March 2026", async () => {
    interface Charts {
      monthLabels: string[];
      monthYears: (string | null)[];
      monthNames: string[];
      daysOff: { label: string; months: string[]; monthTotals: number[]; total: number };
    }
    const { value } = unwrapData<{ year: { charts: Charts } }>(await run(() => reportsPage(args(getRequest("/reports?year=2026", cookies.boss)))));
    const { charts } = value.year;
    expect(charts.daysOff.months[0]).toBe("2026-04-01");
    expect(charts.daysOff.months[11]).toBe("2027-03-01");
    expect(charts.daysOff.label).toBe("2026/27");
    // 1–3 April 2026 in April, 4–6 January 2027 in January (the tenth month); 30–31 March 2026 nowhere.
    expect(charts.daysOff.monthTotals).toEqual([3, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0]);
    expect(charts.monthYears).toEqual(["2026", null, null, null, null, null, null, null, null, "2027", null, null]);
    expect(charts.monthLabels[0]).toMatch(/^abr/);
    expect(charts.monthNames[9]).toBe("janeiro de 2027");
  });
});

describe("the Users tab's allowance year with an April leave year", () => {
  it("defaults to the leave year holding today (2026/27 in February 2027) and says it as 2026/27", async () => {
    const boss = await viewerFor({ id: ids.boss });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2027-02-10T12:00:00Z"));
      const edit = await loadUsersTab(boss, new URL(`http://localhost/company-settings/users?edit=${ids.ana}`));
      expect(edit).toMatchObject({ year: 2026, currentYear: 2026, leaveYear: { label: "2026/27", firstDay: "2026-04-01", lastDay: "2027-03-31" } });
      expect(edit.view === "edit" && edit.person.allowance?.yearly).toBe(22);
      const list = await loadUsersTab(boss, new URL("http://localhost/company-settings/users"));
      expect(list).toMatchObject({ year: 2026, filters: { year: "2026" }, leaveYear: { label: "2026/27" } });
    } finally {
      vi.useRealTimers();
    }
  });

  it("names the leave year in the saved notice", async () => {
    const fields = { intent: "users.allowances", userId: ids.ana, year: "2025", yearly: "22", residual: "0", specialLeave: "0" };
    const reply = unwrapData<{ notice?: { values?: Record<string, string> } }>(await run(() => usersAction(args(postForm("/company-settings/users", fields, cookies.boss)))));
    expect(reply.value.notice?.values).toEqual({ year: "2025/26" });
  });
});

describe("carry-over at an April turn", () => {
  it("waits for 1 April, then carries what 2026/27 left, usable until 30 June", async () => {
    const ofApril = (result: Awaited<ReturnType<typeof runCarryOver>>) => result.applied.filter((run) => run.companyId === ids.april);
    // Mid-March 2027 is still inside 2026/27: nothing to carry (2025/26's days would lapse on arrival).
    expect(ofApril(await runCarryOver(new Date("2027-03-15T12:00:00Z")))).toEqual([]);
    expect(ofApril(await runCarryOver(new Date("2027-04-01T12:00:00Z")))).toEqual([{ companyId: ids.april, fromYear: 2026, people: 1, days: 16 }]);
    expect(await getDb().carryOver.findFirstOrThrow({ where: { userId: ids.ana } })).toMatchObject({ fromYear: 2026, days: 16, expiresOn: "2027-06-30" });
  });
});

describe("pro-rata for joiners and leavers", () => {
  const setRounding = (rule: string) => getDb().company.update({ where: { id: ids.jan }, data: { allowanceRounding: rule } });

  it("gives a joiner on 1 July the share of the year's working days, by the company's rounding", async () => {
    const totals: Record<string, number> = {};
    for (const rule of ["nearest", "up", "down"]) {
      await setRounding(rule);
      // The rule comes with the signed-in viewer, as on every request.
      const owner = await viewerFor({ id: ids.owner });
      const explained = await explainBalance(owner, ids.joiner, 2026);
      // 2026 has 261 weekdays; 1 July–31 December 132 of them: 22 × 132 / 261 = 11.13.
      expect(explained.proration).toMatchObject({ employedFrom: "2026-07-01", employedTo: "2026-12-31", yearMeasure: 261, employedMeasure: 132, rounding: rule, overdraft: 0 });
      expect(explained.balances.yearly.total).toBe(explained.proration!.total);
      totals[rule] = explained.proration!.total;
    }
    expect(totals).toEqual({ nearest: 11, up: 11.5, down: 11 });
    await setRounding("nearest");
    // A whole year's colleague is not prorated.
    expect((await explainBalance(await viewerFor({ id: ids.owner }), ids.employee, 2026)).proration).toBeNull();
  });

  it("shows a leaver's overdraft in the explanation, the report and the API's report row", async () => {
    const owner = await viewerFor({ id: ids.owner });
    const explained = await explainBalance(owner, ids.leaver, 2026);
    // 1 January–15 June 2026: 118 of 261 weekdays; 22 × 118 / 261 = 9.95 → 10; 12 taken.
    expect(explained.proration).toMatchObject({ employedTo: "2026-06-15", employedMeasure: 118, total: 10, taken: 12, overdraft: 2 });
    expect(explained.balances.yearly).toMatchObject({ total: 10, used: 12, remaining: -2 });
    const row = (await allowanceReport(owner, 2026)).find((r) => r.user.id === ids.leaver)!;
    expect(row).toMatchObject({ overdraft: 2, employed: { from: "2026-01-01", to: "2026-06-15" } });
    expect(serializeReportRow(row)).toMatchObject({ yearlyAllowance: 10, yearlyOverdraft: 2 });
  });
});

describe("the leave-year settings", () => {
  it("GET /api/companies/me says the leave year and rounding; PATCH changes them for admins only, audited", async () => {
    expect((await answer(companyGet(args(call("/api/companies/me", "GET", tokens.employee))))).body).toMatchObject({ leave_year_start_month: 1, allowance_rounding: "nearest" });
    const refused = await answer(companyPatch(args(call("/api/companies/me", "PATCH", tokens.employee, { leave_year_start_month: 5 }))));
    expect(refused.status).toBe(403);
    const bad = await answer(companyPatch(args(call("/api/companies/me", "PATCH", tokens.owner, { leave_year_start_month: 13 }))));
    expect(bad.status).toBe(400);
    expect((bad.body.fields as Json).leave_year_start_month).toMatch(/January/);
    expect((await answer(companyPatch(args(call("/api/companies/me", "PATCH", tokens.owner, { allowance_rounding: "sideways" }))))).status).toBe(400);
    const saved = await answer(companyPatch(args(call("/api/companies/me", "PATCH", tokens.owner, { leave_year_start_month: 5, allowance_rounding: "down" }))));
    expect(saved).toMatchObject({ status: 200, body: { id: ids.jan, leave_year_start_month: 5, allowance_rounding: "down" } });
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId: ids.jan, action: "company.updated" }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(audit.details)).toEqual({ leaveYearStartMonth: { old: 1, new: 5 }, allowanceRounding: { old: "nearest", new: "down" } });
    await getDb().company.update({ where: { id: ids.jan }, data: { leaveYearStartMonth: 1, allowanceRounding: "nearest" } });
  });

  it("the company settings form saves them for an admin and refuses an employee", async () => {
    const fields = { intent: "company.update", name: "January SA", countryCode: "PT", timeZone: "Europe/Lisbon", defaultYearlyAllowance: "22", carryOverMaxDays: "5", carryOverExpiresOn: "04-30" };
    const employee = unwrapData(await run(() => settingsAction(args(postForm("/company-settings/company", { ...fields, leaveYearStartMonth: "4", allowanceRounding: "up" }, cookies.employee)))));
    expect(employee.status).toBe(403);
    const bad = unwrapData(await run(() => settingsAction(args(postForm("/company-settings/company", { ...fields, leaveYearStartMonth: "0", allowanceRounding: "up" }, cookies.owner)))));
    expect(bad.status).toBe(400);
    const saved = unwrapData(await run(() => settingsAction(args(postForm("/company-settings/company", { ...fields, leaveYearStartMonth: "4", allowanceRounding: "up" }, cookies.owner)))));
    expect(saved.status).toBe(200);
    expect(await getDb().company.findUniqueOrThrow({ where: { id: ids.jan }, select: { leaveYearStartMonth: true, allowanceRounding: true } })).toEqual({ leaveYearStartMonth: 4, allowanceRounding: "up" });
  });
});
