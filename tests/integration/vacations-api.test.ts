// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nationalHolidays } from "~/models/holiday-catalogue.server";
import { runAutoApproval, autoApprovalDate } from "~/models/auto-approval.server";
import { cancelVacation, createVacation } from "~/models/vacation.server";
import { loader as decisionLoader, action as decisionAction } from "~/routes/vacation-decision";
import { loader as actionPageLoader } from "~/routes/vacation-action";
import { action as apiLogin } from "~/api/auth.login";
import { action as createApi, loader as listApi } from "~/api/vacations._index";
import { loader as searchApi } from "~/api/vacations.search";
import { action as deleteApi, loader as getApi } from "~/api/vacations.$id";
import { action as approveApi } from "~/api/vacations.$id.approve";
import { action as rejectApi } from "~/api/vacations.$id.reject";
import { action as notifyApi } from "~/api/vacations.$id.notify-admin";
import { loader as summaryApi } from "~/api/users.me.allowances-summary";
import { loader as reportApi } from "~/api/reports.vacations";
import { action as upsertApi } from "~/api/reports.allowances.upsert";
import { loader as categoriesApi } from "~/api/absence-categories";
import { loader as exportCsv } from "~/routes/vacations.export[.]csv";
import { action as loginAction } from "~/routes/login";
import { NO_HOLIDAYS } from "~/lib/working-days";
import { getDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";
import { linkIn, testSmtp } from "../support/smtp";

type Json = Record<string, unknown>;

function call(path: string, method: string, token?: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenFor(email: string) {
  const response = await apiLogin(args(call("/api/auth/login", "POST", undefined, { email, password: TEST_PASSWORD })));
  return ((await response.json()) as { access_token: string }).access_token;
}

let companyId: string;
let admin: { id: string; email: string };
let employee: { id: string; email: string; role: string };
let colleague: { id: string; email: string; role: string };
let lonely: { id: string; email: string };
let adminToken: string;
let employeeToken: string;

beforeAll(async () => {
  companyId = (await createCompany("Planners")).id;
  await getDb().holiday.createMany({ data: (await nationalHolidays("PT", 2027)).map((h) => ({ ...h, companyId, countryCode: "PT", isRecurring: false })) });
  admin = await createUser(companyId, { role: "admin", email: "boss@planners.test", fullName: "Bea Boss" });
  const team = await createTeam(companyId, "Crew", [admin.id]);
  await getDb().user.update({ where: { id: admin.id }, data: { teamId: team.id } });
  employee = await createUser(companyId, { email: "eva@planners.test", fullName: "Eva Worker", teamId: team.id, preferredLanguage: "en" });
  colleague = await createUser(companyId, { email: "carl@planners.test", fullName: "Carl Colleague", teamId: team.id });
  const noAdminTeam = await createTeam(companyId, "Orphans");
  lonely = await createUser(companyId, { email: "lonely@planners.test", teamId: noAdminTeam.id });
  for (const user of [employee, colleague, lonely]) {
    await getDb().allowance.create({ data: { companyId, userId: user.id, year: 2027, yearly: 22, residual: 2, specialLeave: 0 } });
  }
  await resetRateLimits();
  adminToken = await tokenFor(admin.email);
  employeeToken = await tokenFor(employee.email);
});
beforeEach(() => resetRateLimits());

describe("creating vacations", () => {
  it("creates a pending request, counts working days without weekends and holidays, and mails the team admin links", async () => {
    // 2027-04-20 (Tue) … 2027-04-27 (Tue): weekend 24–25 and Dia da Liberdade (Sun 25) → 6 working days.
    const response = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-04-20", end_date: "2027-04-27", description: "Trip", absence_category_id: "yearly_allowance" })));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ status: "pending", start_date: "2027-04-20", end_date: "2027-04-27", working_days: 6, user_id: employee.id });

    const mail = await testSmtp().waitForMail(admin.email, /Eva Worker/);
    const approve = linkIn(mail, "/vacation-decision?token=");
    expect(mail.text).toMatch(/6 dias úteis|6 working days/);
    expect(mail.text.match(/vacation-decision\?token=/g)).toHaveLength(2);
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { action: "vacation.created", entityId: String(body.id) } });
    expect(audit.actorId).toBe(employee.id);
    expect(approve.origin).toBe("http://app.test");
  });

  it("refuses an overlapping request with 409 and the spec's message", async () => {
    const response = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-04-26", end_date: "2027-04-28", absence_category_id: "yearly_allowance" })));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).detail).toBe(
      "There are already absences clashing with your selected dates. Please adjust the interval or erase previous absences.",
    );
  });

  it("refuses start after end, unknown categories and ranges without working days", async () => {
    const reversed = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-05-10", end_date: "2027-05-03" })));
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as Json).detail).toBe("Initial date cannot supersede end date.");
    const badCategory = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-05-03", end_date: "2027-05-04", absence_category_id: "nope" })));
    expect(badCategory.status).toBe(400);
    const weekend = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-05-08", end_date: "2027-05-09" })));
    expect(weekend.status).toBe(400);
    const badDate = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-02-30", end_date: "2027-03-02" })));
    expect(badDate.status).toBe(400);
  });

  it("refuses a requester whose team has no admin, with the spec's message", async () => {
    const response = await createApi(args(call("/api/vacations", "POST", await tokenFor(lonely.email), { start_date: "2027-06-01", end_date: "2027-06-02" })));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).detail).toContain("no admin assigned");
  });

  it("refuses a request beyond the remaining balance, counting pending days", async () => {
    // 22 yearly days, 6 already pending: 17 working days more do not fit.
    const response = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-09-01", end_date: "2027-09-23" })));
    expect(response.status).toBe(409);
    const fits = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-09-01", end_date: "2027-09-03", half_day_end: true })));
    expect(((await fits.json()) as Json).working_days).toBe(2.5);
  });

  it("lets only one of two simultaneous overlapping requests through", async () => {
    const input = { startDate: "2027-10-04", endDate: "2027-10-06", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" as const };
    const results = await Promise.allSettled([createVacation(await viewerFor(colleague), input), createVacation(await viewerFor(colleague), { ...input, startDate: "2027-10-05" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getDb().vacation.count({ where: { userId: colleague.id, startDate: { gte: "2027-10-01" } } })).toBe(1);
  });
});

describe("deciding by e-mail link", () => {
  it("shows the request with balance and who else is away, decides on POST only, once, and tells the requester", async () => {
    await createVacation(await viewerFor(colleague), { startDate: "2027-07-05", endDate: "2027-07-09", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" });
    const created = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-07-07", end_date: "2027-07-08" })));
    const vacationId = String(((await created.json()) as Json).id);
    // Dates are written for people, in the reader's language ("7 – 8 Jul 2027"), with no-break spaces.
    const mail = await testSmtp().waitForMail(admin.email, /7\u00a0–\u00a08\u00a0(de\u00a0)?jul/i);
    const [approveUrl, rejectUrl] = [...mail.text.matchAll(/https?:\/\/\S+vacation-decision\?token=\S+/g)].map((m) => new URL(m[0]));
    const token = approveUrl.searchParams.get("token")!;

    // GET shows; nothing is decided by opening the link.
    const page = unwrapData<{ details: { action: string; vacation: { workingDays: number }; balance: { remaining: number; total: number }; awayTogether: { name: string }[] } }>(
      await decisionLoader(args(getRequest(approveUrl.pathname + approveUrl.search))),
    );
    expect(page.value.details.action).toBe("approve");
    expect(page.value.details.vacation.workingDays).toBe(2);
    expect(page.value.details.balance.total).toBe(22);
    expect(page.value.details.awayTogether.map((a) => a.name)).toEqual(["Carl Colleague"]);
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: vacationId } })).status).toBe("pending");

    const decided = (await decisionAction(args(postForm("/vacation-decision", { token })))) as Response;
    expect(decided.headers.get("Location")).toBe("/vacation-action?message=vacation_approved");
    const row = await getDb().vacation.findUniqueOrThrow({ where: { id: vacationId } });
    expect(row).toMatchObject({ status: "approved", reviewerId: admin.id });

    const told = await testSmtp().waitForMail(employee.email, /approved/);
    expect(told.subject).toBe("Absence approved: 7\u00a0–\u00a08\u00a0Jul\u00a02027");
    expect(told.text).toContain("request for 7\u00a0–\u00a08\u00a0Jul\u00a02027 (2 working days) was approved.");
    expect(told.html).toContain('<span style="white-space:nowrap">7\u00a0–\u00a08\u00a0Jul\u00a02027</span>');

    // Used, and the sibling reject link is spent too.
    const again = unwrapData<{ error: string }>(await decisionAction(args(postForm("/vacation-decision", { token }))));
    expect(again.value.error).toBe("token.used");
    const sibling = unwrapData<{ error: string }>(await decisionLoader(args(getRequest(rejectUrl.pathname + rejectUrl.search))));
    expect(sibling.value.error).toBe("token.used");
    expect(unwrapData<{ error: string }>(await decisionLoader(args(getRequest("/vacation-decision?token=forged")))).value.error).toBe("token.invalid");
  });

  it("confirms with the spec's messages and shows no action for anything else", () => {
    expect(actionPageLoader(args(getRequest("/vacation-action?message=vacation_rejected")))).toEqual({ message: "vacation_rejected" });
    expect(actionPageLoader(args(getRequest("/vacation-action?message=hack")))).toEqual({ message: null });
  });
});

describe("deciding through the API", () => {
  it("lets the team admin reject, refuses the employee and a second decision", async () => {
    const created = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-11-02", end_date: "2027-11-03" })));
    const id = String(((await created.json()) as Json).id);
    expect((await approveApi(args(call(`/api/vacations/${id}/approve`, "POST", employeeToken), { id }))).status).toBe(403);
    const rejected = await rejectApi(args(call(`/api/vacations/${id}/reject`, "POST", adminToken), { id }));
    expect(((await rejected.json()) as Json).status).toBe("rejected");
    expect((await approveApi(args(call(`/api/vacations/${id}/approve`, "POST", adminToken), { id }))).status).toBe(409);
    await testSmtp().waitForMail(employee.email, /rejected/);
  });

  it("cancels once when two cancellations race", async () => {
    const { vacation } = await createVacation(await viewerFor(colleague), { startDate: "2027-11-22", endDate: "2027-11-23", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" });
    const results = await Promise.allSettled([cancelVacation(await viewerFor(colleague), vacation.id, "2027-01-01"), cancelVacation(await viewerFor(colleague), vacation.id, "2027-01-01")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await getDb().auditEntry.count({ where: { entityId: vacation.id, action: "vacation.cancelled" } })).toBe(1);
  });

  it("lets the requester remind the admins, cancel their own request and tell the admins of it", async () => {
    const created = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-11-15", end_date: "2027-11-16" })));
    const id = String(((await created.json()) as Json).id);
    const before = testSmtp().inbox.filter((m) => m.to.includes(admin.email)).length;
    expect((await notifyApi(args(call(`/api/vacations/${id}/notify-admin`, "POST", employeeToken), { id }))).status).toBe(204);
    await settleMail();
    await testSmtp().waitForMail(admin.email, /Reminder/);
    expect(testSmtp().inbox.filter((m) => m.to.includes(admin.email)).length).toBeGreaterThan(before);
    expect((await deleteApi(args(call(`/api/vacations/${id}`, "DELETE", employeeToken), { id }))).status).toBe(204);
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id } })).status).toBe("cancelled");
    // Then the company calendar asks 'Queres notificar o Admin da Team?': the same call tells them, once.
    expect((await notifyApi(args(call(`/api/vacations/${id}/notify-admin`, "POST", employeeToken), { id }))).status).toBe(204);
    expect(await getDb().auditEntry.count({ where: { action: "vacation.cancellation_notified", entityId: id } })).toBe(1);
    expect((await notifyApi(args(call(`/api/vacations/${id}/notify-admin`, "POST", employeeToken), { id }))).status).toBe(409);
    // Cancelled days free the dates again.
    const again = await createApi(args(call("/api/vacations", "POST", employeeToken, { start_date: "2027-11-15", end_date: "2027-11-16" })));
    expect(again.status).toBe(201);
  });
});

describe("reading vacations, balances and reports", () => {
  it("searches the company by range and user, pages the own list, and caps the limit", async () => {
    const all = (await (await searchApi(args(call("/api/vacations/search?date_from=2027-04-01&date_to=2027-04-30&limit=1000", "GET", adminToken)))).json()) as Json[];
    expect(all.map((v) => v.start_date)).toContain("2027-04-20");
    const mine = (await (await searchApi(args(call("/api/vacations/search?user_id=me&date_from=2027-07-01&date_to=2027-07-31", "GET", adminToken)))).json()) as Json[];
    expect(mine).toEqual([]);
    const page = (await (await listApi(args(call("/api/vacations?limit=2&offset=1", "GET", employeeToken)))).json()) as { items: Json[]; total: number; offset: number; limit: number };
    expect(page).toMatchObject({ offset: 1, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect((await searchApi(args(call("/api/vacations/search?limit=1001", "GET", adminToken)))).status).toBe(400);
    expect((await searchApi(args(call("/api/vacations/search?date_from=2027-13-01", "GET", adminToken)))).status).toBe(400);
  });

  it("summarises the caller's allowances in the spec's shape", async () => {
    const summary = (await (await summaryApi(args(call("/api/users/me/allowances-summary?year=2027", "GET", employeeToken)))).json()) as Record<string, { total: number; used: number; remaining: number }> & Json;
    expect(summary).toMatchObject({ ok: true, user_id: employee.id, year: 2027 });
    expect(summary.yearly_allowance.total).toBe(22);
    expect(summary.yearly_allowance.used).toBe(2);
    expect(summary.residual).toMatchObject({ total: 2, used: 0, remaining: 2 });
  });

  it("reports every user for admins only, and validates allowance edits with the spec's messages", async () => {
    expect((await reportApi(args(call("/api/reports/vacations?year=2027", "GET", employeeToken)))).status).toBe(403);
    const rows = (await (await reportApi(args(call("/api/reports/vacations?year=2027", "GET", adminToken)))).json()) as { user: { email: string }; yearlyAllowance: number; yearlyUsed: number }[];
    expect(rows.find((r) => r.user.email === employee.email)).toMatchObject({ yearlyAllowance: 22, yearlyUsed: 2 });

    const bad = await upsertApi(args(call("/api/reports/allowances/upsert", "POST", adminToken, { userId: employee.id, year: 2027, yearlyAllowance: -1, residualAllowance: "x", specialLeaveAllowance: 1 })));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { yearlyAllowance: "Invalid value for Yearly Allowance.", residualAllowance: "Invalid value for Residual." } });
    const ok = await upsertApi(args(call("/api/reports/allowances/upsert", "POST", adminToken, { userId: employee.id, year: 2027, yearlyAllowance: 25, residualAllowance: 2.5, specialLeaveAllowance: 1 })));
    expect(await ok.json()).toMatchObject({ yearlyAllowance: 25, residualAllowance: 2.5 });
    expect((await upsertApi(args(call("/api/reports/allowances/upsert", "POST", employeeToken, { userId: employee.id, year: 2027, yearlyAllowance: 99, residualAllowance: 0, specialLeaveAllowance: 0 })))).status).toBe(403);
  });

  it("lists the absence categories with yearly_allowance", async () => {
    const categories = (await (await categoriesApi(args(call("/api/absence-categories", "GET", employeeToken)))).json()) as Json[];
    expect(categories[0]).toMatchObject({ id: "yearly_allowance", unit: "day", active: true });
  });

  it("exports CSV with a BOM, translated headers, all filtered rows and no formulas", async () => {
    await getDb().vacation.create({ data: { companyId, userId: employee.id, startDate: "2027-02-01", endDate: "2027-02-01", status: "rejected", description: "=HYPERLINK(\"x\")" } });
    const login = (await loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD })))) as Response;
    const response = await exportCsv(args(getRequest("/vacations/export.csv?from=2027-01-01&to=2027-12-31", cookiesFrom(login))));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="my-absences.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("Start,End,Working days,Type,Status,Description");
    expect(lines).toContain(`2027-02-01,2027-02-01,1,yearly_allowance,Rejected,"'=HYPERLINK(""x"")"`.replace("yearly_allowance", lines.find((l) => l.startsWith("2027-02-01"))!.split(",")[3]));
    expect(lines.length - 1).toBe(await getDb().vacation.count({ where: { userId: employee.id, endDate: { gte: "2027-01-01" }, startDate: { lte: "2027-12-31" } } }));
    const companyCsv = await exportCsv(args(getRequest("/vacations/export.csv?scope=company", cookiesFrom(login))));
    // An employee asking for the company scope gets their own rows only.
    expect(companyCsv.headers.get("Content-Disposition")).toContain("my-absences.csv");
  });
});

describe("tenant isolation of vacations", () => {
  it("refuses every vacation call with another company's ids, and changes nothing", async () => {
    const other = (await createCompany("Intruders")).id;
    const intruderAdmin = await createUser(other, { role: "owner", email: "owner@intruders.test" });
    const token = await tokenFor(intruderAdmin.email);
    const target = await getDb().vacation.findFirstOrThrow({ where: { companyId, status: "pending" } });
    const before = await getDb().vacation.findMany({ where: { companyId }, orderBy: { id: "asc" } });
    const id = target.id;
    expect((await getApi(args(call(`/api/vacations/${id}`, "GET", token), { id }))).status).toBe(404);
    expect((await approveApi(args(call(`/api/vacations/${id}/approve`, "POST", token), { id }))).status).toBe(404);
    expect((await rejectApi(args(call(`/api/vacations/${id}/reject`, "POST", token), { id }))).status).toBe(404);
    expect((await deleteApi(args(call(`/api/vacations/${id}`, "DELETE", token), { id }))).status).toBe(404);
    expect((await notifyApi(args(call(`/api/vacations/${id}/notify-admin`, "POST", token), { id }))).status).toBe(404);
    expect(await (await searchApi(args(call(`/api/vacations/search?user_id=${target.userId}`, "GET", token)))).json()).toEqual([]);
    const upsert = await upsertApi(args(call("/api/reports/allowances/upsert", "POST", token, { userId: employee.id, year: 2027, yearlyAllowance: 99, residualAllowance: 0, specialLeaveAllowance: 0 })));
    expect(upsert.status).toBe(404);
    expect(await getDb().vacation.findMany({ where: { companyId }, orderBy: { id: "asc" } })).toEqual(before);
    expect((await getDb().allowance.findFirstOrThrow({ where: { userId: employee.id, year: 2027 } })).yearly).not.toBe(99);
    expect(await run(() => Promise.resolve(1))).toBe(1);
  });
});

// Last: the job approves every overdue request in the database, other tests' included.
describe("auto-approval", () => {
  it("computes the due date in business days", () => {
    expect(autoApprovalDate("2027-03-05", NO_HOLIDAYS)).toBe("2027-03-12");
    expect(autoApprovalDate("2027-03-06", NO_HOLIDAYS)).toBe("2027-03-12");
  });

  it("approves a request unreviewed for 5 business days, once, even when run twice at the same time", async () => {
    // A company of its own, so no other test's pending requests are due too.
    const soloCompany = (await createCompany("Sleepy")).id;
    const soloAdmin = await createUser(soloCompany, { role: "admin" });
    const soloTeam = await createTeam(soloCompany, "Nap", [soloAdmin.id]);
    const colleague = await createUser(soloCompany, { teamId: soloTeam.id, email: "sleepy@planners.test" });
    await getDb().allowance.create({ data: { companyId: soloCompany, userId: colleague.id, year: 2027, yearly: 22 } });
    const { vacation } = await createVacation(await viewerFor(colleague), { startDate: "2027-12-13", endDate: "2027-12-14", halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" });
    // Created on Friday 2027-11-26 (10:00 Lisbon): due Friday 2027-12-03, not Thursday.
    await getDb().vacation.update({ where: { id: vacation.id }, data: { createdAt: new Date("2027-11-26T10:00:00Z") } });
    expect(await runAutoApproval(new Date("2027-12-02T12:00:00Z"))).not.toContain(vacation.id);
    const [first, second] = await Promise.all([runAutoApproval(new Date("2027-12-03T12:00:00Z")), runAutoApproval(new Date("2027-12-03T12:00:00Z"))]);
    expect([...first, ...second].filter((id) => id === vacation.id)).toHaveLength(1);
    const row = await getDb().vacation.findUniqueOrThrow({ where: { id: vacation.id } });
    expect(row).toMatchObject({ status: "approved", autoApproved: true, reviewerId: null });
    await settleMail();
    const mails = testSmtp().inbox.filter((m) => m.to.includes(colleague.email) && /13\u00a0–\u00a014\u00a0de\u00a0dez\.\u00a0de\u00a02027/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("automaticamente");
    expect(await getDb().auditEntry.count({ where: { entityId: vacation.id, action: "vacation.auto_approved" } })).toBe(1);
  });
});
