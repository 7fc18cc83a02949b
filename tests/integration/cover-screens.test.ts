// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The screens of lock dates and minimum cover (issue 41, decision 0091): a team's cover on the
// Teams tab (saved, audited, refused with each field's message), the live cover view of the
// Approvals list (the same answer the approval then gives, names only), and the lock dates the
// two calendars mark (whose locks each person sees). Both engines.
import { beforeAll, describe, expect, it } from "vitest";
import type { VacationRequestInput } from "~/lib/schemas/vacation";
import { createBlackout } from "~/models/blackout.server";
import { liveCoverOf, setTeamCover } from "~/models/cover.server";
import { createVacation, decideVacation } from "~/models/vacation.server";
import { action as teamsAction, loader as teamsLoader } from "~/routes/_app.company-settings.teams/route";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as myCalendarLoader } from "~/routes/_app.my-calendar";
import { loader as companyCalendarLoader } from "~/routes/_app.company-calendar";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, BASE, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

let lead: Viewer;
let other: Viewer;
const crew: Record<string, Viewer> = {};
let crewId: string;
let foreignTeamId: string;
const cookies: Record<string, string> = {};

const request = (startDate: string, endDate: string, description = ""): VacationRequestInput => ({
  startDate,
  endDate,
  halfDayStart: false,
  halfDayEnd: false,
  description,
  categoryId: "training",
  recipientType: "team_admins",
});

async function signIn(email: string) {
  return cookiesFrom((await loginAction(args(postForm("/login", { email, password: TEST_PASSWORD })))) as Response);
}

/** A form with repeated fields (the key group's ticked members), as a browser posts it. */
function postFields(path: string, fields: [string, string][], cookie: string) {
  return new Request(BASE + path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie }, body: new URLSearchParams(fields) });
}

interface CoverAnswer {
  cover?: { values: Record<string, unknown>; fieldErrors: Record<string, string> };
  values?: Record<string, string>;
  notice?: { tone: string; key: string; detail?: string };
}

async function postCover(fields: Record<string, string>, keys: string[] = [], cookie = cookies.lead!) {
  const entries: [string, string][] = [["intent", "teams.setCover"], ["teamId", crewId], ["maxAbsent", ""], ["minPresent", ""], ["mode", "block"]];
  for (const [name, value] of Object.entries(fields)) {
    const at = entries.findIndex(([field]) => field === name);
    if (at >= 0) entries[at] = [name, value];
    else entries.push([name, value]);
  }
  for (const key of keys) entries.push(["keyMemberIds", key]);
  const path = `/company-settings/teams?team=${crewId}`;
  return run(() => teamsAction(args(postFields(path, entries, cookie))));
}

beforeAll(async () => {
  const companyId = (await createCompany("Screens")).id;
  const leadUser = await createUser(companyId, { role: "admin", email: "lead@screens.test", fullName: "Lia Lead" });
  const team = await createTeam(companyId, "Crew", [leadUser.id]);
  crewId = team.id;
  for (const name of ["Ana", "Bea", "Caio"]) {
    crew[name] = await viewerFor(await createUser(companyId, { email: `${name.toLowerCase()}@screens.test`, fullName: `${name} Crew`, teamId: team.id, preferredLanguage: "en" }));
  }
  lead = await viewerFor(leadUser);
  const otherCompany = (await createCompany("Far away")).id;
  other = await viewerFor(await createUser(otherCompany, { role: "admin", email: "far@screens.test" }));
  foreignTeamId = (await createTeam(otherCompany, "Far")).id;
  for (const [name, email] of [["lead", "lead@screens.test"], ["ana", "ana@screens.test"], ["bea", "bea@screens.test"], ["far", "far@screens.test"]] as const) cookies[name] = await signIn(email);
});

/** Requests as the Approvals page reads them, for liveCoverOf (which does not read them again). */
const rowsOf = (ids: string[]) => getDb().vacation.findMany({ where: { id: { in: ids } }, select: { id: true, userId: true, status: true, startDate: true, endDate: true, ruleWarnings: true } });

describe("the Teams tab's minimum cover", () => {
  it("saves the form, shows it on the tab and in the team's dialog, audits it, and empties back to no rule", async () => {
    const saved = unwrapData<CoverAnswer>(await postCover({ maxAbsent: "1", minPresent: " ", mode: "warn" }, [crew.Ana!.userId, crew.Bea!.userId]));
    expect(saved.status).toBe(200);
    expect(saved.value.notice).toMatchObject({ tone: "success", key: "cover.team.saved" });
    type Tab = { teams: { id: string; cover: unknown }[]; selected: { cover: unknown } | null };
    const tab = unwrapData<Tab>(await run(() => teamsLoader(args(getRequest(`/company-settings/teams?team=${crewId}`, cookies.lead))))).value;
    const stored = { maxAbsent: 1, minPresent: null, mode: "warn", keyMemberIds: expect.arrayContaining([crew.Ana!.userId, crew.Bea!.userId]) };
    expect(tab.selected?.cover).toEqual(stored);
    expect(tab.teams.find((row) => row.id === crewId)?.cover).toEqual(stored);
    const entry = await getDb().auditEntry.findFirstOrThrow({ where: { companyId: lead.companyId, action: "team.cover_set", entityId: crewId }, orderBy: { createdAt: "desc" } });
    expect(entry.actorId).toBe(lead.userId);
    expect(JSON.parse(entry.details ?? "{}")).toMatchObject({ old: null, new: { max_absent: 1, min_present: null, mode: "warn" } });
    // Every field empty and no key group: no rule at all (the row goes, and the tab says so).
    expect(unwrapData(await postCover({ mode: "warn" })).status).toBe(200);
    expect(await getDb().teamCover.count({ where: { teamId: crewId } })).toBe(0);
    expect(await getDb().teamCoverKey.count({ where: { teamId: crewId } })).toBe(0);
    const after = unwrapData<Tab>(await run(() => teamsLoader(args(getRequest(`/company-settings/teams?team=${crewId}`, cookies.lead))))).value;
    expect(after.selected?.cover).toBeNull();
  });

  it("refuses bad input with each field's own message and keeps what was typed; stores nothing", async () => {
    const negative = unwrapData<CoverAnswer>(await postCover({ maxAbsent: "-1", minPresent: "1.5" }));
    expect(negative.status).toBe(400);
    expect(negative.value.cover?.fieldErrors).toEqual({ maxAbsent: "cover.errors.limitInvalid", minPresent: "cover.errors.limitInvalid" });
    expect(negative.value.cover?.values).toMatchObject({ maxAbsent: "-1", minPresent: "1.5" });
    // Three people in the crew: four can never be in.
    const tooMany = unwrapData<CoverAnswer>(await postCover({ minPresent: "4" }, [crew.Caio!.userId]));
    expect(tooMany.status).toBe(400);
    expect(tooMany.value.cover?.fieldErrors).toEqual({ minPresent: "cover.errors.minPresentTooLarge" });
    expect(tooMany.value.values).toEqual({ count: "3" });
    expect(tooMany.value.cover?.values).toMatchObject({ keyMemberIds: [crew.Caio!.userId] });
    const key = unwrapData<CoverAnswer>(await postCover({ maxAbsent: "2" }, [other.userId]));
    expect(key.value.cover?.fieldErrors).toEqual({ keyMemberIds: "cover.errors.keyNotMember" });
    const mode = unwrapData<CoverAnswer>(await postCover({ mode: "maybe" }));
    expect(mode.value.cover?.fieldErrors).toEqual({ mode: "cover.errors.modeInvalid" });
    expect(await getDb().teamCover.count({ where: { teamId: crewId } })).toBe(0);
    expect(await getDb().auditEntry.count({ where: { action: "team.cover_set", entityId: crewId } })).toBe(2);
  });

  it("lets only the company's admins set it, and only on their company's teams", async () => {
    const employee = await postCover({ maxAbsent: "1" }, [], cookies.ana);
    expect(employee instanceof Response ? employee.status : unwrapData(employee).status).toBeGreaterThanOrEqual(300);
    const foreign = unwrapData<CoverAnswer>(await run(() => teamsAction(args(postFields("/company-settings/teams", [["intent", "teams.setCover"], ["teamId", foreignTeamId], ["maxAbsent", "1"], ["mode", "block"]], cookies.lead)))));
    expect(foreign.status).toBe(404);
    const theirs = unwrapData<CoverAnswer>(await postCover({ maxAbsent: "1" }, [], cookies.far));
    expect(theirs.status).toBe(404);
    expect(await getDb().teamCover.count({ where: { teamId: { in: [crewId, foreignTeamId] } } })).toBe(0);
    // The model says the same to a direct call.
    await expect(setTeamCover(crew.Ana!, crewId, { maxAbsent: 1, minPresent: null, mode: "block", keyMemberIds: [] })).rejects.toMatchObject({ status: 403 });
  });
});

describe("the live cover view on Approvals", () => {
  it("tells each pending request what the rule says now, names only, and whether approving is refused, as the approval then does", async () => {
    await setTeamCover(lead, crewId, { maxAbsent: 1, minPresent: null, mode: "warn", keyMemberIds: [] });
    const ana = await createVacation(crew.Ana!, request("2033-03-07", "2033-03-08", "Dentist appointment"));
    expect(ana.ruleWarnings).toEqual([]);
    const bea = await createVacation(crew.Bea!, request("2033-03-08", "2033-03-08"));
    expect(bea.ruleWarnings.map((warning) => warning.key)).toEqual(["cover.findings.maxAbsent"]);
    const caio = await createVacation(crew.Caio!, request("2033-03-14", "2033-03-14"));
    // The rule now blocks: Bea was warned when she asked, Ana was not.
    await setTeamCover(lead, crewId, { maxAbsent: 1, minPresent: null, mode: "block", keyMemberIds: [] });
    type Row = { id: string; coverNow?: { mode: string; findings: { key: string; params: Record<string, string> }[]; refusesApproval: boolean } };
    const page = unwrapData<{ rows: Row[] }>(await run(() => approvalsLoader(args(getRequest("/approvals", cookies.lead))))).value;
    const row = (id: string) => page.rows.find((item) => item.id === id)!;
    expect(row(ana.vacation.id).coverNow).toEqual({
      mode: "block",
      findings: [{ key: "cover.findings.maxAbsent", params: { team: "Crew", limit: "1", days: JSON.stringify({ days: [["2033-03-08", ["Bea Crew"]]], more: 0 }) } }],
      refusesApproval: true,
    });
    expect(row(bea.vacation.id).coverNow).toMatchObject({ mode: "block", refusesApproval: false });
    expect(JSON.parse(row(bea.vacation.id).coverNow!.findings[0]!.params.days!)).toEqual({ days: [["2033-03-08", ["Ana Crew"]]], more: 0 });
    // Names only: the reason of Ana's absence is nowhere in what Bea's row says.
    expect(JSON.stringify(row(bea.vacation.id).coverNow)).not.toMatch(/Dentist|training/i);
    // A request breaking nothing has no live note.
    expect(row(caio.vacation.id).coverNow).toBeUndefined();
    // The approval gives the same answer as the view.
    await expect(decideVacation(lead, ana.vacation.id, "approved")).rejects.toMatchObject({ status: 409, code: "cover_rule" });
    expect((await decideVacation(lead, bea.vacation.id, "approved")).status).toBe("approved");
    // Once Bea is approved, Ana's row still says approving is refused; after rejecting Ana, Bea's days are clear.
    expect((await liveCoverOf(lead, await rowsOf([ana.vacation.id])))[ana.vacation.id]?.refusesApproval).toBe(true);
    await decideVacation(lead, ana.vacation.id, "rejected");
    expect(await liveCoverOf(lead, await rowsOf([ana.vacation.id, bea.vacation.id]))).toEqual({});
  });

  it("answers only the viewer's company, and only admins", async () => {
    const pending = await createVacation(crew.Ana!, request("2033-05-02", "2033-05-02"));
    await createVacation(crew.Bea!, request("2033-05-02", "2033-05-02")).catch(() => null);
    await setTeamCover(lead, crewId, { maxAbsent: 0, minPresent: null, mode: "block", keyMemberIds: [] });
    expect(Object.keys(await liveCoverOf(lead, await rowsOf([pending.vacation.id])))).toEqual([pending.vacation.id]);
    expect(await liveCoverOf(other, await rowsOf([pending.vacation.id]))).toEqual({});
    const refused = await liveCoverOf(crew.Bea!, await rowsOf([pending.vacation.id])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    await setTeamCover(lead, crewId, { maxAbsent: null, minPresent: null, mode: "block", keyMemberIds: [] });
  });
});

describe("lock dates on the calendars", () => {
  it("My Calendar marks the locks that apply to the person; the company calendar every lock for admins, one's own for others", async () => {
    await createBlackout(lead, { startDate: "2033-04-04", endDate: "2033-04-05", reason: "Stocktake", scope: "company", defaultMode: "block", teamIds: [], userIds: [], typeModes: {} });
    await createBlackout(lead, { startDate: "2033-04-11", endDate: "2033-04-11", reason: "Bea's audit", scope: "people", defaultMode: "warn", teamIds: [], userIds: [crew.Bea!.userId], typeModes: {} });
    await createBlackout(other, { startDate: "2033-04-01", endDate: "2033-04-30", reason: "Elsewhere", scope: "company", defaultMode: "block", teamIds: [], userIds: [], typeModes: {} });
    type Locked = { locked: { startDate: string; endDate: string; reason: string }[] };
    const mine = async (cookie: string) => unwrapData<Locked>(await run(() => myCalendarLoader(args(getRequest("/my-calendar?year=2033", cookie))))).value.locked;
    expect(await mine(cookies.ana!)).toEqual([{ startDate: "2033-04-04", endDate: "2033-04-05", reason: "Stocktake" }]);
    expect((await mine(cookies.bea!)).map((lock) => lock.reason)).toEqual(["Stocktake", "Bea's audit"]);
    // Another year shows none of them.
    expect(unwrapData<Locked>(await run(() => myCalendarLoader(args(getRequest("/my-calendar?year=2034", cookies.ana))))).value.locked).toEqual([]);
    const month = async (cookie: string, value = "2033-04") => unwrapData<Locked>(await run(() => companyCalendarLoader(args(getRequest(`/company-calendar?month=${value}`, cookie))))).value.locked.map((lock) => lock.reason);
    expect(await month(cookies.lead!)).toEqual(["Stocktake", "Bea's audit"]);
    expect(await month(cookies.ana!)).toEqual(["Stocktake"]);
    expect(await month(cookies.far!)).toEqual(["Elsewhere"]);
    expect(await month(cookies.lead!, "2033-05")).toEqual([]);
  });
});
