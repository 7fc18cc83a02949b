// The rules of the foundations, through the real routes signed in like a browser or an API client:
// who may cancel (one rule for the API and the form, and for which buttons are shown), one home
// for a person's balance, what deleting a person means, and how HTML routes answer errors.
import { beforeAll, describe, expect, it } from "vitest";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { action as usersAction, loader as usersLoader } from "~/routes/_app.company-settings.users/route";
import { loader as reportsPageLoader } from "~/routes/_app.reports/route";
import { action as vacationsAction, loader as vacationsLoader } from "~/routes/_app.vacations";
import { action as apiLogin } from "~/api/auth.login";
import { loader as reportApi } from "~/api/reports.vacations";
import { loader as summaryApi } from "~/api/users.me.allowances-summary";
import { action as userApi } from "~/api/users.$id";
import { loader as usersApi } from "~/api/users._index";
import { action as cancelApi } from "~/api/vacations.$id";
import { action as notifyApi } from "~/api/vacations.$id.notify-admin";
import { action as loginAction } from "~/routes/login";
import { createVacation as requestVacation } from "~/models/vacation.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
interface NoticeReply {
  notice: { tone: string; key: string; detail?: string };
}

const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
let company: string;

async function signIn(email: string) {
  const response = (await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

function api(path: string, method: string, cookie: string, body?: unknown) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json", "Accept-Language": "en" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function statusOf(id: string) {
  return (await getDb().vacation.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
}

beforeAll(async () => {
  await resetRateLimits();
  company = (await createCompany("Rules")).id;
  const owner = await createUser(company, { role: "owner", email: "owner@rules.test" });
  const redAdmin = await createUser(company, { role: "admin", email: "red-admin@rules.test" });
  const red = await createTeam(company, "Red", [redAdmin.id]);
  const blue = await createTeam(company, "Blue", [owner.id]);
  await getDb().user.update({ where: { id: redAdmin.id }, data: { teamId: red.id } });
  // The owner's requests go to the other admin of her team, not to Red's (decision 0018).
  await getDb().user.update({ where: { id: owner.id }, data: { teamId: blue.id } });
  const blueAdmin = await createUser(company, { role: "admin", email: "blue-admin@rules.test", teamId: blue.id });
  await getDb().teamAdmin.create({ data: { teamId: blue.id, userId: blueAdmin.id } });
  const eve = await createUser(company, { email: "eve@rules.test", fullName: "Eve Red", teamId: red.id });
  const bob = await createUser(company, { email: "bob@rules.test", fullName: "Bob Blue", teamId: blue.id });
  Object.assign(ids, { owner: owner.id, redAdmin: redAdmin.id, eve: eve.id, bob: bob.id, red: red.id });
  await getDb().allowance.createMany({
    data: [eve, bob].map((p) => ({ companyId: company, userId: p.id, year: 2027, yearly: 22, residual: 3, specialLeave: 1 })),
  });
  ids.evePending = (await createVacation(company, eve.id, { startDate: "2027-03-01", endDate: "2027-03-02" })).id;
  ids.bobPending = (await createVacation(company, bob.id, { startDate: "2027-03-03", endDate: "2027-03-04" })).id;
  ids.ownerPending = (await createVacation(company, owner.id, { startDate: "2027-03-08", endDate: "2027-03-08" })).id;
  for (const [name, email] of Object.entries({ owner: "owner@rules.test", redAdmin: "red-admin@rules.test", eve: "eve@rules.test", bob: "bob@rules.test" })) {
    cookies[name] = await signIn(email);
  }
});

describe("who may cancel: one rule for the API, the form and the buttons", () => {
  it("refuses a team admin another team's request and the owner's, through the API and the form", async () => {
    for (const id of [ids.bobPending, ids.ownerPending]) {
      expect((await cancelApi(args(api(`/api/vacations/${id}`, "DELETE", cookies.redAdmin), { id }))).status).toBe(403);
      const form = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id, confirmed: "1" }, cookies.redAdmin))));
      expect(form.status).toBe(403);
      expect(form.value.notice.detail).toBe("errors.forbidden");
      expect(await statusOf(id)).toBe("pending");
    }
  });

  it("shows the team admin a cancel button only on their team's rows", async () => {
    const page = await vacationsLoader(args(getRequest("/vacations?from=2027-03-01&to=2027-03-31", cookies.redAdmin)));
    const rows = Object.fromEntries(page.company!.rows.map((row) => [row.id, row]));
    expect(rows[ids.evePending]).toMatchObject({ canCancel: true, canApprove: true });
    expect(rows[ids.bobPending]).toMatchObject({ canCancel: false, canApprove: false });
    expect(rows[ids.ownerPending]).toMatchObject({ canCancel: false, canApprove: false });
  });

  it("lets the team admin cancel a member's request through the form", async () => {
    const id = (await createVacation(company, ids.eve, { startDate: "2027-04-05", endDate: "2027-04-05" })).id;
    const form = unwrapData<NoticeReply>(await vacationsAction(args(postForm("/vacations", { intent: "cancel", id, confirmed: "1" }, cookies.redAdmin))));
    expect(form.status).toBe(200);
    expect(await statusOf(id)).toBe("cancelled");
  });

  it("lets only the requester or their managers send 'notify admin'", async () => {
    const id = ids.evePending;
    expect((await notifyApi(args(api(`/api/vacations/${id}/notify-admin`, "POST", cookies.bob), { id }))).status).toBe(403);
    expect((await notifyApi(args(api(`/api/vacations/${id}/notify-admin`, "POST", cookies.eve), { id }))).status).toBe(204);
  });
});

describe("a person's balance is the same everywhere", () => {
  it("agrees between My Calendar, the allowances summary, the report and the request check", async () => {
    const calendar = await myCalendarLoader(args(getRequest("/my-calendar?year=2027", cookies.eve)));
    const summary = (await (await summaryApi(args(api("/api/users/me/allowances-summary?year=2027", "GET", cookies.eve)))).json()) as Json;
    const report = (await (await reportApi(args(api("/api/reports/vacations?year=2027", "GET", cookies.owner)))).json()) as Json[];
    const row = report.find((r) => (r.user as Json).id === ids.eve)!;
    // The API names every figure's unit; the screen's figures carry one only for a balance in hours.
    expect({ ...calendar.balances.yearly, unit: "day" }).toEqual(summary.yearly_allowance);
    expect(row).toMatchObject({ yearlyAllowance: 22, yearlyPending: 2, yearlyRemaining: calendar.balances.yearly.remaining });
    expect({ ...calendar.balances.residual, unit: "day" }).toEqual(summary.residual);
    // The request check refuses exactly past what the others call remaining (20 days).
    const viewer = await viewerFor({ id: ids.eve });
    const input = { halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" as const };
    await expect(requestVacation(viewer, { ...input, startDate: "2027-06-01", endDate: "2027-06-29" })).rejects.toMatchObject({
      status: 409,
      params: { remaining: "20" },
    });
  });
});

describe("deleting a person deactivates them", () => {
  it("asks for an admin, then ends sign-in and lists but keeps their vacations in the report", async () => {
    const leaver = await createUser(company, { email: "leaver@rules.test", fullName: "Lee Leaver", teamId: ids.red });
    await getDb().allowance.create({ data: { companyId: company, userId: leaver.id, year: 2026, yearly: 22 } });
    const approved = (await createVacation(company, leaver.id, { startDate: "2026-02-02", endDate: "2026-02-06", status: "approved" })).id;
    const pending = (await createVacation(company, leaver.id, { startDate: "2027-08-02", endDate: "2027-08-03" })).id;
    const leaverCookie = await signIn("leaver@rules.test");

    // An employee may not; the form answers 403 and nothing changes.
    const refused = unwrapData<NoticeReply>(await usersAction(args(postForm("/company-settings/users", { intent: "users.delete", userId: leaver.id }, cookies.eve))));
    expect(refused.status).toBe(403);
    expect((await getDb().user.findUniqueOrThrow({ where: { id: leaver.id } })).deactivatedAt).toBeNull();

    expect((await userApi(args(api(`/api/users/${leaver.id}`, "DELETE", cookies.owner), { id: leaver.id }))).status).toBe(204);

    // The row and the history stay; the pending request is cancelled, the approved one kept.
    const row = await getDb().user.findUniqueOrThrow({ where: { id: leaver.id } });
    expect(row.deactivatedAt).not.toBeNull();
    expect(await statusOf(approved)).toBe("approved");
    expect(await statusOf(pending)).toBe("cancelled");
    // The report of the year they left in still has them (not a year after they left).
    const report = (await (await reportApi(args(api("/api/reports/vacations?year=2026", "GET", cookies.owner)))).json()) as Json[];
    expect(report.find((r) => (r.user as Json).id === leaver.id)).toMatchObject({ yearlyUsed: 5 });
    const later = (await (await reportApi(args(api("/api/reports/vacations?year=2027", "GET", cookies.owner)))).json()) as Json[];
    expect(later.map((r) => (r.user as Json).id)).not.toContain(leaver.id);
    expect(await getDb().auditEntry.count({ where: { entityId: leaver.id, action: "user.deactivated" } })).toBe(1);

    // They leave the lists, and cannot sign in nor use the session they had.
    const users = (await (await usersApi(args(api("/api/users", "GET", cookies.owner)))).json()) as Json[];
    expect(users.map((u) => u.id)).not.toContain(leaver.id);
    const settings = await usersLoader(args(getRequest("/company-settings/users", cookies.owner)));
    expect(settings.view).toBe("list");
    expect(settings.view === "list" && settings.list.items.map((u) => u.id)).not.toContain(leaver.id);
    const oldSession = (await run(() => myCalendarLoader(args(getRequest("/my-calendar", leaverCookie))))) as Response;
    expect(oldSession.status).toBe(302);
    const signInAgain = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "leaver@rules.test", password: TEST_PASSWORD }) })));
    expect(signInAgain.status).toBe(401);
    // Twice is a 404, not a second audit entry.
    expect((await userApi(args(api(`/api/users/${leaver.id}`, "DELETE", cookies.owner), { id: leaver.id }))).status).toBe(404);
  });
});

describe("HTML routes answer errors with their own status", () => {
  it("gives an employee the admin screens as 403, not 500", async () => {
    const response = (await run(() => reportsPageLoader(args(getRequest("/reports", cookies.eve))))) as Response;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "errors.forbidden", params: {} });
  });

  it("turns a model's 404 in a loader into a 404 carrying its message and parameters", async () => {
    const loader = () =>
      withPageErrors(async () => {
        throw new AppError(404, "not_found", "errors.userNotFound", { params: { id: "x" } });
      });
    const response = (await run(loader)) as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "errors.userNotFound", params: { id: "x" } });
  });

  it("keeps field errors apart from message parameters", async () => {
    const viewer = await viewerFor({ id: ids.eve });
    const input = { halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" as const };
    const error = await requestVacation(viewer, { ...input, startDate: "2027-06-01", endDate: "2027-06-29" }).catch((e: AppError) => e);
    expect(error).toMatchObject({ fields: {}, params: { requested: "21", year: "2027" } });
    const range = await requestVacation(viewer, { ...input, startDate: "2027-06-09", endDate: "2027-06-01" }).catch((e: AppError) => e);
    expect(range).toMatchObject({ fields: { endDate: "vacation.startAfterEnd" }, params: {} });
  });
});
