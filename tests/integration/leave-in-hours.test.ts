// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Leave in hours (issue 40, docs/decisions/0081-leave-in-hours.md): absence types counting hours,
// one unit per balance, the company's unit for new types; requests by start and end time or by
// hours per day, charged the hours the person's schedule has (a DST day included); day types
// refusing hour fields; the API's fields; the request form without JavaScript.
import { beforeAll, describe, expect, it } from "vitest";
import type { WorkSchedule } from "~/lib/work-schedule";
import { createAbsenceCategory, setCompanyLeaveUnit, updateAbsenceCategory } from "~/models/absence-category.server";
import { createVacation } from "~/models/vacation.server";
import { explainBalance } from "~/models/balance-explanation.server";
import { loadBalanceInputs } from "~/models/balance.server";
import { allowanceReport, allowanceReportCsv, serializeReportRow } from "~/models/report.server";
import { csvDialectFor } from "~/lib/csv";
import { getT } from "~/utils/i18n.server";
import { loader as summaryGet } from "~/api/users.me.allowances-summary";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { action as companyPatch, loader as companyGet } from "~/api/companies.me";
import { action as allowanceUpsertApi } from "~/api/reports.allowances.upsert";
import { action as usersAction, loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { action as companyTabAction, loader as companyTabLoader } from "~/routes/_app.company-settings.company/route";
import { setYearAllowances } from "~/models/allowance.server";
import { allowanceLabel, type AllowanceUnits } from "~/routes/_app.company-settings.users/users-reply";
import { replaceWorkSchedules } from "~/models/work-schedule.server";
import { action as myCalendarAction } from "~/routes/_app.my-calendar";
import { action as patchCategoryApi } from "~/api/absence-categories.$id";
import { action as apiLogin } from "~/api/auth.login";
import { loader as getVacationApi } from "~/api/vacations.$id";
import { action as createVacationApi } from "~/api/vacations._index";
import { action as loginAction } from "~/routes/login";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { renderVacationMail } from "~/emails/vacation.server";
import type { SignedInViewer } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;

function call(path: string, method: string, token?: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function answer(result: Promise<unknown>): Promise<{ status: number; body: Json }> {
  const response = (await run(() => result)) as Response;
  return { status: response.status, body: await response.json() };
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { status, code, message } = error as { status: number; code: string; message: string };
    return { status, code, message };
  }
  throw new Error("expected a refusal");
}

// Monday–Thursday 6 h; Wednesday 4 h for the 4-hour day; Sunday 8 h for the clock change.
const partTime: WorkSchedule = {
  validFrom: "2027-01-01",
  cycleWeeks: 1,
  days: [
    { weekday: 1, hours: 6 },
    { weekday: 2, hours: 6 },
    { weekday: 3, hours: 4 },
    { weekday: 4, hours: 6 },
    { weekday: 7, hours: 8 },
  ],
};

let companyId: string;
let admin: SignedInViewer;
let eva: SignedInViewer;
let hourType: string;
let evaToken: string;
let adminToken: string;

beforeAll(async () => {
  companyId = (await createCompany("Hourly")).id;
  const boss = await createUser(companyId, { role: "admin", email: "boss@hourly.test" });
  const team = await createTeam(companyId, "Shop", [boss.id]);
  const evaRow = await createUser(companyId, { email: "eva@hourly.test", teamId: team.id });
  admin = await viewerFor(boss);
  eva = await viewerFor(evaRow);
  await replaceWorkSchedules(admin, evaRow.id, [partTime]);
  hourType = (await createAbsenceCategory(admin, { name: "Time off", color: "#00897b", balance: "none", requiresApproval: true, unit: "hour" })).id;
  await resetRateLimits();
  const login = async (email: string) => ((await (await apiLogin(args(call("/api/auth/login", "POST", undefined, { email, password: TEST_PASSWORD })))).json()) as { access_token: string }).access_token;
  evaToken = await login("eva@hourly.test");
  adminToken = await login("boss@hourly.test");
});

const base = { description: "", recipientType: "team_admins" as const, halfDayStart: false, halfDayEnd: false };

describe("absence types in hours", () => {
  it("new types take the company's unit unless told, and a balance's types share one unit", async () => {
    await setCompanyLeaveUnit(admin, "hour");
    const unnamed = await createAbsenceCategory(admin, { name: "Appointments", color: "#00897b", balance: "none", requiresApproval: true });
    expect(unnamed.unit).toBe("hour");
    // Yearly counts days (seeded): a new yearly type follows it, and asking hours is refused.
    expect((await createAbsenceCategory(admin, { name: "Bridge days", color: "#00897b", balance: "yearly", requiresApproval: true })).unit).toBe("day");
    expect(await failure(createAbsenceCategory(admin, { name: "Yearly hours", color: "#00897b", balance: "yearly", requiresApproval: true, unit: "hour" }))).toMatchObject({ status: 409, message: "hours.errors.groupCountsDays" });
    // Moving an hour type onto the yearly balance would mix units there.
    expect(await failure(updateAbsenceCategory(admin, unnamed.id, { balance: "yearly" }))).toMatchObject({ status: 409, message: "hours.errors.groupCountsDays" });
    await setCompanyLeaveUnit(admin, "day");
  });

  it("changes the unit of a balance's types together, and refuses while the balance has figures this leave year", async () => {
    const { id: otherCompany } = await createCompany("Switcher");
    const owner = await viewerFor(await createUser(otherCompany, { role: "owner" }));
    await updateAbsenceCategory(owner, "yearly_allowance", { unit: "hour" });
    const units = await getDb().absenceCategory.findMany({ where: { companyId: otherCompany, id: { in: ["yearly_allowance", "residual", "special_leave"] } }, select: { id: true, unit: true }, orderBy: { id: "asc" } });
    expect(units).toEqual([
      { id: "residual", unit: "hour" },
      { id: "special_leave", unit: "day" },
      { id: "yearly_allowance", unit: "hour" },
    ]);
    const year = Number(new Date().toISOString().slice(0, 4));
    await getDb().allowance.create({ data: { companyId: otherCompany, userId: owner.userId, year, yearly: 160 } });
    expect(await failure(updateAbsenceCategory(owner, "residual", { unit: "day" }))).toMatchObject({ status: 409, code: "unit_locked" });
    // Special leave is its own balance, with no figures: free to change.
    expect((await updateAbsenceCategory(owner, "special_leave", { unit: "hour" })).unit).toBe("hour");
  });
});

describe("requests in hours", () => {
  it("charges a time request on a 4-hour day its hours, capped by the schedule", async () => {
    // 2027-03-03 is a Wednesday: 4 h in the schedule.
    const asked = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-03-03", endDate: "2027-03-03", startTime: "09:00", endTime: "13:00" });
    expect(asked.amount).toEqual({ unit: "hour", hours: 4 });
    expect(asked.vacation).toMatchObject({ startTime: "09:00", endTime: "13:00", hoursPerDay: null });
    const longer = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-03-10", endDate: "2027-03-10", startTime: "08:00", endTime: "18:30" });
    expect(longer.amount.hours).toBe(4);
  });

  it("charges a part-timer's 8 hours a day over Monday–Friday what their Monday–Thursday 6-hour days hold", async () => {
    // 2027-04-12 (Mon) – 2027-04-16 (Fri): 6 + 6 + 4 + 6, Friday not worked.
    const { amount, workingDays, vacation } = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-04-12", endDate: "2027-04-16", hoursPerDay: 8 });
    expect(amount.hours).toBe(22);
    expect(workingDays).toBe(4);
    expect(vacation.hoursPerDay).toBe(8);
    const fullWeeks = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-05-03", endDate: "2027-05-07", hoursPerDay: 5 });
    // 5 + 5 + 4 + 5: each day capped by its schedule.
    expect(fullWeeks.amount.hours).toBe(19);
  });

  it("charges Monday–Friday at 8 hours on a Monday–Thursday 6-hour schedule 24 hours", async () => {
    const { id } = await createCompany("Four days");
    const boss = await viewerFor(await createUser(id, { role: "owner" }));
    const person = await createUser(id, { role: "admin" });
    await replaceWorkSchedules(boss, person.id, [{ validFrom: "2027-01-01", cycleWeeks: 1, days: [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 6 })) }]);
    const type = await createAbsenceCategory(boss, { name: "Hours", color: "#00897b", balance: "none", requiresApproval: true, unit: "hour" });
    const { amount } = await createVacation(await viewerFor(person), { ...base, categoryId: type.id, startDate: "2027-06-07", endDate: "2027-06-11", hoursPerDay: 8 });
    expect(amount.hours).toBe(24);
  });

  it("charges the schedule's hours on the days the clocks change in Lisbon", async () => {
    // 28 March 2027 (summer time starts) and 31 October 2027 (it ends) are Sundays: 8 h in the schedule.
    const spring = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-03-28", endDate: "2027-03-28", startTime: "00:00", endTime: "24:00" });
    expect(spring.amount.hours).toBe(8);
    const autumn = await createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-10-31", endDate: "2027-10-31", startTime: "01:00", endTime: "04:00" });
    expect(autumn.amount.hours).toBe(3);
  });

  it("refuses hour fields on a day type, and half days, mixed or malformed fields on an hour type", async () => {
    const day = { ...base, startDate: "2027-06-01", endDate: "2027-06-01" };
    expect(await failure(createVacation(eva, { ...day, categoryId: "yearly_allowance", startTime: "09:00", endTime: "12:00" }))).toMatchObject({ status: 400, message: "hours.errors.dayCategory" });
    expect(await failure(createVacation(eva, { ...day, categoryId: "yearly_allowance", hoursPerDay: 4 }))).toMatchObject({ status: 400, message: "hours.errors.dayCategory" });
    expect(await failure(createVacation(eva, { ...day, categoryId: hourType, startTime: "09:00", endTime: "12:00", halfDayStart: true }))).toMatchObject({ status: 400, message: "hours.errors.halfDayWithHours" });
    expect(await failure(createVacation(eva, { ...day, categoryId: hourType, startTime: "09:00", endTime: "12:00", hoursPerDay: 3 }))).toMatchObject({ status: 400, message: "hours.errors.timeOrHours" });
    expect(await failure(createVacation(eva, { ...day, categoryId: hourType, startTime: "12:00", endTime: "09:00" }))).toMatchObject({ status: 400, message: "hours.errors.endBeforeStart" });
    expect(await failure(createVacation(eva, { ...day, categoryId: hourType, startTime: "09:10", endTime: "12:00" }))).toMatchObject({ status: 400, message: "hours.errors.timeInvalid" });
    expect(await failure(createVacation(eva, { ...day, categoryId: hourType, hoursPerDay: 4.1 }))).toMatchObject({ status: 400, message: "hours.errors.hoursPerDay" });
    expect(await failure(createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-06-01", endDate: "2027-06-02", startTime: "09:00", endTime: "12:00" }))).toMatchObject({ status: 400, message: "hours.errors.timeOneDay" });
    // A Friday is not worked: nothing to charge, refused as in days.
    expect(await failure(createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-06-04", endDate: "2027-06-04", startTime: "09:00", endTime: "12:00" }))).toMatchObject({ status: 400, code: "no_working_days" });
    // One absence per person per date, in hours too.
    expect(await failure(createVacation(eva, { ...base, categoryId: hourType, startDate: "2027-03-03", endDate: "2027-03-03", startTime: "14:00", endTime: "15:00" }))).toMatchObject({ status: 409, code: "overlap" });
  });
});

describe("the API", () => {
  it("takes start_time and end_time, answers the unit and the hours, and reads them back", async () => {
    const created = await answer(createVacationApi(args(call("/api/vacations", "POST", evaToken, { start_date: "2027-09-01", end_date: "2027-09-01", absence_category_id: hourType, start_time: "09:00", end_time: "13:00" }))));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ start_time: "09:00", end_time: "13:00", hours_per_day: null, unit: "hour", hours: 4, working_days: 1 });
    const read = await answer(getVacationApi(args(call(`/api/vacations/${String(created.body.id)}`, "GET", evaToken), { id: String(created.body.id) })));
    expect(read.body).toMatchObject({ start_time: "09:00", end_time: "13:00", unit: "hour" });
    const refused = await answer(createVacationApi(args(call("/api/vacations", "POST", evaToken, { start_date: "2027-09-06", end_date: "2027-09-06", absence_category_id: "yearly_allowance", hours_per_day: 4 }))));
    expect(refused.status).toBe(400);
    const perDay = await answer(createVacationApi(args(call("/api/vacations", "POST", evaToken, { start_date: "2027-09-13", end_date: "2027-09-17", absence_category_id: hourType, hours_per_day: 2.5 }))));
    expect(perDay.body).toMatchObject({ hours_per_day: 2.5, unit: "hour", hours: 10 });
  });

  it("changes a category's unit with PATCH and answers it", async () => {
    const category = await createAbsenceCategory(admin, { name: "Training hours", color: "#00897b", balance: "none", requiresApproval: true });
    const patched = await answer(patchCategoryApi(args(call(`/api/absence-categories/${category.id}`, "PATCH", adminToken, { unit: "hour" }), { id: category.id })));
    expect(patched).toMatchObject({ status: 200, body: { unit: "hour" } });
  });
});

describe("the company's unit through the API", () => {
  it("GET /api/companies/me answers leave_unit; PATCH changes it for admins only, and new types follow", async () => {
    expect((await answer(companyGet(args(call("/api/companies/me", "GET", evaToken))))).body).toMatchObject({ leave_unit: "day" });
    expect((await answer(companyPatch(args(call("/api/companies/me", "PATCH", evaToken, { leave_unit: "hour" }))))).status).toBe(403);
    expect((await answer(companyPatch(args(call("/api/companies/me", "PATCH", adminToken, { leave_unit: "weeks" }))))).status).toBe(400);
    const patched = await answer(companyPatch(args(call("/api/companies/me", "PATCH", adminToken, { leave_unit: "hour" }))));
    expect(patched.body).toMatchObject({ leave_unit: "hour", leave_year_start_month: 1 });
    expect((await createAbsenceCategory(admin, { name: "Errands", color: "#00897b", balance: "none", requiresApproval: true })).unit).toBe("hour");
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId, action: "company.updated" }, orderBy: { createdAt: "desc" }, select: { details: true } });
    expect(JSON.parse(audit.details)).toEqual({ leave_unit: { old: "day", new: "hour" } });
    await answer(companyPatch(args(call("/api/companies/me", "PATCH", adminToken, { leave_unit: "day" }))));
  });
});

describe("the request form without JavaScript", () => {
  it("books a time request from the posted fields, and answers a day type's hour fields next to them", async () => {
    const login = (await loginAction(args(postForm("/login", { email: "eva@hourly.test", password: TEST_PASSWORD })))) as Response;
    const cookie = cookiesFrom(login);
    const form = { intent: "create", recipientType: "team_admins", description: "", startDate: "2027-11-03", endDate: "2027-11-03", startTime: "09:00", endTime: "13:00", hoursPerDay: "" };
    const response = (await myCalendarAction(args(postForm("/my-calendar?year=2027", { ...form, categoryId: hourType }, cookie)))) as Response;
    expect(response.status).toBe(302);
    expect(await getDb().vacation.findFirstOrThrow({ where: { userId: eva.userId, startDate: "2027-11-03" }, select: { startTime: true, endTime: true, hoursPerDay: true } })).toEqual({ startTime: "09:00", endTime: "13:00", hoursPerDay: null });
    const { status, value } = unwrapData<{ result: { error: Record<string, string[]> } }>(await myCalendarAction(args(postForm("/my-calendar?year=2027", { ...form, startDate: "2027-11-10", endDate: "2027-11-10", categoryId: "yearly_allowance" }, cookie))));
    expect(status).toBe(400);
    expect(value.result.error.startTime).toEqual(["hours.errors.dayCategory"]);
  });
});

describe("amounts in hours outside the lists", () => {
  it("the Absences CSV gets a column of hours, and the e-mails say the hours and times", async () => {
    const login = (await loginAction(args(postForm("/login", { email: "eva@hourly.test", password: TEST_PASSWORD })))) as Response;
    const csv = await (await exportCsv(args(getRequest("/vacations/export.csv?from=2027-03-01&to=2027-03-05", cookiesFrom(login))))).text();
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header.endsWith(";Horas")).toBe(true);
    expect(rows.find((row) => row.startsWith("2027-03-03;"))?.endsWith(";4")).toBe(true);

    const mail = renderVacationMail("requested", "pt", {
      requester: "Eva",
      recipient: "Bea",
      startDate: "2027-03-03",
      endDate: "2027-03-03",
      workingDays: 1,
      hours: 4,
      startTime: "09:00",
      endTime: "13:00",
      categoryId: hourType,
      categoryName: "Time off",
      description: "",
      links: null,
      appUrl: "http://localhost",
    });
    expect(mail.text.replace(/\u00a0/g, " ")).toContain("(4 h, 09:00–13:00)");
  });
});

describe("balances in hours", () => {
  // A company whose yearly and residual types count hours, on Monday–Friday 8 h (no schedules).
  let owner: SignedInViewer;
  let rui: SignedInViewer;
  let ruiCookie: string;
  let ruiToken: string;
  let ownerCookie: string;
  let ownerToken: string;

  beforeAll(async () => {
    const { id } = await createCompany("Hour balances");
    owner = await viewerFor(await createUser(id, { role: "owner", email: "owner@hourbalances.test" }));
    const team = await createTeam(id, "Desk", [owner.userId]);
    const ruiRow = await createUser(id, { email: "rui@hourbalances.test", teamId: team.id });
    rui = await viewerFor(ruiRow);
    await updateAbsenceCategory(owner, "yearly_allowance", { unit: "hour" });
    await getDb().allowance.create({ data: { companyId: id, userId: ruiRow.id, year: 2027, yearly: 160 } });
    await resetRateLimits();
    ruiCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "rui@hourbalances.test", password: TEST_PASSWORD })))) as Response);
    ruiToken = ((await (await apiLogin(args(call("/api/auth/login", "POST", undefined, { email: "rui@hourbalances.test", password: TEST_PASSWORD })))).json()) as { access_token: string }).access_token;
    ownerCookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "owner@hourbalances.test", password: TEST_PASSWORD })))) as Response);
    ownerToken = ((await (await apiLogin(args(call("/api/auth/login", "POST", undefined, { email: "owner@hourbalances.test", password: TEST_PASSWORD })))).json()) as { access_token: string }).access_token;
  });

  it("a 4 h request leaves 156 h of 160 h on My Calendar, the explanation, the report, its CSV and the API", async () => {
    await createVacation(rui, { ...base, categoryId: "yearly_allowance", startDate: "2027-03-03", endDate: "2027-03-03", startTime: "09:00", endTime: "13:00" });
    const hours = { total: 160, used: 0, pending: 4, remaining: 156, unit: "hour" };
    const calendar = unwrapData<{ balances: Record<string, Json> }>(await run(() => myCalendarLoader(args(getRequest("/my-calendar?year=2027", ruiCookie))))).value;
    expect(calendar.balances.yearly).toEqual(hours);
    // Special leave still counts days: its figures carry no unit.
    expect(calendar.balances.special.unit).toBeUndefined();

    const explained = await explainBalance(rui, rui.userId, 2027);
    expect(explained.balances.yearly).toEqual(hours);
    expect(explained.vacations.map((v) => v.days)).toEqual([4]);

    const [row] = (await allowanceReport(owner, 2027)).filter((r) => r.user.id === rui.userId);
    expect(serializeReportRow(row)).toMatchObject({ yearlyAllowance: 160, yearlyPending: 4, yearlyRemaining: 156, yearlyUnit: "hour", residualUnit: "hour", specialLeaveUnit: "day" });
    const csv = await allowanceReportCsv(owner, { year: 2027, sort: "name", direction: "asc" }, { t: getT("pt"), dialect: csvDialectFor("pt") });
    expect(csv.split(/\r?\n/)[0]).toContain("Férias anuais (h): atribuídos");
    expect(csv).toMatch(/rui@hourbalances\.test;[^;]*;Desk;160;0;4;156;/);

    const summary = (await answer(summaryGet(args(call("/api/users/me/allowances-summary?year=2027", "GET", ruiToken))))).body;
    expect(summary.yearly_allowance).toEqual({ total: 160, used: 0, pending: 4, remaining: 156, unit: "hour" });
    expect((summary.special_leave as Json).unit).toBe("day");
  });

  it("refuses an hour request beyond the balance in hours, and counts hours a day", async () => {
    // 20 working days of 8 h a day: 160 h > 156 h left.
    expect(await failure(createVacation(rui, { ...base, categoryId: "yearly_allowance", startDate: "2027-05-03", endDate: "2027-05-28", hoursPerDay: 8 }))).toMatchObject({
      status: 409,
      code: "insufficient_balance",
      message: "hours.errors.insufficientBalance",
    });
    // 4 h a day over the same 20 days: 80 h fits.
    await createVacation(rui, { ...base, categoryId: "yearly_allowance", startDate: "2027-05-03", endDate: "2027-05-28", hoursPerDay: 4 });
    const inputs = await loadBalanceInputs(getDb(), owner.companyId, { fromYear: 2027, toYear: 2027, userIds: [rui.userId] });
    expect(inputs.balancesOf(rui.userId, 2027).yearly).toMatchObject({ pending: 84, remaining: 76 });
  });

  it("takes allowances in quarter hours for a balance in hours, half days for one in days, and names the unit on the Users tab", async () => {
    const upsert = (body: Json) => answer(allowanceUpsertApi(args(call("/api/reports/allowances/upsert", "POST", ownerToken, { userId: rui.userId, year: 2028, ...body }))));
    const saved = await upsert({ yearlyAllowance: 160.25, residualAllowance: "7.5", specialLeaveAllowance: 1.5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ yearlyAllowance: 160.25, residualAllowance: 7.5, specialLeaveAllowance: 1.5 });
    // Special leave counts days: a quarter is no half day.
    const refused = await upsert({ yearlyAllowance: 160, residualAllowance: 0, specialLeaveAllowance: 1.25 });
    expect(refused.status).toBe(400);
    expect(await failure(setYearAllowances(owner, { year: 2028, userIds: [rui.userId], yearly: 160.3 }))).toMatchObject({ status: 400, message: "hours.errors.allowanceHours" });
    expect((await setYearAllowances(owner, { year: 2028, userIds: [rui.userId], yearly: 150.75 })).changed).toBe(1);

    const list = unwrapData<{ units: Json }>(await run(() => usersLoader(args(getRequest("/company-settings/users?year=2028", ownerCookie))))).value;
    expect(list.units).toEqual({ yearly: "hour", residual: "hour", special: "day" });
    const t = getT("pt");
    expect(allowanceLabel(t, "yearly", list.units as AllowanceUnits)).toBe("Férias anuais (horas)");
    expect(allowanceLabel(t, "specialLeave", list.units as AllowanceUnits)).toBe("Licença especial (dias)");

    // The person's allowance form, without JavaScript: quarter hours where the balance counts hours.
    const form = (fields: Record<string, string>) =>
      postForm("/company-settings/users", { intent: "users.allowances", userId: rui.userId, year: "2028", ...fields }, ownerCookie);
    const refusedForm = unwrapData<{ result: { error: Record<string, string[]> } }>(await usersAction(args(form({ yearly: "160,3", residual: "0", specialLeave: "1,25" }))));
    expect(refusedForm.value.result.error).toEqual({ yearly: ["hours.errors.allowanceHours"], specialLeave: ["allowance.specialLeaveInvalid"] });
    await usersAction(args(form({ yearly: "160,25", residual: "0", specialLeave: "2" })));
    expect(await getDb().allowance.findFirstOrThrow({ where: { userId: rui.userId, year: 2028 }, select: { yearly: true, specialLeave: true } })).toEqual({ yearly: 160.25, specialLeave: 2 });
  });

  it("the company tab takes the default allowance and the carry-over maximum in hours when the yearly balance counts hours", async () => {
    const tab = unwrapData<{ yearlyUnit: string }>(await run(() => companyTabLoader(args(getRequest("/company-settings/company", ownerCookie))))).value;
    expect(tab.yearlyUnit).toBe("hour");
    const fields = { intent: "company.update", name: "Hour Balances", countryCode: "PT", timeZone: "Europe/Lisbon", carryOverExpiresOn: "04-30" };
    const post = async (amounts: Record<string, string>) => unwrapData<{ result?: { error: Record<string, string[]> } }>(await run(() => companyTabAction(args(postForm("/company-settings/company", { ...fields, ...amounts }, ownerCookie)))));
    // 176 h is no number of days, and 176,3 no quarter hour.
    const refused = await post({ defaultYearlyAllowance: "176,3", carryOverMaxDays: "40" });
    expect(refused.status).toBe(400);
    expect(refused.value.result?.error).toEqual({ defaultYearlyAllowance: ["hours.errors.allowanceHours"] });
    expect((await post({ defaultYearlyAllowance: "176,25", carryOverMaxDays: "40" })).status).toBe(200);
    expect(await getDb().company.findFirstOrThrow({ where: { users: { some: { id: rui.userId } } }, select: { defaultYearlyAllowance: true, carryOverMaxDays: true } })).toEqual({ defaultYearlyAllowance: 176.25, carryOverMaxDays: 40 });
    expect(getT("pt")("hours.companySettings.carryOverMaxDays")).toBe("Máximo de horas transitadas para o ano seguinte");
  });

  it("splits a request across the leave year's turn in hours, and prorates a joiner's hours to the quarter hour", async () => {
    const { id } = await createCompany("April hours");
    await getDb().company.update({ where: { id }, data: { leaveYearStartMonth: 4 } });
    const boss = await viewerFor(await createUser(id, { role: "owner" }));
    const team = await createTeam(id, "Floor", [boss.userId]);
    await updateAbsenceCategory(boss, "yearly_allowance", { unit: "hour" });
    const joinerRow = await createUser(id, { teamId: team.id });
    await getDb().user.update({ where: { id: joinerRow.id }, data: { firstDay: "2027-03-01" } });
    const joiner = await viewerFor(joinerRow);
    await getDb().allowance.createMany({
      data: [
        { companyId: id, userId: joinerRow.id, year: 2026, yearly: 100 },
        { companyId: id, userId: joinerRow.id, year: 2027, yearly: 100 },
      ],
    });
    // Wednesday 31 March and Thursday 1 April 2027: 8 h in leave year 2026/27, 8 h in 2027/28.
    await createVacation(joiner, { ...base, categoryId: "yearly_allowance", startDate: "2027-03-31", endDate: "2027-04-01" });
    const inputs = await loadBalanceInputs(getDb(), id, { fromYear: 2026, toYear: 2027, userIds: [joinerRow.id] });
    // Employed 1–31 March of 1 April 2026 – 31 March 2027: 23 of 261 working days of 100 h, 8.8122… h,
    // rounded to the nearest quarter hour.
    const proration = inputs.prorationOf(joinerRow.id, 2026)!;
    expect(proration.unit).toBe("hour");
    expect(proration.total).toBe(8.75);
    expect(inputs.balancesOf(joinerRow.id, 2026).yearly).toMatchObject({ total: 8.75, pending: 8, remaining: 0.75, unit: "hour" });
    expect(inputs.balancesOf(joinerRow.id, 2027).yearly).toMatchObject({ total: 100, pending: 8, remaining: 92, unit: "hour" });
    // One more hour in March is beyond what the joiner's first leave year holds.
    expect(await failure(createVacation(joiner, { ...base, categoryId: "yearly_allowance", startDate: "2027-03-30", endDate: "2027-03-30", startTime: "09:00", endTime: "10:00" }))).toMatchObject({
      status: 409,
      message: "hours.errors.insufficientBalance",
    });
  });
});
