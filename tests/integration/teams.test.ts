// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Company administration of teams (issue 10): the teams tab's form actions and /api/teams, each
// signed in like a browser; another company's ids (404, nothing changed); an employee (403,
// nothing changed); audit entries with old and new values; and who reviews whose requests
// (docs/decisions/0018-approval-routing.md).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek, todayIn } from "~/lib/dates";
import { listPendingApprovals, reviewersOf, withReviewRouting } from "~/models/approval.server";
import { createVacation as requestVacation, decideVacation } from "~/models/vacation.server";
import { action as teamsAction, loader as teamsLoader } from "~/routes/_app.company-settings.teams/route";
import { action as myCalendarAction } from "~/routes/_app.my-calendar";
import { action as adminsApi, loader as adminsList } from "~/api/teams.$id.admins";
import { action as membersApi, loader as membersList } from "~/api/teams.$id.members";
import { action as teamApi, loader as teamGet } from "~/api/teams.$id";
import { action as teamsApi, loader as teamsList } from "~/api/teams._index";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createTeam as createTeamAs } from "~/models/team.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

type Json = Record<string, unknown>;
interface Reply {
  notice?: { tone: string; key: string; detail?: string; values?: Record<string, string> };
  result?: { error?: Record<string, string[] | null> };
  confirm?: { fields: Record<string, string> };
}

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let acme: string;
let globex: string;
let today: string;

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

async function form(fields: Record<string, string>, cookie = cookies.owner, path = "/company-settings/teams") {
  return unwrapData<Reply>(await teamsAction(args(postForm(path, fields, cookie))));
}

/** The settings form with several values for one name (the admin checkboxes). */
async function formMulti(fields: [string, string][], cookie = cookies.owner) {
  const request = new Request("http://localhost/company-settings/teams", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  return unwrapData<Reply>(await teamsAction(args(request)));
}

const team = (id: string) => getDb().team.findUnique({ where: { id }, include: { admins: true, members: { select: { id: true } } } });
const userRow = (id: string) => getDb().user.findUniqueOrThrow({ where: { id }, select: { teamId: true, role: true } });
const lastAudit = (action: string, entityId: string) =>
  getDb().auditEntry.findFirst({ where: { action, entityId }, orderBy: { createdAt: "desc" } }).then((e) => (e ? { ...e, details: JSON.parse(e.details) } : null));

/** A snapshot of everything the team actions can change in a company, to prove a refusal changed nothing. */
async function snapshot(companyId: string) {
  const db = getDb();
  const [teams, users, admins, audits] = await Promise.all([
    db.team.findMany({ where: { companyId }, orderBy: { id: "asc" } }),
    db.user.findMany({ where: { companyId }, select: { id: true, teamId: true, role: true }, orderBy: { id: "asc" } }),
    db.teamAdmin.findMany({ where: { team: { companyId } }, orderBy: [{ teamId: "asc" }, { userId: "asc" }] }),
    db.auditEntry.count({ where: { companyId } }),
  ]);
  return { teams, users, admins, audits };
}

beforeAll(async () => {
  await resetRateLimits();
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  today = todayIn("Europe/Lisbon");
  const owner = await createUser(acme, { role: "owner", email: "owner@teams.test", fullName: "Olga Owner" });
  const admin = await createUser(acme, { role: "admin", email: "admin@teams.test", fullName: "Ana Admin" });
  const employee = await createUser(acme, { email: "eve@teams.test", fullName: "Eve Employee" });
  const ops = await createTeam(acme, "Ops", [owner.id]);
  await getDb().user.updateMany({ where: { id: { in: [owner.id, employee.id] } }, data: { teamId: ops.id } });
  const gOwner = await createUser(globex, { role: "owner", email: "owner@globex-teams.test" });
  const gTeam = await createTeam(globex, "Globex team", [gOwner.id]);
  const gUser = await createUser(globex, { email: "user@globex-teams.test", teamId: gTeam.id });
  await getDb().user.update({ where: { id: gOwner.id }, data: { teamId: gTeam.id } });
  Object.assign(ids, { owner: owner.id, admin: admin.id, employee: employee.id, ops: ops.id, gTeam: gTeam.id, gUser: gUser.id });
  cookies.owner = await signIn("owner@teams.test");
  cookies.admin = await signIn("admin@teams.test");
  cookies.employee = await signIn("eve@teams.test");
});
beforeEach(() => resetRateLimits());

describe("the teams tab", () => {
  it("lists teams with up to two admins' first names then +N, and the active members only", async () => {
    const people = await Promise.all(
      ["Ana Silva", "Rui Costa", "Zé Lopes", "Vi Reis", "Gone Away"].map((fullName) => createUser(acme, { role: "admin", fullName })),
    );
    const big = await createTeam(acme, "Big", people.slice(0, 4).map((p) => p.id));
    await getDb().user.updateMany({ where: { id: { in: people.map((p) => p.id) } }, data: { teamId: big.id } });
    await getDb().user.update({ where: { id: people[4].id }, data: { deactivatedAt: new Date() } });
    const page = await teamsLoader(args(getRequest("/company-settings/teams", cookies.owner)));
    const row = page.teams.find((t) => t.id === big.id)!;
    expect(row).toMatchObject({ name: "Big", adminNames: ["Ana", "Rui"], moreAdmins: 2, memberCount: 4 });
    expect(page.people.map((p) => p.id)).not.toContain(people[4].id);
    expect(page.selected).toBeNull();
    const opened = await teamsLoader(args(getRequest(`/company-settings/teams?team=${big.id}`, cookies.owner)));
    expect(opened.selected?.members.map((m) => m.name)).toEqual(["Ana Silva", "Rui Costa", "Vi Reis", "Zé Lopes"]);
    expect(opened.selected?.members.every((m) => m.isAdmin)).toBe(true);
    await getDb().user.deleteMany({ where: { id: { in: people.map((p) => p.id) } } });
    await getDb().team.delete({ where: { id: big.id } });
  });

  it("answers another company's team in the dialog with a 404, and an employee with a 403", async () => {
    const foreign = (await run(() => teamsLoader(args(getRequest(`/company-settings/teams?team=${ids.gTeam}`, cookies.owner))))) as Response;
    expect(foreign.status).toBe(404);
    const employee = (await run(() => teamsLoader(args(getRequest("/company-settings/teams", cookies.employee))))) as Response;
    expect(employee.status).toBe(403);
  });

  it("creates a team (audited), refusing a blank or taken name with the spec's line and the reason by the field", async () => {
    const created = await form({ intent: "teams.create", name: "  Support  " });
    expect(created.status).toBe(200);
    expect(created.value.notice).toMatchObject({ tone: "success", key: "teams.notices.created", values: { name: "Support" } });
    const row = await getDb().team.findFirstOrThrow({ where: { companyId: acme, name: "Support" } });
    expect((await lastAudit("team.created", row.id))?.details).toEqual({ name: { old: null, new: "Support" } });

    const blank = await form({ intent: "teams.create", name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.value.result?.error?.name).toEqual(["teams.validation.nameRequired"]);

    const taken = await form({ intent: "teams.create", name: "Support" });
    expect(taken.status).toBe(409);
    expect(taken.value.notice).toMatchObject({ tone: "error", key: "teams.createFailed" });
    expect(taken.value.result?.error?.name).toEqual(["teams.nameTaken"]);
    expect(await getDb().team.count({ where: { companyId: acme, name: "Support" } })).toBe(1);
    // Only the case differs: a list could not tell the two apart; the notice names the existing team.
    const sameButCase = await form({ intent: "teams.create", name: "SUPPORT" });
    expect(sameButCase.status).toBe(409);
    expect(sameButCase.value.notice).toMatchObject({ tone: "error", key: "teams.createFailed" });
    expect(await getDb().team.count({ where: { companyId: acme, name: "SUPPORT" } })).toBe(0);
    const owner = await getDb().user.findFirstOrThrow({ where: { email: "owner@teams.test" } });
    await expect(createTeamAs(await viewerFor(owner), "support")).rejects.toMatchObject({ status: 409, code: "name_taken", params: { name: "Support" } });
    // Another company may use the same name.
    expect((await form({ intent: "teams.create", name: "Globex team" })).status).toBe(200);
  });

  it("renames (trimmed, audited old → new), refusing blank and taken names", async () => {
    const t = await createTeam(acme, "Old name");
    const renamed = await form({ intent: "teams.rename", teamId: t.id, name: " New name " });
    expect(renamed.value.notice).toMatchObject({ tone: "success", key: "teams.notices.renamed", values: { name: "New name" } });
    expect((await team(t.id))?.name).toBe("New name");
    expect((await lastAudit("team.renamed", t.id))?.details).toEqual({ name: { old: "Old name", new: "New name" } });

    const blank = await form({ intent: "teams.rename", teamId: t.id, name: " " });
    expect(blank.status).toBe(400);
    expect(blank.value.notice).toMatchObject({ key: "teams.updateFailed", detail: "teams.validation.nameRequired" });
    const taken = await form({ intent: "teams.rename", teamId: t.id, name: "Ops" });
    expect(taken.status).toBe(409);
    expect(taken.value.notice).toMatchObject({ key: "teams.updateFailed", detail: "teams.nameTaken" });
    expect((await form({ intent: "teams.rename", teamId: t.id, name: "ops" })).status).toBe(409);
    expect((await team(t.id))?.name).toBe("New name");
    // A team may change the case of its own name.
    expect((await form({ intent: "teams.rename", teamId: t.id, name: "NEW NAME" })).status).toBe(200);
    expect((await team(t.id))?.name).toBe("NEW NAME");
  });

  it("deletes only an empty team, after confirming; with members a clear refusal", async () => {
    const empty = await createTeam(acme, "Empty");
    const asked = await form({ intent: "teams.delete", teamId: empty.id });
    expect(asked.value.confirm?.fields).toEqual({ intent: "teams.delete", teamId: empty.id });
    expect(await team(empty.id)).not.toBeNull();

    // With members the refusal comes at once: no question is asked before it.
    const refused = await form({ intent: "teams.delete", teamId: ids.ops });
    expect(refused.value.confirm).toBeUndefined();
    expect(refused.status).toBe(409);
    expect(refused.value.notice).toMatchObject({ tone: "error", key: "teams.deleteFailed", detail: "teams.notEmpty", values: { name: "Ops", count: "2" } });
    expect(await team(ids.ops)).not.toBeNull();

    const deleted = await form({ intent: "teams.delete", teamId: empty.id, confirmed: "1" });
    expect(deleted.value.notice).toMatchObject({ tone: "success", key: "teams.notices.deleted", values: { name: "Empty" } });
    expect(await team(empty.id)).toBeNull();
    expect((await lastAudit("team.deleted", empty.id))?.details).toMatchObject({ name: { old: "Empty", new: null } });
  });

  it("adds a member (moving them from their team, where they stop being admin) and removes one", async () => {
    const red = await createTeam(acme, "Red");
    const blue = await createTeam(acme, "Blue");
    const mover = await createUser(acme, { role: "admin", fullName: "Mo Mover", teamId: red.id });
    await getDb().teamAdmin.create({ data: { teamId: red.id, userId: mover.id } });

    const added = await form({ intent: "teams.addMember", teamId: blue.id, userId: mover.id });
    expect(added.value.notice).toMatchObject({ tone: "success", key: "teams.notices.memberAdded", values: { name: "Mo Mover", team: "Blue" } });
    expect((await userRow(mover.id)).teamId).toBe(blue.id);
    expect((await team(red.id))?.admins).toEqual([]);
    expect((await lastAudit("user.team_changed", mover.id))?.details).toEqual({ team_id: { old: red.id, new: blue.id } });

    const notMember = await form({ intent: "teams.removeMember", teamId: red.id, userId: mover.id });
    expect(notMember.status).toBe(409);
    expect(notMember.value.notice).toMatchObject({ key: "teams.updateFailed", detail: "teams.notMember" });

    const removed = await form({ intent: "teams.removeMember", teamId: blue.id, userId: mover.id });
    expect(removed.value.notice).toMatchObject({ key: "teams.notices.memberRemoved", values: { name: "Mo Mover", team: "Blue" } });
    expect((await userRow(mover.id)).teamId).toBeNull();
    expect((await lastAudit("user.team_changed", mover.id))?.details).toEqual({ team_id: { old: blue.id, new: null } });
  });

  it("ticking a member in the admin dialog makes them admin of the team and an admin; unticking keeps the role", async () => {
    const green = await createTeam(acme, "Green");
    const [gil, gus] = await Promise.all(["Gil Green", "Gus Green"].map((fullName) => createUser(acme, { fullName, teamId: green.id })));

    const one = await form({ intent: "teams.setAdmins", teamId: green.id, adminIds: gil.id });
    expect(one.value.notice).toMatchObject({ tone: "success", key: "teams.notices.adminsSaved", values: { team: "Green" } });
    expect((await team(green.id))?.admins.map((a) => a.userId)).toEqual([gil.id]);
    expect((await userRow(gil.id)).role).toBe("admin");
    expect((await lastAudit("user.updated", gil.id))?.details).toEqual({ role: { old: "user", new: "admin" } });
    expect((await lastAudit("team.admins_changed", green.id))?.details).toEqual({ admins: { old: [], new: [gil.id] } });

    const both = await formMulti([["intent", "teams.setAdmins"], ["teamId", green.id], ["adminIds", gil.id], ["adminIds", gus.id]]);
    expect(both.status).toBe(200);
    expect((await team(green.id))?.admins.map((a) => a.userId).sort()).toEqual([gil.id, gus.id].sort());

    // Nothing ticked: nobody is the team's admin any more; their roles stay.
    const none = await form({ intent: "teams.setAdmins", teamId: green.id });
    expect(none.status).toBe(200);
    expect((await team(green.id))?.admins).toEqual([]);
    expect((await userRow(gil.id)).role).toBe("admin");
    expect((await lastAudit("team.admins_changed", green.id))?.details).toEqual({ admins: { old: [gil.id, gus.id].sort(), new: [] } });

    const outsider = await form({ intent: "teams.setAdmins", teamId: green.id, adminIds: ids.admin });
    expect(outsider.status).toBe(409);
    expect(outsider.value.notice).toMatchObject({ key: "teams.updateFailed", detail: "teams.adminNotMember" });
  });

  it("sets and clears the substitute approver (any active person, audited; a user becomes an admin)", async () => {
    const sub = await createUser(acme, { fullName: "Sue Substitute" });
    const set = await form({ intent: "teams.setSubstitute", teamId: ids.ops, substituteId: sub.id });
    expect(set.value.notice).toMatchObject({ tone: "success", key: "teams.notices.substituteSaved", values: { team: "Ops" } });
    expect((await team(ids.ops))?.substituteApproverId).toBe(sub.id);
    expect((await userRow(sub.id)).role).toBe("admin");
    expect((await lastAudit("team.substitute_changed", ids.ops))?.details).toEqual({ substitute_approver_id: { old: null, new: sub.id } });

    const gone = await createUser(acme, { fullName: "Gone" });
    await getDb().user.update({ where: { id: gone.id }, data: { deactivatedAt: new Date() } });
    expect((await form({ intent: "teams.setSubstitute", teamId: ids.ops, substituteId: gone.id })).status).toBe(404);

    const cleared = await form({ intent: "teams.setSubstitute", teamId: ids.ops, substituteId: "" });
    expect(cleared.status).toBe(200);
    expect((await team(ids.ops))?.substituteApproverId).toBeNull();
    expect((await lastAudit("team.substitute_changed", ids.ops))?.details).toEqual({ substitute_approver_id: { old: sub.id, new: null } });
  });
});

describe("another company's ids and an employee change nothing", () => {
  it("answers 404 for another company's team or person on every action", async () => {
    const mine = await createTeam(acme, "Mine");
    const before = { acme: await snapshot(acme), globex: await snapshot(globex) };
    const attempts: Record<string, string>[] = [
      { intent: "teams.rename", teamId: ids.gTeam, name: "Hacked" },
      { intent: "teams.delete", teamId: ids.gTeam, confirmed: "1" },
      { intent: "teams.addMember", teamId: ids.gTeam, userId: ids.employee },
      { intent: "teams.addMember", teamId: mine.id, userId: ids.gUser },
      { intent: "teams.removeMember", teamId: ids.gTeam, userId: ids.gUser },
      { intent: "teams.removeMember", teamId: mine.id, userId: ids.gUser },
      { intent: "teams.setAdmins", teamId: ids.gTeam, adminIds: ids.gUser },
      { intent: "teams.setAdmins", teamId: mine.id, adminIds: ids.gUser },
      { intent: "teams.setSubstitute", teamId: ids.gTeam, substituteId: ids.admin },
      { intent: "teams.setSubstitute", teamId: mine.id, substituteId: ids.gUser },
    ];
    for (const fields of attempts) {
      const answer = await form(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(404);
      expect(answer.value.notice?.tone).toBe("error");
    }
    const apiAttempts: [typeof teamApi, string, string, Json | undefined][] = [
      [teamApi, `/api/teams/${ids.gTeam}`, "PUT", { name: "Hacked" }],
      [teamApi, `/api/teams/${ids.gTeam}`, "DELETE", undefined],
      [membersApi, `/api/teams/${ids.gTeam}/members`, "POST", { userId: ids.employee }],
      [membersApi, `/api/teams/${mine.id}/members`, "POST", { userId: ids.gUser }],
      [membersApi, `/api/teams/${ids.gTeam}/members`, "DELETE", { userId: ids.gUser }],
      [adminsApi, `/api/teams/${ids.gTeam}/admins`, "POST", { userId: ids.gUser }],
      [adminsApi, `/api/teams/${mine.id}/admins`, "POST", { userId: ids.gUser }],
      [adminsApi, `/api/teams/${ids.gTeam}/admins`, "DELETE", { userId: ids.gUser }],
    ];
    for (const [route, path, method, body] of apiAttempts) {
      const id = path.split("/")[3];
      const response = await route(args(api(path, method, cookies.owner, body), { id }));
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    for (const [route, path] of [[teamGet, `/api/teams/${ids.gTeam}`], [membersList, `/api/teams/${ids.gTeam}/members`], [adminsList, `/api/teams/${ids.gTeam}/admins`]] as const) {
      expect((await route(args(api(path, "GET", cookies.owner), { id: ids.gTeam }))).status, path).toBe(404);
    }
    expect(await snapshot(acme)).toEqual(before.acme);
    expect(await snapshot(globex)).toEqual(before.globex);
    await getDb().team.delete({ where: { id: mine.id } });
  });

  it("answers an employee 403 on every action and API write", async () => {
    const target = await createTeam(acme, "Target");
    const before = await snapshot(acme);
    const attempts: Record<string, string>[] = [
      { intent: "teams.create", name: "Mine now" },
      { intent: "teams.rename", teamId: target.id, name: "Mine now" },
      { intent: "teams.delete", teamId: target.id, confirmed: "1" },
      { intent: "teams.addMember", teamId: target.id, userId: ids.employee },
      { intent: "teams.removeMember", teamId: ids.ops, userId: ids.employee },
      { intent: "teams.setAdmins", teamId: ids.ops, adminIds: ids.employee },
      { intent: "teams.setSubstitute", teamId: ids.ops, substituteId: ids.employee },
    ];
    for (const fields of attempts) {
      expect((await form(fields, cookies.employee)).status, fields.intent).toBe(403);
    }
    const writes: [typeof teamApi, string, string, Json | undefined][] = [
      [teamsApi, "/api/teams", "POST", { name: "Mine now" }],
      [teamApi, `/api/teams/${target.id}`, "PUT", { name: "Mine now" }],
      [teamApi, `/api/teams/${target.id}`, "DELETE", undefined],
      [membersApi, `/api/teams/${target.id}/members`, "POST", { userId: ids.employee }],
      [membersApi, `/api/teams/${ids.ops}/members`, "DELETE", { userId: ids.employee }],
      [adminsApi, `/api/teams/${ids.ops}/admins`, "POST", { userId: ids.employee }],
      [adminsApi, `/api/teams/${ids.ops}/admins`, "DELETE", { userId: ids.owner }],
    ];
    for (const [route, path, method, body] of writes) {
      const response = await route(args(api(path, method, cookies.employee, body), { id: path.split("/")[3] ?? "" }));
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({ detail: "You do not have permission to do this." });
    }
    expect(await snapshot(acme)).toEqual(before);
    await getDb().team.delete({ where: { id: target.id } });
  });
});

describe("/api/teams", () => {
  it("creates, lists, renames and deletes, with the spec's names and {detail} errors in the caller's language", async () => {
    const created = await teamsApi(args(api("/api/teams", "POST", cookies.admin, { name: " Api team " })));
    expect(created.status).toBe(201);
    const body = (await created.json()) as Json;
    expect(body).toEqual({ id: expect.any(String), name: "Api team", members: [], team_admins: [], substitute_approver_id: null });
    const id = body.id as string;

    const list = (await (await teamsList(args(api("/api/teams", "GET", cookies.employee)))).json()) as Json[];
    const ops = list.find((t) => t.id === ids.ops)!;
    expect(ops.members).toEqual(expect.arrayContaining([{ id: ids.employee, full_name: "Eve Employee", email: "eve@teams.test", role: "user" }]));
    expect(ops.team_admins).toEqual([{ id: ids.owner, full_name: "Olga Owner", email: "owner@teams.test" }]);
    expect(list.some((t) => t.id === ids.gTeam)).toBe(false);

    const blank = await teamsApi(args(api("/api/teams", "POST", cookies.admin, { name: "  " })));
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ detail: "Enter the team name." });
    const taken = await teamApi(args(api(`/api/teams/${id}`, "PUT", cookies.admin, { name: "Ops" }), { id }));
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ detail: "A team called Ops already exists." });

    const renamed = await teamApi(args(api(`/api/teams/${id}`, "PUT", cookies.admin, { name: "Api renamed" }), { id }));
    expect(((await renamed.json()) as Json).name).toBe("Api renamed");
    expect(((await (await teamGet(args(api(`/api/teams/${id}`, "GET", cookies.admin), { id }))).json()) as Json).name).toBe("Api renamed");

    const full = await teamApi(args(api(`/api/teams/${ids.ops}`, "DELETE", cookies.admin), { id: ids.ops }));
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ detail: "Team Ops has 2 members: remove them or move them to another team before deleting it." });
    expect((await teamApi(args(api(`/api/teams/${id}`, "DELETE", cookies.admin), { id }))).status).toBe(204);
    expect(await team(id)).toBeNull();

    const wrong = await teamsApi(args(api("/api/teams", "PATCH", cookies.admin, {})));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD, POST"); // the path lists (GET) and creates (POST)
  });

  it("adds and removes members and admins by userId, user_id or the query string", async () => {
    const t = await createTeam(acme, "Api people");
    const [p1, p2, p3] = await Promise.all(["Pia One", "Pio Two", "Pat Three"].map((fullName) => createUser(acme, { fullName })));
    const members = (path: string, method: string, body?: Json) => membersApi(args(api(path, method, cookies.admin, body), { id: t.id }));
    expect((await members(`/api/teams/${t.id}/members`, "POST", { userId: p1.id })).status).toBe(200);
    expect((await members(`/api/teams/${t.id}/members`, "POST", { user_id: p2.id })).status).toBe(200);
    expect((await members(`/api/teams/${t.id}/members?userId=${p3.id}`, "POST")).status).toBe(200);
    const listed = (await (await membersList(args(api(`/api/teams/${t.id}/members`, "GET", cookies.admin), { id: t.id }))).json()) as Json[];
    expect(listed.map((m) => m.id).sort()).toEqual([p1.id, p2.id, p3.id].sort());
    const missing = await members(`/api/teams/${t.id}/members`, "POST", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ detail: "Name the person (userId)." });

    const admins = (path: string, method: string, body?: Json) => adminsApi(args(api(path, method, cookies.admin, body), { id: t.id }));
    const made = await admins(`/api/teams/${t.id}/admins`, "POST", { userId: p1.id });
    expect(made.status).toBe(200);
    expect(((await made.json()) as Json).team_admins).toEqual([{ id: p1.id, full_name: "Pia One", email: p1.email }]);
    expect((await userRow(p1.id)).role).toBe("admin");
    const outsider = await admins(`/api/teams/${t.id}/admins`, "POST", { userId: ids.employee });
    expect(outsider.status).toBe(409);
    expect(await outsider.json()).toEqual({ detail: "Only members of the team can be its admins." });
    expect((await admins(`/api/teams/${t.id}/admins?user_id=${p1.id}`, "DELETE")).status).toBe(204);
    expect((await admins(`/api/teams/${t.id}/admins`, "DELETE", { userId: p1.id })).status).toBe(404);
    expect((await userRow(p1.id)).role).toBe("admin");
    expect(await (await adminsList(args(api(`/api/teams/${t.id}/admins`, "GET", cookies.admin), { id: t.id }))).json()).toEqual([]);

    expect((await members(`/api/teams/${t.id}/members?user_id=${p3.id}`, "DELETE")).status).toBe(204);
    expect((await userRow(p3.id)).teamId).toBeNull();
  });
});

describe("who reviews whose requests (decision 0018)", () => {
  const input = { halfDayStart: false, halfDayEnd: false, description: "", categoryId: "yearly_allowance", recipientType: "team_admins" as const };
  // A Monday about two months ahead: start, the day after and a week later are all working days.
  let start = addDays(todayIn("Europe/Lisbon"), 60);
  while (dayOfWeek(start) !== 1) start = addDays(start, 1);
  const requesterOf = async (id: string) => {
    const row = await getDb().user.findUniqueOrThrow({ where: { id }, select: { id: true, role: true, teamId: true } });
    return row;
  };
  const allowance = (companyId: string, userId: string) =>
    getDb().allowance.createMany({ data: [0, 1].map((k) => ({ companyId, userId, year: Number(start.slice(0, 4)) + k, yearly: 30 })) });

  it("approves the request of a company's only admin as it is made, and records why", async () => {
    const solo = (await createCompany("Solo")).id;
    const founder = await createUser(solo, { role: "owner", fullName: "Fay Founder" });
    const employee = await createUser(solo, { fullName: "Someone" });
    await allowance(solo, founder.id);
    const { vacation, approvedAsOnlyAdmin } = await requestVacation(await viewerFor(founder), { ...input, startDate: start, endDate: start });
    expect(vacation).toMatchObject({ status: "approved", autoApproved: false, reviewerId: null });
    expect(approvedAsOnlyAdmin).toBe(true);
    expect((await lastAudit("vacation.created", vacation.id))?.details).toMatchObject({ status: "approved", approved_because: "no_other_admin" });
    expect(await listPendingApprovals(await viewerFor(founder))).toEqual([]);
    expect(employee.role).toBe("user");

    // The form says so on the page it lands on.
    const cookie = await signIn(founder.email);
    const day = addDays(start, 7);
    const response = (await myCalendarAction(
      args(postForm("/my-calendar", { intent: "create", recipientType: "team_admins", description: "", categoryId: "yearly_allowance", startDate: day, endDate: day }, cookie)),
    )) as Response;
    expect(response.headers.get("Location")).toBe(`/my-calendar?year=${day.slice(0, 4)}&created=approved`);
  });

  it("sends an admin's request to the other admins of their team, else to every other admin, never to themselves", async () => {
    const co = (await createCompany("Routing")).id;
    const boss = await createUser(co, { role: "owner", fullName: "Bea Boss" });
    const [al, bo, cy] = await Promise.all(["Al", "Bo", "Cy"].map((fullName) => createUser(co, { role: "admin", fullName })));
    const duo = await createTeam(co, "Duo", [al.id, bo.id]);
    const lone = await createTeam(co, "Lone", [cy.id]);
    await getDb().user.updateMany({ where: { id: { in: [al.id, bo.id] } }, data: { teamId: duo.id } });
    await getDb().user.updateMany({ where: { id: { in: [cy.id, boss.id] } }, data: { teamId: lone.id } });
    for (const p of [al, cy, boss]) await allowance(co, p.id);

    const alsRoute = await reviewersOf(co, await requesterOf(al.id), today);
    expect(alsRoute).toMatchObject({ route: "team", reviewers: [expect.objectContaining({ id: bo.id })] });
    expect(alsRoute.reviewers).toHaveLength(1);
    const { vacation: alsRequest } = await requestVacation(await viewerFor(al), { ...input, startDate: start, endDate: start });
    expect(alsRequest.status).toBe("pending");
    expect((await listPendingApprovals(await viewerFor(bo))).map((v) => v.id)).toContain(alsRequest.id);
    expect((await listPendingApprovals(await viewerFor(al))).map((v) => v.id)).not.toContain(alsRequest.id);
    expect((await listPendingApprovals(await viewerFor(cy))).map((v) => v.id)).not.toContain(alsRequest.id);
    await expect(decideVacation(await viewerFor(al), alsRequest.id, "approved")).rejects.toMatchObject({ status: 403 });
    await expect(decideVacation(await viewerFor(cy), alsRequest.id, "approved")).rejects.toMatchObject({ status: 403 });
    expect(await getDb().vacationActionToken.count({ where: { vacationId: alsRequest.id, adminId: bo.id } })).toBe(2);
    expect(await getDb().vacationActionToken.count({ where: { vacationId: alsRequest.id, adminId: { not: bo.id } } })).toBe(0);

    // Cy is the only admin of Lone (with the owner, who is the team's member but not its admin).
    const cysRoute = await reviewersOf(co, await requesterOf(cy.id), today);
    expect(cysRoute.route).toBe("company");
    expect(cysRoute.reviewers.map((r) => r.id).sort()).toEqual([boss.id, al.id, bo.id].sort());
    const { vacation: cysRequest } = await requestVacation(await viewerFor(cy), { ...input, startDate: start, endDate: start });
    for (const other of [al, bo, boss]) expect((await listPendingApprovals(await viewerFor(other))).map((v) => v.id)).toContain(cysRequest.id);
    await decideVacation(await viewerFor(al), cysRequest.id, "approved");

    // The owner's request goes to her team's admin, Cy; nobody reviews their own.
    const { vacation: bossRequest } = await requestVacation(await viewerFor(boss), { ...input, startDate: addDays(start, 1), endDate: addDays(start, 1) });
    expect(bossRequest.status).toBe("pending");
    expect((await listPendingApprovals(await viewerFor(cy))).map((v) => v.id)).toContain(bossRequest.id);
    expect((await listPendingApprovals(await viewerFor(al))).map((v) => v.id)).not.toContain(bossRequest.id);
    expect((await listPendingApprovals(await viewerFor(boss))).map((v) => v.id)).not.toContain(bossRequest.id);
  });

  it("lets the team's substitute review while every admin of the team is on leave, and only then", async () => {
    const co = (await createCompany("Substitutes")).id;
    await createUser(co, { role: "owner", fullName: "Own Er" });
    const lead = await createUser(co, { role: "admin", fullName: "Lea Lead" });
    const sub = await createUser(co, { role: "admin", fullName: "Sam Sub" });
    const crew = await createTeam(co, "Crew", [lead.id]);
    const other = await createTeam(co, "Other", [sub.id]);
    await getDb().user.update({ where: { id: lead.id }, data: { teamId: crew.id } });
    await getDb().user.update({ where: { id: sub.id }, data: { teamId: other.id } });
    const member = await createUser(co, { fullName: "Mel Member", teamId: crew.id });
    await allowance(co, member.id);
    await getDb().team.update({ where: { id: crew.id }, data: { substituteApproverId: sub.id } });

    const present = await requestVacation(await viewerFor(member), { ...input, startDate: start, endDate: start });
    expect((await withReviewRouting(await viewerFor(sub))).substituteForTeamIds).toEqual([]);
    expect((await listPendingApprovals(await viewerFor(sub))).map((v) => v.id)).not.toContain(present.vacation.id);
    await expect(decideVacation(await viewerFor(sub), present.vacation.id, "approved")).rejects.toMatchObject({ status: 403 });
    expect(await getDb().vacationActionToken.count({ where: { vacationId: present.vacation.id, adminId: sub.id } })).toBe(0);

    // The lead's approved leave covers today (in the company's time zone): the substitute steps in.
    await createVacation(co, lead.id, { startDate: addDays(today, -1), endDate: addDays(today, 1), status: "approved" });
    const subViewer = await withReviewRouting(await viewerFor(sub));
    expect(subViewer.substituteForTeamIds).toEqual([crew.id]);
    expect((await listPendingApprovals(subViewer)).map((v) => v.id)).toContain(present.vacation.id);
    const away = await requestVacation(await viewerFor(member), { ...input, startDate: addDays(start, 7), endDate: addDays(start, 7) });
    expect((await reviewersOf(co, await requesterOf(member.id), today)).reviewers.map((r) => r.id).sort()).toEqual([lead.id, sub.id].sort());
    expect(await getDb().vacationActionToken.count({ where: { vacationId: away.vacation.id, adminId: sub.id } })).toBe(2);
    await decideVacation(subViewer, present.vacation.id, "approved");
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: present.vacation.id } })).reviewerId).toBe(sub.id);

    // A pending or future leave does not count as away.
    const tomorrow = await createTeam(co, "Tomorrow", [sub.id]);
    await getDb().team.update({ where: { id: tomorrow.id }, data: { substituteApproverId: lead.id } });
    await createVacation(co, sub.id, { startDate: today, endDate: today, status: "pending" });
    expect((await withReviewRouting(await viewerFor(lead))).substituteForTeamIds).toEqual([]);
  });

  it("names as an admin's last resort every other active admin or owner no other active admin of their team looks after", async () => {
    const co = (await createCompany("Last resorts")).id;
    const me = await createUser(co, { role: "admin", fullName: "Me" });
    const owner = await createUser(co, { role: "owner", fullName: "Teamless owner" });
    const loose = await createUser(co, { role: "admin", fullName: "Teamless admin" });
    const [pairA, pairB, widowed, formerAdmin, demoted] = await Promise.all(
      ["Pair A", "Pair B", "Widowed", "Former", "Demoted"].map((fullName) => createUser(co, { role: "admin", fullName })),
    );
    const pair = await createTeam(co, "Pair", [pairA.id, pairB.id]);
    // The other admin of Widowed's team left; Demoted shares a team with me, its other admin.
    const left = await createTeam(co, "Left", [widowed.id, formerAdmin.id]);
    const mine = await createTeam(co, "Mine", [me.id, demoted.id]);
    await getDb().user.updateMany({ where: { id: { in: [pairA.id, pairB.id] } }, data: { teamId: pair.id } });
    await getDb().user.update({ where: { id: widowed.id }, data: { teamId: left.id } });
    await getDb().user.update({ where: { id: formerAdmin.id }, data: { teamId: left.id, deactivatedAt: new Date() } });
    await getDb().user.update({ where: { id: demoted.id }, data: { teamId: mine.id } });
    await getDb().user.update({ where: { id: me.id }, data: { teamId: mine.id } });
    const lastResort = async () => [...(await withReviewRouting(await viewerFor(me))).lastResortForIds].sort();
    // Demoted is looked after by me (an active admin of their team): not a last resort. Nor are
    // Pair A and Pair B, each the other's.
    expect(await lastResort()).toEqual([owner.id, loose.id, widowed.id].sort());
    await getDb().user.update({ where: { id: pairB.id }, data: { role: "user" } });
    // Pair B is a user now: Pair A is left alone.
    expect(await lastResort()).toEqual([owner.id, loose.id, widowed.id, pairA.id].sort());
  });

  it("still refuses a user whose team has no admin (spec section 6)", async () => {
    const lonely = await createTeam(acme, "No admin");
    const person = await createUser(acme, { fullName: "Lou Lonely", teamId: lonely.id });
    await allowance(acme, person.id);
    await expect(requestVacation(await viewerFor(person), { ...input, startDate: start, endDate: start })).rejects.toMatchObject({ status: 409, message: "vacation.noAdmin" });
  });
});
