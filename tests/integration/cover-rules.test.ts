// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Lock dates and minimum cover per team (issue 41, decision 0091): a lock blocks or warns per
// absence type on every path; a team's cover rule blocks or warns, names the days and who is off,
// is re-checked on approval, and two concurrent requests cannot both pass it (both engines).
import { beforeAll, describe, expect, it } from "vitest";
import type { VacationRequestInput } from "~/lib/schemas/vacation";
import { applicableBlackouts, createBlackout, deleteBlackout, lockedRanges } from "~/models/blackout.server";
import { setTeamCover } from "~/models/cover.server";
import { createVacation, decideVacation } from "~/models/vacation.server";
import { action as apiLogin } from "~/api/auth.login";
import { action as createVacationApi } from "~/api/vacations._index";
import { action as myCalendarAction } from "~/routes/_app.my-calendar";
import { action as loginAction } from "~/routes/login";
import { action as lockDatesAction, loader as lockDatesLoader } from "~/routes/_app.company-settings.lock-dates/route";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
let lead: Viewer;
let other: Viewer;
const crew: Record<string, Viewer> = {};
let crewId: string;
let otherCompanyTeam: string;

const request = (startDate: string, endDate: string, categoryId = "training"): VacationRequestInput => ({
  startDate,
  endDate,
  halfDayStart: false,
  halfDayEnd: false,
  description: "",
  categoryId,
  recipientType: "team_admins",
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function tokenOf(email: string) {
  const response = await apiLogin(args(new Request("http://localhost/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: TEST_PASSWORD }) })));
  return ((await response.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  const companyId = (await createCompany("Cover")).id;
  const leadUser = await createUser(companyId, { role: "admin", email: "lead@cover.test", fullName: "Lia Lead" });
  const team = await createTeam(companyId, "Crew", [leadUser.id]);
  crewId = team.id;
  for (const name of ["Ana", "Bea", "Caio", "Duda"]) {
    crew[name] = await viewerFor(await createUser(companyId, { email: `${name.toLowerCase()}@cover.test`, fullName: `${name} Crew`, teamId: team.id, preferredLanguage: "en" }));
  }
  lead = await viewerFor(leadUser);
  const otherCompany = (await createCompany("Elsewhere")).id;
  other = await viewerFor(await createUser(otherCompany, { role: "admin" }));
  otherCompanyTeam = (await createTeam(otherCompany, "Far")).id;
});

describe("lock dates", () => {
  it("block on every path with the reason and the range, warn per type, none lets a type through", async () => {
    await createBlackout(lead, { startDate: "2031-08-04", endDate: "2031-08-08", reason: "Stocktake", scope: "company", defaultMode: "block", teamIds: [], userIds: [], typeModes: { sick_leave: "none", unpaid_leave: "warn" } });
    const blocked = await refusal(createVacation(crew.Ana!, request("2031-08-07", "2031-08-11")));
    expect(blocked).toMatchObject({ status: 409, code: "leave_rule", message: "leaveRules.findings.blackout", params: { startDate: "2031-08-04", endDate: "2031-08-08", reason: "Stocktake" } });
    // The API's detail names the reason and the range, written for people.
    const token = await tokenOf("ana@cover.test");
    const api = await createVacationApi(args(new Request("http://localhost/api/vacations", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` }, body: JSON.stringify({ start_date: "2031-08-05", end_date: "2031-08-05", absence_category_id: "training" }) })));
    expect(api.status).toBe(409);
    expect(String(((await api.json()) as Json).detail).replace(/\u00a0/g, " ")).toBe("From 4 Aug 2031 to 8 Aug 2031 is locked: Stocktake.");
    // The form (My Calendar, JS off) answers the same rule as its form error.
    const cookie = cookiesFrom((await loginAction(args(postForm("/login", { email: "ana@cover.test", password: TEST_PASSWORD })))) as Response);
    const form = await run(() => myCalendarAction(args(postForm("/my-calendar", { startDate: "2031-08-06", endDate: "2031-08-06", categoryId: "training", recipientType: "team_admins" }, cookie))));
    const answered = unwrapData<{ result?: { error?: Record<string, string[] | null> } }>(form);
    expect(answered.status).toBe(409);
    expect(answered.value.result?.error?.[""]).toEqual(["leaveRules.findings.blackout"]);
    // Warn for unpaid leave: made, and the warning kept for the approver.
    const warned = await createVacation(crew.Bea!, request("2031-08-04", "2031-08-04", "unpaid_leave"));
    expect(warned.ruleWarnings.map((finding) => finding.key)).toEqual(["leaveRules.findings.blackout"]);
    // Sickness let through untouched.
    expect((await createVacation(crew.Caio!, request("2031-08-05", "2031-08-05", "sick_leave"))).ruleWarnings).toEqual([]);
    // Outside the range nothing applies.
    expect((await createVacation(crew.Ana!, request("2031-08-11", "2031-08-11"))).ruleWarnings).toEqual([]);
  });

  it("applies to the chosen teams or people only, and the calendars read it", async () => {
    const { id } = await createBlackout(lead, { startDate: "2031-09-01", endDate: "2031-09-02", reason: "Audit", scope: "people", defaultMode: "block", teamIds: [], userIds: [crew.Duda!.userId], typeModes: {} });
    expect(await applicableBlackouts(getDb(), lead.companyId, crew.Duda!, "training", { startDate: "2031-09-01", endDate: "2031-09-01" })).toHaveLength(1);
    expect(await applicableBlackouts(getDb(), lead.companyId, crew.Ana!, "training", { startDate: "2031-09-01", endDate: "2031-09-01" })).toHaveLength(0);
    expect((await lockedRanges(crew.Duda!, "2031-09-01", "2031-09-30", { forPerson: true })).map((row) => row.reason)).toEqual(["Audit"]);
    expect(await lockedRanges(crew.Ana!, "2031-09-01", "2031-09-30", { forPerson: true })).toEqual([]);
    // Another company sees none of it, and cannot delete it.
    expect(await lockedRanges(other, "2031-09-01", "2031-09-30")).toEqual([]);
    expect((await refusal(deleteBlackout(other, id))).status).toBe(404);
    // Teams of another company are refused; employees may not lock dates.
    expect((await refusal(createBlackout(lead, { startDate: "2031-09-03", endDate: "2031-09-03", reason: "x", scope: "teams", defaultMode: "block", teamIds: [otherCompanyTeam], userIds: [], typeModes: {} }))).status).toBe(400);
    expect((await refusal(createBlackout(crew.Ana!, { startDate: "2031-09-03", endDate: "2031-09-03", reason: "x", scope: "company", defaultMode: "block", teamIds: [], userIds: [], typeModes: {} }))).status).toBe(403);
    await deleteBlackout(lead, id);
    expect(await getDb().auditEntry.count({ where: { entityId: id, action: { in: ["blackout.created", "blackout.deleted"] } } })).toBe(2);
    expect(await applicableBlackouts(getDb(), lead.companyId, crew.Duda!, "training", { startDate: "2031-09-01", endDate: "2031-09-01" })).toHaveLength(0);
  });
});

describe("the Lock dates tab", () => {
  it("creates and removes a lock for admins only (asked first), refuses bad input and another company's lock", async () => {
    const signIn = async (email: string) => cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
    const admin = await signIn("lead@cover.test");
    const post = (fields: Record<string, string>, cookie = admin) => run(() => lockDatesAction(args(postForm("/company-settings/lock-dates", fields, cookie))));
    const fields = { intent: "blackouts.create", startDate: "2032-02-02", endDate: "2032-02-03", reason: "Inventory", scope: "company", defaultMode: "warn", "mode.sick_leave": "none" };
    expect(unwrapData(await post(fields)).status).toBe(200);
    const { value } = unwrapData<{ blackouts: { id: string; reason: string; typeModes: Record<string, string> }[] }>(await run(() => lockDatesLoader(args(getRequest("/company-settings/lock-dates", admin)))));
    const row = value.blackouts.find((item) => item.reason === "Inventory")!;
    expect(row.typeModes).toEqual({ sick_leave: "none" });
    // Bad input answers 400 with the field's message, never a 5xx.
    const bad = unwrapData<{ fieldErrors: Record<string, string> }>(await post({ ...fields, endDate: "2032-01-01", reason: "" }));
    expect(bad.status).toBe(400);
    expect(bad.value.fieldErrors).toMatchObject({ reason: "cover.errors.reasonRequired", endDate: "cover.errors.endBeforeStart" });
    expect(unwrapData(await post({ ...fields, defaultMode: "maybe", startDate: "nope" })).status).toBe(400);
    // An employee is turned away from the tab and its action.
    const employee = await signIn("ana@cover.test");
    const refused = await post(fields, employee);
    expect(refused instanceof Response ? refused.status : unwrapData(refused).status).toBeGreaterThanOrEqual(300);
    expect(await getDb().blackout.count({ where: { companyId: lead.companyId, reason: "Inventory" } })).toBe(1);
    // Removing asks first; the confirmed POST removes; another company's id is not found.
    expect(unwrapData<{ confirm?: unknown }>(await post({ intent: "blackouts.delete", blackoutId: row.id })).value.confirm).toBeTruthy();
    const foreign = await createBlackout(other, { startDate: "2032-02-02", endDate: "2032-02-02", reason: "Theirs", scope: "company", defaultMode: "block", teamIds: [], userIds: [], typeModes: {} });
    expect(unwrapData(await post({ intent: "blackouts.delete", blackoutId: foreign.id, confirmed: "1" })).status).toBe(404);
    expect(unwrapData(await post({ intent: "blackouts.delete", blackoutId: row.id, confirmed: "1" })).status).toBe(200);
    expect(await getDb().blackout.count({ where: { id: { in: [row.id, foreign.id] } } })).toBe(1);
  });
});

describe("minimum cover per team", () => {
  it("blocks a request that leaves too few in, naming the days and who is off", async () => {
    // Four in the crew; at most one off. Ana is off Mon 6 – Tue 7 Oct 2031.
    await setTeamCover(lead, crewId, { maxAbsent: 1, minPresent: null, mode: "block", keyMemberIds: [] });
    await createVacation(crew.Ana!, request("2031-10-06", "2031-10-07"));
    const blocked = await refusal(createVacation(crew.Bea!, request("2031-10-07", "2031-10-10")));
    expect(blocked).toMatchObject({ status: 409, code: "cover_rule", message: "cover.findings.maxAbsent" });
    expect(JSON.parse(blocked.params.days!)).toEqual({ days: [["2031-10-07", ["Ana Crew"]]], more: 0 });
    // A day Ana is not off passes.
    expect((await createVacation(crew.Bea!, request("2031-10-08", "2031-10-10"))).vacation.status).toBe("pending");
    // The message reads the days for people and names only.
    const token = await tokenOf("caio@cover.test");
    const api = await createVacationApi(args(new Request("http://localhost/api/vacations", { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${token}` }, body: JSON.stringify({ start_date: "2031-10-06", end_date: "2031-10-06", absence_category_id: "training" }) })));
    expect(api.status).toBe(409);
    expect(String(((await api.json()) as Json).detail).replace(/\u00a0/g, " ")).toBe("Crew allows at most 1 people off on one day; with this request that is exceeded on 6 Oct 2031 (Ana Crew).");
  });

  it("warns in warn mode (kept for the approver) and the key group needs one of its people in", async () => {
    await setTeamCover(lead, crewId, { maxAbsent: null, minPresent: null, mode: "warn", keyMemberIds: [crew.Caio!.userId, crew.Duda!.userId] });
    await createVacation(crew.Caio!, request("2031-11-03", "2031-11-03"));
    const warned = await createVacation(crew.Duda!, request("2031-11-03", "2031-11-04"));
    expect(warned.ruleWarnings).toEqual([{ key: "cover.findings.keyGroup", params: { team: "Crew", days: JSON.stringify({ days: [["2031-11-03", ["Caio Crew"]]], more: 0 }) } }]);
    const row = await getDb().vacation.findUniqueOrThrow({ where: { id: warned.vacation.id } });
    expect(JSON.parse(row.ruleWarnings!)[0].key).toBe("cover.findings.keyGroup");
    // With Caio in, Duda's day off breaks nothing.
    expect((await createVacation(crew.Duda!, request("2031-11-05", "2031-11-05"))).ruleWarnings).toEqual([]);
    // Key members must be the team's own.
    expect((await refusal(setTeamCover(lead, crewId, { maxAbsent: null, minPresent: null, mode: "warn", keyMemberIds: [other.userId] }))).status).toBe(400);
    expect((await refusal(setTeamCover(other, crewId, { maxAbsent: 1, minPresent: null, mode: "warn", keyMemberIds: [] }))).status).toBe(404);
    expect((await refusal(setTeamCover(crew.Ana!, crewId, { maxAbsent: 1, minPresent: null, mode: "warn", keyMemberIds: [] }))).status).toBe(403);
  });

  it("approving cannot break a blocking rule the request did not break when made", async () => {
    await setTeamCover(lead, crewId, { maxAbsent: null, minPresent: null, mode: "block", keyMemberIds: [] });
    const first = await createVacation(crew.Ana!, request("2031-12-01", "2031-12-02"));
    const second = await createVacation(crew.Bea!, request("2031-12-02", "2031-12-02"));
    // The rule tightens after both were made: at least three of four in.
    await setTeamCover(lead, crewId, { maxAbsent: null, minPresent: 3, mode: "block", keyMemberIds: [] });
    const refused = await refusal(decideVacation(lead, second.vacation.id, "approved"));
    expect(refused).toMatchObject({ status: 409, code: "cover_rule", message: "cover.errors.approveBreaks" });
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: second.vacation.id } })).status).toBe("pending");
    // Rejecting is always possible; then the first fits and is approved.
    await decideVacation(lead, second.vacation.id, "rejected");
    expect((await decideVacation(lead, first.vacation.id, "approved")).status).toBe("approved");
  });

  it("lets only one of two concurrent requests pass a blocking rule", async () => {
    await setTeamCover(lead, crewId, { maxAbsent: 1, minPresent: null, mode: "block", keyMemberIds: [] });
    const results = await Promise.allSettled([createVacation(crew.Caio!, request("2032-01-12", "2032-01-14")), createVacation(crew.Duda!, request("2032-01-13", "2032-01-15"))]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "cover_rule" });
    expect(await getDb().vacation.count({ where: { companyId: lead.companyId, startDate: { gte: "2032-01-01" } } })).toBe(1);
  });
});
