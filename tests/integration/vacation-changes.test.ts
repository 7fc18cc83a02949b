// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Changing an approved absence (issue 41, decision 0093): the owner proposes, an approver of the
// owner's requests approves or rejects only the change, the absence stands as it was until then;
// admins change it at once; the days already taken stay; the new version passes the overlap,
// balance and type checks of a request (the absence itself left out); `absence.changed` once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, todayIn, yearOf } from "~/lib/dates";
import { upsertAllowance } from "~/models/allowance.server";
import { decideVacationChange, getChangePage, listPendingChanges, proposeVacationChange, withdrawVacationChange } from "~/models/vacation-change.server";
import { settleWebhooks } from "~/models/webhook-delivery.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as proposeApi } from "~/api/vacations.$id.changes";
import { action as approveApi } from "~/api/vacations.$id.changes.$changeId.approve";
import { action as rejectApi } from "~/api/vacations.$id.changes.$changeId.reject";
import { action as changePageAction, loader as changePage } from "~/routes/_app.vacations_.$id.change";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { createAbsenceCategory } from "~/models/absence-category.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, postForm, run, unwrapData } from "../support/http";

const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
let lead: Viewer;
let eve: Viewer;
let colleague: Viewer;
let outsider: Viewer;
let companyId = "";
let monday = "";
let today = "";

/** A Monday in next year's June: working days whatever today is. */
function nextYearMonday() {
  let day = `${yearOf(todayIn("UTC")) + 1}-06-01`;
  while (dayOfWeek(day) !== 1) day = addDays(day, 1);
  return day;
}

async function tokenOf(email: string) {
  const response = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
  return ((await response.json()) as { access_token: string }).access_token;
}

function apiPost(path: string, token: string, body?: unknown) {
  return new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function approvedWeek(userId: string, start: string, end = addDays(start, 4)) {
  return (await createVacation(companyId, userId, { startDate: start, endDate: end, status: "approved" })).id;
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("not refused");
}

const changes = () => getDb().webhookDelivery.findMany({ where: { event: "absence.changed", endpoint: { companyId } }, select: { payload: true } });

beforeAll(async () => {
  monday = nextYearMonday();
  companyId = (await createCompany("Changes")).id;
  const leadRow = await createUser(companyId, { role: "admin", email: "lead@changes.test", fullName: "Lea Lead" });
  // A second admin of the team, reading Portuguese: a change goes to both, each in their language.
  const piaRow = await createUser(companyId, { role: "admin", email: "pia@changes.test", fullName: "Pia Par", preferredLanguage: "pt" });
  const team = await createTeam(companyId, "Crew", [leadRow.id, piaRow.id]);
  const eveRow = await createUser(companyId, { email: "eve@changes.test", fullName: "Eve Employee", teamId: team.id, preferredLanguage: "en" });
  const colleagueRow = await createUser(companyId, { email: "col@changes.test", teamId: team.id });
  const otherCompany = (await createCompany("Elsewhere")).id;
  const outsiderRow = await createUser(otherCompany, { role: "owner", email: "owner@elsewhere.test" });
  [lead, eve, colleague, outsider] = await Promise.all([leadRow, eveRow, colleagueRow, outsiderRow].map((row) => viewerFor(row)));
  today = todayIn(eve.timeZone);
  ids.eve = eveRow.id;
  for (const year of [yearOf(today), yearOf(today) + 1]) await upsertAllowance(lead, { userId: eveRow.id, year, yearly: 40, residual: 0, specialLeave: 0 });
  await getDb().webhookEndpoint.create({ data: { companyId, url: "http://127.0.0.1:9/changes", events: JSON.stringify(["absence.changed"]), secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" } });
  tokens.lead = await tokenOf("lead@changes.test");
  tokens.eve = await tokenOf("eve@changes.test");
  tokens.outsider = await tokenOf("owner@elsewhere.test");
});

afterAll(() => settleWebhooks());

describe("changing an approved absence", () => {
  it("an approved week is shortened through the change-approval path: the original stands until approved", async () => {
    const id = await approvedWeek(ids.eve, monday);
    const change = await proposeVacationChange(eve, id, { startDate: monday, endDate: addDays(monday, 2), halfDayStart: false, halfDayEnd: false });
    expect(change.status).toBe("pending");
    expect(await getDb().vacation.findUniqueOrThrow({ where: { id } })).toMatchObject({ startDate: monday, endDate: addDays(monday, 4), status: "approved" });
    // The approver sees both versions and the balance effect: 40 − 5 = 35 left now, 40 − 3 = 37 after.
    const [listed] = (await listPendingChanges(lead)).filter((row) => row.vacation.id === id);
    expect(listed?.comparison).toMatchObject({ refusal: null, oldAmount: 5, newAmount: 3, effect: [{ balance: "yearly", before: 35, after: 37 }] });
    expect((await getChangePage(lead, id)).rights).toMatchObject({ decide: true, withdraw: false });
    // The colleague sees no such page; nobody else's pending list holds it.
    expect(await refusal(getChangePage(colleague, id))).toEqual({ status: 404, code: "not_found" });
    expect(await listPendingChanges(eve)).toEqual([]);
    // A second proposal waits for the first.
    expect(await refusal(proposeVacationChange(eve, id, { startDate: monday, endDate: addDays(monday, 1), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "change_pending" });

    const mailsBefore = await getDb().emailOutbox.count({ where: { to: "eve@changes.test" } });
    const response = await approveApi(args(apiPost(`/api/vacations/${id}/changes/${change.id}/approve`, tokens.lead), { id, changeId: change.id }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: change.id, status: "approved", end_date: addDays(monday, 2) });
    expect(await getDb().vacation.findUniqueOrThrow({ where: { id } })).toMatchObject({ startDate: monday, endDate: addDays(monday, 2), status: "approved" });
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId, entityId: id, action: "vacation.changed" } });
    expect(JSON.parse(audit.details)).toMatchObject({ end_date: { old: addDays(monday, 4), new: addDays(monday, 2) }, change_id: change.id, how: "approved" });
    expect(await getDb().emailOutbox.count({ where: { to: "eve@changes.test" } })).toBe(mailsBefore + 1);
    const events = (await changes()).map((row) => JSON.parse(row.payload) as { type: string; data: { id: string; end_date: string; previous: { end_date: string } } });
    const mine = events.filter((event) => event.data.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: "absence.changed", data: { end_date: addDays(monday, 2), previous: { end_date: addDays(monday, 4) } } });
    // Decided once.
    const again = await approveApi(args(apiPost(`/api/vacations/${id}/changes/${change.id}/approve`, tokens.lead), { id, changeId: change.id }));
    expect(again.status).toBe(409);
  });

  it("mails the owner's reviewers, in their languages, both versions and the way to Approvals; a direct change mails none", async () => {
    const id = await approvedWeek(ids.eve, addDays(monday, 56));
    const mailsTo = (to: string) => getDb().emailOutbox.findMany({ where: { to, subject: { contains: "Eve Employee" } }, select: { subject: true, text: true, html: true }, orderBy: { createdAt: "asc" } });
    const [leadBefore, piaBefore, colBefore] = await Promise.all([mailsTo("lead@changes.test"), mailsTo("pia@changes.test"), mailsTo("col@changes.test")]);
    const change = await proposeVacationChange(eve, id, { startDate: addDays(monday, 56), endDate: addDays(monday, 58), halfDayStart: false, halfDayEnd: false, categoryId: "training" });
    expect(change.status).toBe("pending");
    const leads = (await mailsTo("lead@changes.test")).slice(leadBefore.length);
    const pias = (await mailsTo("pia@changes.test")).slice(piaBefore.length);
    expect(leads).toHaveLength(1);
    expect(pias).toHaveLength(1);
    // Nobody else: the colleague, and the person who proposed it.
    expect((await mailsTo("col@changes.test")).length).toBe(colBefore.length);
    const en = leads[0]!;
    expect(en.subject).toMatch(/^Change to approve: Eve Employee, /);
    expect(en.text).toContain("“Eve Employee” proposes a change to an approved absence.");
    expect(en.text).toMatch(/As approved: .+, Vacation/);
    expect(en.text).toMatch(/Proposed: .+, Training/);
    expect(en.text).toContain("http://app.test/approvals");
    expect(en.html).toContain("/approvals");
    const pt = pias[0]!;
    expect(pt.subject).toMatch(/^Alteração para aprovar: Eve Employee, /);
    expect(pt.text).toMatch(/Como aprovada: .+, Férias/);
    expect(pt.text).toMatch(/Proposta: .+, Formação/);
    // Each version's own dates: the week, then its first three days.
    const [week, three] = [en.text.match(/As approved: (.+),/)![1], en.text.match(/Proposed: (.+),/)![1]];
    expect(week).not.toBe(three);
    await withdrawVacationChange(eve, id, change.id);

    // The admin's own change is made at once: nobody is asked, nobody is mailed.
    await proposeVacationChange(lead, id, { startDate: addDays(monday, 56), endDate: addDays(monday, 57), halfDayStart: false, halfDayEnd: false });
    expect((await mailsTo("pia@changes.test")).length).toBe(piaBefore.length + 1);
  });

  it("a rejected change leaves the absence, and a withdrawn one can be followed by another", async () => {
    const id = await approvedWeek(ids.eve, addDays(monday, 7));
    const moved = await proposeVacationChange(eve, id, { startDate: addDays(monday, 8), endDate: addDays(monday, 12), halfDayStart: false, halfDayEnd: false });
    const response = await rejectApi(args(apiPost(`/api/vacations/${id}/changes/${moved.id}/reject`, tokens.lead), { id, changeId: moved.id }));
    expect(response.status).toBe(200);
    expect(await getDb().vacation.findUniqueOrThrow({ where: { id } })).toMatchObject({ startDate: addDays(monday, 7), endDate: addDays(monday, 11) });

    const toSickness = await proposeVacationChange(eve, id, { startDate: addDays(monday, 7), endDate: addDays(monday, 11), halfDayStart: false, halfDayEnd: false, categoryId: "sick_leave" });
    // Only the one who proposed takes it back.
    expect(await refusal(withdrawVacationChange(lead, id, toSickness.id))).toEqual({ status: 403, code: "forbidden" });
    expect((await withdrawVacationChange(eve, id, toSickness.id)).status).toBe("withdrawn");
    expect(await refusal(decideVacationChange(lead, id, toSickness.id, "approved"))).toEqual({ status: 409, code: "change_not_pending" });
    const again = await proposeVacationChange(eve, id, { startDate: addDays(monday, 7), endDate: addDays(monday, 11), halfDayStart: false, halfDayEnd: false, categoryId: "sick_leave" });
    await decideVacationChange(lead, id, again.id, "approved");
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id } })).categoryId).toBe("sick_leave");
  });

  it("an admin who manages the owner changes it at once, audited, announced once", async () => {
    const id = await approvedWeek(ids.eve, addDays(monday, 14));
    const response = await proposeApi(args(apiPost(`/api/vacations/${id}/changes`, tokens.lead, { start_date: addDays(monday, 14), end_date: addDays(monday, 15) }), { id }));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ status: "approved", end_date: addDays(monday, 15), decided_by: lead.userId });
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id } })).endDate).toBe(addDays(monday, 15));
    const audit = await getDb().auditEntry.findFirstOrThrow({ where: { companyId, entityId: id, action: "vacation.changed" } });
    expect(JSON.parse(audit.details)).toMatchObject({ end_date: { old: addDays(monday, 18), new: addDays(monday, 15) }, how: "direct" });
    expect((await changes()).filter((row) => JSON.parse(row.payload).data.id === id)).toHaveLength(1);
  });

  it("keeps the days already taken of an absence that has started", async () => {
    const start = addDays(today, -2);
    const id = await approvedWeek(ids.eve, start, addDays(today, 6));
    // Moving the first day, or ending before yesterday, rewrites days taken: refused.
    expect(await refusal(proposeVacationChange(eve, id, { startDate: addDays(start, 1), endDate: addDays(today, 6), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "days_taken" });
    expect(await refusal(proposeVacationChange(eve, id, { startDate: start, endDate: addDays(today, -2), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "days_taken" });
    // Ending today keeps them.
    const change = await proposeVacationChange(eve, id, { startDate: start, endDate: today, halfDayStart: false, halfDayEnd: false });
    expect(change.status).toBe("pending");
    await withdrawVacationChange(eve, id, change.id);
  });

  it("checks the new version for overlap and balance, leaving the absence itself out", async () => {
    const base = addDays(monday, 28);
    const id = await approvedWeek(ids.eve, base);
    await approvedWeek(ids.eve, addDays(base, 7));
    // Moved by a day onto its own dates: no clash with itself.
    const shifted = await proposeVacationChange(eve, id, { startDate: addDays(base, 1), endDate: addDays(base, 4), halfDayStart: false, halfDayEnd: false });
    await withdrawVacationChange(eve, id, shifted.id);
    expect(await refusal(proposeVacationChange(eve, id, { startDate: base, endDate: addDays(base, 7), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "overlap" });
    // Eight weeks on a yearly allowance of 40 the other absences already draw on.
    expect(await refusal(proposeVacationChange(eve, id, { startDate: addDays(base, 70), endDate: addDays(base, 125), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "insufficient_balance" });
    expect(await refusal(proposeVacationChange(eve, id, { startDate: base, endDate: addDays(base, 4), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 400, code: "no_change" });
  });

  it("binds lock dates to the days a change adds, not to days already approved", async () => {
    const start = addDays(monday, 63);
    const id = await approvedWeek(ids.eve, start);
    const lock = await getDb().blackout.create({ data: { companyId, startDate: start, endDate: addDays(start, 9), reason: "Stocktake" } });
    // Shorter inside the lock: no day added, nothing to refuse.
    const shorter = await proposeVacationChange(eve, id, { startDate: start, endDate: addDays(start, 2), halfDayStart: false, halfDayEnd: false });
    await withdrawVacationChange(eve, id, shorter.id);
    // Longer into the locked days: refused with the lock's reason.
    expect(await refusal(proposeVacationChange(eve, id, { startDate: start, endDate: addDays(start, 7), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "leave_rule" });
    await getDb().blackout.delete({ where: { id: lock.id } });
  });

  it("binds a blocking cover rule to the days a change adds, not to days already approved", async () => {
    const start = addDays(monday, 77);
    const id = await approvedWeek(ids.eve, start);
    const teamId = (await getDb().user.findUniqueOrThrow({ where: { id: ids.eve }, select: { teamId: true } })).teamId!;
    // The colleague is off the week after, and the team lets one person off at a time.
    await createVacation(companyId, colleague.userId, { startDate: addDays(start, 7), endDate: addDays(start, 11), status: "approved" });
    const cover = await getDb().teamCover.create({ data: { teamId, maxAbsent: 1, mode: "block" } });
    // Shorter: no day added, nothing to refuse, although the rule is there.
    const shorter = await proposeVacationChange(eve, id, { startDate: start, endDate: addDays(start, 2), halfDayStart: false, halfDayEnd: false });
    await withdrawVacationChange(eve, id, shorter.id);
    // Into the colleague's week: refused by the rule, as a new request of those days would be.
    expect(await refusal(proposeVacationChange(eve, id, { startDate: start, endDate: addDays(start, 8), halfDayStart: false, halfDayEnd: false }))).toEqual({ status: 409, code: "cover_rule" });
    // Earlier instead, where nobody else is off: allowed.
    const earlier = await proposeVacationChange(eve, id, { startDate: addDays(start, -3), endDate: addDays(start, 4), halfDayStart: false, halfDayEnd: false });
    await withdrawVacationChange(eve, id, earlier.id);
    await getDb().teamCover.delete({ where: { teamId: cover.teamId } });
  });

  it("refuses other people, other companies, own approvals and bad input without a 5xx", async () => {
    const id = await approvedWeek(ids.eve, addDays(monday, 42));
    const change = { startDate: addDays(monday, 42), endDate: addDays(monday, 43), halfDayStart: false, halfDayEnd: false };
    expect(await refusal(proposeVacationChange(colleague, id, change))).toEqual({ status: 403, code: "forbidden" });
    expect(await refusal(proposeVacationChange(outsider, id, change))).toEqual({ status: 404, code: "not_found" });
    const foreign = await proposeApi(args(apiPost(`/api/vacations/${id}/changes`, tokens.outsider, { start_date: addDays(monday, 42), end_date: addDays(monday, 43) }), { id }));
    expect(foreign.status).toBe(404);
    const pending = await proposeVacationChange(eve, id, change);
    // The owner cannot approve their own change; another company's owner does not find it.
    const own = await approveApi(args(apiPost(`/api/vacations/${id}/changes/${pending.id}/approve`, tokens.eve), { id, changeId: pending.id }));
    expect(own.status).toBe(403);
    const theirs = await approveApi(args(apiPost(`/api/vacations/${id}/changes/${pending.id}/approve`, tokens.outsider), { id, changeId: pending.id }));
    expect(theirs.status).toBe(404);
    const unknown = await approveApi(args(apiPost(`/api/vacations/${id}/changes/nope/approve`, tokens.lead), { id, changeId: "nope" }));
    expect(unknown.status).toBe(404);
    for (const body of [{}, { start_date: "2027-02-30", end_date: "x" }, { start_date: addDays(monday, 43), end_date: addDays(monday, 42) }, "text"]) {
      const bad = await proposeApi(args(apiPost(`/api/vacations/${id}/changes`, tokens.lead, body), { id }));
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // A pending request is changed by cancelling and asking again, not here.
    const requested = (await createVacation(companyId, ids.eve, { startDate: addDays(monday, 49), endDate: addDays(monday, 50), status: "pending" })).id;
    const notApproved = await proposeApi(args(apiPost(`/api/vacations/${requested}/changes`, tokens.eve, { start_date: addDays(monday, 49), end_date: addDays(monday, 49) }), { id: requested }));
    expect(notApproved.status).toBe(409);
    expect(await getDb().vacation.findUniqueOrThrow({ where: { id } })).toMatchObject({ endDate: addDays(monday, 46) });
  });

  it("takes the hour fields of a type counted in hours from the plain change form, refused beside the field as a request's are", async () => {
    const cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "eve@changes.test", password: TEST_PASSWORD })))) as Response);
    const hourType = (await createAbsenceCategory(lead, { name: "Time off", color: "#00897b", balance: "none", requiresApproval: true, unit: "hour" })).id;
    const day = addDays(monday, 84);
    const vacation = await getDb().vacation.create({ data: { companyId, userId: ids.eve, categoryId: hourType, startDate: day, endDate: day, startTime: "09:00", endTime: "13:00", status: "approved" } });
    const post = (fields: Record<string, string>) => run(() => changePageAction(args(postForm(`/vacations/${vacation.id}/change`, { intent: "change-propose", categoryId: hourType, startDate: day, endDate: day, ...fields }, cookie), { id: vacation.id })));
    // The page starts the form from the absence's own hours.
    const page = unwrapData<{ vacation: { startTime: string | null; endTime: string | null } }>(await changePage(args(new Request(`http://localhost/vacations/${vacation.id}/change`, { headers: { Cookie: cookie } }), { id: vacation.id }))).value;
    expect(page.vacation).toMatchObject({ startTime: "09:00", endTime: "13:00" });

    // Times and hours per day together: the request form's own refusal, beside the field, the form kept as posted.
    const both = unwrapData<{ result: { initialValue: Record<string, string>; error: Record<string, string[]> } }>(await post({ startTime: "09:00", endTime: "12:00", hoursPerDay: "3" }));
    expect(both.status).toBe(400);
    expect(both.value.result.error).toEqual({ hoursPerDay: ["hours.errors.timeOrHours"] });
    expect(both.value.result.initialValue).toMatchObject({ startTime: "09:00", endTime: "12:00", hoursPerDay: "3" });
    const badTime = unwrapData<{ result: { error: Record<string, string[]> } }>(await post({ startTime: "09:10", endTime: "12:00" }));
    expect(badTime.value.result.error).toEqual({ startTime: ["hours.errors.timeInvalid"] });
    // A type counted in days takes no hours.
    const dayType = unwrapData<{ result: { error: Record<string, string[]> } }>(await post({ categoryId: "training", startTime: "09:00", endTime: "12:00" }));
    expect(dayType.value.result.error).toEqual({ startTime: ["hours.errors.dayCategory"] });

    // Three hours instead of four, then over two days at 2,5 h a day (the comma read as in pt/es).
    const shorter = await post({ startTime: "09:00", endTime: "12:00" });
    expect(shorter).toBeInstanceOf(Response);
    expect((shorter as Response).headers.get("Location")).toBe(`/vacations/${vacation.id}/change?changed=proposed`);
    const proposed = await getDb().vacationChange.findFirstOrThrow({ where: { pendingFor: vacation.id } });
    expect(proposed).toMatchObject({ startTime: "09:00", endTime: "12:00", hoursPerDay: null });
    await withdrawVacationChange(eve, vacation.id, proposed.id);
    const perDay = await post({ endDate: addDays(day, 1), hoursPerDay: "2,5" });
    expect((perDay as Response).status).toBe(302);
    expect(await getDb().vacationChange.findFirstOrThrow({ where: { pendingFor: vacation.id } })).toMatchObject({ endDate: addDays(day, 1), startTime: null, hoursPerDay: 2.5 });
  });
});
