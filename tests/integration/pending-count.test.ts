// The pending requests an admin may decide (the Approvals list, its pages, the shell's badge count
// and the badge poll's list) are one condition built from the viewer's scope (managedScopeOf in
// app/utils/permissions.server.ts): for every kind of scope (owner, admin of a team, stand-in for a
// team whose admins are away, admin of no team, admins with no other admin, an owner in a team with
// another admin) they must be exactly the requests the one-request rule (managesRequestsOf) allows,
// on the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import { countAwaitingDecision, countPendingApprovals, countPendingChanges, listPendingApprovals, pagePendingApprovals, withReviewRouting } from "~/models/approval.server";
import { listPendingChanges } from "~/models/vacation-change.server";
import { getDb } from "~/utils/db.server";
import { managesRequestsOf, type Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, createVacation, viewerFor } from "../support/factories";
import { testEngine } from "../support/test-database";

const people: Record<string, { id: string }> = {};
let companyId: string;

beforeAll(async () => {
  const company = await createCompany("Pending Co");
  companyId = company.id;
  const add = async (key: string, role = "user") => (people[key] = await createUser(company.id, { role, fullName: key }));
  for (const admin of ["redAdmin", "blueAdmin", "greenAdmin", "companyAdmin"]) await add(admin, "admin");
  await add("owner", "owner");
  const red = await createTeam(company.id, "Red", [people.redAdmin.id]);
  const blue = await createTeam(company.id, "Blue", [people.blueAdmin.id]);
  const green = await createTeam(company.id, "Green", [people.greenAdmin.id]);
  // Blue's only admin is away today: Red's admin stands in for Blue.
  await getDb().team.update({ where: { id: blue.id }, data: { substituteApproverId: people.redAdmin.id } });
  await createVacation(company.id, people.blueAdmin.id, { startDate: "2000-01-01", endDate: "2100-12-31", status: "approved" });
  for (const [key, teamId] of [["red1", red.id], ["red2", red.id], ["blue1", blue.id], ["green1", green.id]] as const) {
    people[key] = await createUser(company.id, { teamId, fullName: key });
  }
  await add("noTeam");
  // Each admin in their own team. The owner in Red, which has another admin: so an admin of no team
  // does not review her (everyone's but owners'), and Red's admin does (a member of the team).
  for (const [key, teamId] of [["redAdmin", red.id], ["blueAdmin", blue.id], ["greenAdmin", green.id], ["owner", red.id]] as const) {
    await getDb().user.update({ where: { id: people[key].id }, data: { teamId } });
  }
  const requests: [string, string][] = [
    ["red1", "pending"],
    ["red1", "pending"],
    ["red2", "pending"],
    ["red2", "approved"],
    ["blue1", "pending"],
    ["green1", "pending"],
    ["green1", "rejected"],
    ["noTeam", "pending"],
    ["owner", "pending"],
    ["redAdmin", "pending"],
    ["blueAdmin", "pending"],
    ["greenAdmin", "pending"],
    ["companyAdmin", "pending"],
  ];
  for (const [key, status] of requests) await createVacation(company.id, people[key].id, { startDate: "2031-03-02", endDate: "2031-03-03", status });

  // Changes of approved absences (decision 0093): one pending for each of these people, and
  // changes no one decides any more (rejected, withdrawn, or of an absence since cancelled).
  const change = async (key: string, absence: string, status: string) => {
    const { id } = await createVacation(company.id, people[key].id, { startDate: "2031-05-04", endDate: "2031-05-08", status: absence });
    await getDb().vacationChange.create({
      data: { companyId: company.id, vacationId: id, startDate: "2031-05-04", endDate: "2031-05-05", categoryId: "yearly_allowance", status, pendingFor: status === "pending" ? id : null, requestedById: people[key].id },
    });
  };
  for (const key of ["red1", "blue1", "green1", "noTeam", "owner", "greenAdmin", "companyAdmin"]) await change(key, "approved", "pending");
  await change("red2", "approved", "rejected");
  await change("red2", "approved", "withdrawn");
  await change("red2", "cancelled", "pending");

  // Another company's pending requests, with a team of the same name: never counted.
  const other = await createCompany("Elsewhere");
  const otherAdmin = await createUser(other.id, { role: "admin" });
  const otherTeam = await createTeam(other.id, "Red", [otherAdmin.id]);
  const otherPerson = await createUser(other.id, { teamId: otherTeam.id });
  await createVacation(other.id, otherPerson.id, { startDate: "2031-03-02", endDate: "2031-03-03", status: "pending" });
  await createVacation(other.id, otherAdmin.id, { startDate: "2031-03-02", endDate: "2031-03-03", status: "pending" });
  const otherApproved = await createVacation(other.id, otherPerson.id, { startDate: "2031-05-04", endDate: "2031-05-08", status: "approved" });
  await getDb().vacationChange.create({
    data: { companyId: other.id, vacationId: otherApproved.id, startDate: "2031-05-04", endDate: "2031-05-05", categoryId: "yearly_allowance", pendingFor: otherApproved.id, requestedById: otherPerson.id },
  });
});

/** The pending changes by the one-request rule: every change of the company waiting, asked one by one. */
async function changeIdsByRule(asked: Viewer) {
  const viewer = await withReviewRouting(asked);
  const pending = await getDb().vacationChange.findMany({
    where: { companyId, status: "pending", vacation: { status: "approved" } },
    select: { id: true, vacation: { select: { user: { select: { id: true, role: true, teamId: true } } } } },
  });
  return pending
    .filter((change) => change.vacation.user.id !== viewer.userId && managesRequestsOf(viewer, change.vacation.user))
    .map((change) => change.id)
    .sort();
}

/** The requests by the one-request rule: every pending request of the company, asked one by one. */
async function idsByRule(asked: Viewer) {
  const viewer = await withReviewRouting(asked);
  const pending = await getDb().vacation.findMany({ where: { companyId, status: "pending" }, select: { id: true, user: { select: { id: true, role: true, teamId: true } } } });
  return pending
    .filter((request) => managesRequestsOf(viewer, request.user))
    .map((request) => request.id)
    .sort();
}

describe(`the pending count on ${testEngine}`, () => {
  it.each([
    // Everyone's but their own: 10 of the 11 pending requests.
    ["the owner", "owner", 10],
    // Red's four (the owner among them) and Blue's two (standing in for Blue, whose admin is away),
    // and the admins with no other admin in their team: the company admin, Green's admin.
    ["an admin of a team standing in for another", "redAdmin", 8],
    // Blue's member, and the three other admins, each alone in their team (not the owner: Red has
    // another admin).
    ["an admin of a team whose requests a stand-in also sees", "blueAdmin", 4],
    ["an admin of a team", "greenAdmin", 4],
    // Everyone's but owners' and their own.
    ["an admin of no team", "companyAdmin", 9],
    ["a person who reviews nobody", "red1", 0],
  ])("lists and counts what %s may decide, as the one-request rule does", async (_label, key, expected) => {
    const viewer = await viewerFor(people[key]);
    const byRule = await idsByRule(viewer);
    expect(byRule).toHaveLength(expected);
    expect(await countPendingApprovals(viewer)).toBe(expected);
    const listed = await listPendingApprovals(viewer);
    expect(listed.map((request) => request.id).sort()).toEqual(byRule);
    expect(listed.every((request) => request.status === "pending")).toBe(true);
    // A page of three and the rest: the same requests, none twice, and the total on the first page.
    const first = await pagePendingApprovals(await viewerFor(people[key]), { offset: 0, limit: 3 });
    const rest = await pagePendingApprovals(await viewerFor(people[key]), { offset: 3, limit: 50 });
    expect(first.total).toBe(expected);
    expect([...first.items, ...rest.items].map((request) => request.id)).toEqual(listed.map((request) => request.id));
  });
});

describe(`the badge on ${testEngine}: pending requests and pending changes`, () => {
  it.each([
    // Everyone's changes but their own: six of the seven waiting (not the cancelled absence's).
    ["the owner", "owner", 6],
    // Red's member and the owner (in Red), Blue's member (standing in), and the admins alone in
    // their team (the company admin, Green's admin).
    ["an admin of a team standing in for another", "redAdmin", 5],
    // Blue's member, and the other admins alone in their team with a change waiting.
    ["an admin of a team whose requests a stand-in also sees", "blueAdmin", 3],
    // Green's member and the company admin (their own change is not theirs to decide).
    ["an admin of a team", "greenAdmin", 2],
    // Everyone's but owners' and their own.
    ["an admin of no team", "companyAdmin", 5],
    ["a person who reviews nobody", "red1", 0],
  ])("counts and lists the changes %s decides, as the one-request rule does, beside the requests", async (_label, key, expected) => {
    const viewer = await viewerFor(people[key]);
    const byRule = await changeIdsByRule(viewer);
    expect(byRule).toHaveLength(expected);
    expect(await countPendingChanges(viewer)).toBe(expected);
    expect((await listPendingChanges(viewer)).map((row) => row.change.id).sort()).toEqual(byRule);
    // The shell's badge is both; Approvals' request total stays the requests alone.
    const requests = await countPendingApprovals(await viewerFor(people[key]));
    expect(await countAwaitingDecision(await viewerFor(people[key]))).toBe(requests + expected);
  });
});
