// The navigation badge polls GET /api/vacations/pending-approvals every second; while nothing in
// the viewer's scope changed, the answer is a 304 without a body.
import { beforeAll, describe, expect, it } from "vitest";
import { action as apiLogin } from "~/api/auth.login";
import { action as cancelApi } from "~/api/vacations.$id";
import { action as approveApi } from "~/api/vacations.$id.approve";
import { action as rejectApi } from "~/api/vacations.$id.reject";
import { loader as pendingApi } from "~/api/vacations.pending-approvals";
import { getDb } from "~/utils/db.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args } from "../support/http";

const PATH = "/api/vacations/pending-approvals";

function call(path: string, method: string, token: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...headers } });
}

async function tokenFor(email: string) {
  const request = new Request("http://localhost/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  return ((await (await apiLogin(args(request))).json()) as { access_token: string }).access_token;
}

const poll = (token: string, etag?: string) => pendingApi(args(call(PATH, "GET", token, etag ? { "If-None-Match": etag } : {})));

let companyId: string;
let member: { id: string };
let teamAdminToken: string;
let ownerToken: string;

beforeAll(async () => {
  companyId = (await createCompany("Pollers")).id;
  const owner = await createUser(companyId, { role: "owner", email: "owner@pollers.test" });
  const teamAdmin = await createUser(companyId, { role: "admin", email: "lead@pollers.test" });
  const team = await createTeam(companyId, "Crew", [teamAdmin.id]);
  member = await createUser(companyId, { teamId: team.id });
  await createVacation(companyId, member.id, { startDate: "2027-02-01", endDate: "2027-02-02" });
  teamAdminToken = await tokenFor("lead@pollers.test");
  ownerToken = await tokenFor(owner.email);
});

describe("GET /api/vacations/pending-approvals with HTTP validation", () => {
  it("answers 304 without a body while nothing changed, and a new ETag after each change in scope", async () => {
    const first = await poll(teamAdminToken);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await first.json()).toHaveLength(1);

    const again = await poll(teamAdminToken, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    // A list of tags, as a browser may send, is understood too.
    expect((await poll(teamAdminToken, `W/"other", ${etag}`)).status).toBe(304);

    // A new pending request of a team member.
    const created = await createVacation(companyId, member.id, { startDate: "2027-03-01", endDate: "2027-03-01" });
    const afterCreate = await poll(teamAdminToken, etag);
    expect(afterCreate.status).toBe(200);
    const etagAfterCreate = afterCreate.headers.get("ETag")!;
    expect(etagAfterCreate).not.toBe(etag);
    expect(await afterCreate.json()).toHaveLength(2);
    expect((await poll(teamAdminToken, etagAfterCreate)).status).toBe(304);

    // A pending request edited (its time of change read back from the database) is a change too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await getDb().vacation.update({ where: { id: created.id }, data: { description: "Moved a day" } });
    const afterEdit = await poll(teamAdminToken, etagAfterCreate);
    expect(afterEdit.status).toBe(200);
    const etagAfterEdit = afterEdit.headers.get("ETag")!;
    expect(etagAfterEdit).not.toBe(etagAfterCreate);
    expect((await poll(teamAdminToken, etagAfterEdit)).status).toBe(304);

    // Approved, rejected, cancelled: each one leaves the list and changes the tag. (A tag may come
    // back: the same pending rows, unchanged, are the same list.)
    const more = await createVacation(companyId, member.id, { startDate: "2027-04-01", endDate: "2027-04-01" });
    let current = (await poll(teamAdminToken, etagAfterEdit)).headers.get("ETag")!;
    expect(current).not.toBe(etagAfterEdit);
    const [firstRequest] = await getDb().vacation.findMany({ where: { companyId, startDate: "2027-02-01" } });
    const changes: [string, () => Promise<Response>][] = [
      ["approve", () => approveApi(args(call(`/api/vacations/${created.id}/approve`, "POST", teamAdminToken), { id: created.id }))],
      ["reject", () => rejectApi(args(call(`/api/vacations/${more.id}/reject`, "POST", teamAdminToken), { id: more.id }))],
      ["cancel", () => cancelApi(args(call(`/api/vacations/${firstRequest.id}`, "DELETE", ownerToken), { id: firstRequest.id }))],
    ];
    for (const [name, change] of changes) {
      expect((await poll(teamAdminToken, current)).status, name).toBe(304);
      const done = await change();
      expect(done.status, name).toBeLessThan(300);
      const answer = await poll(teamAdminToken, current);
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get("ETag"), name).not.toBe(current);
      current = answer.headers.get("ETag")!;
    }
    expect(await (await poll(teamAdminToken)).json()).toEqual([]);
  });

  it("counts a proposed change of an approved absence in a header, and a new tag when it comes and goes", async () => {
    const before = await poll(teamAdminToken);
    expect(before.headers.get("X-Pending-Changes")).toBe("0");
    const etag = before.headers.get("ETag")!;
    const absence = await createVacation(companyId, member.id, { startDate: "2027-06-07", endDate: "2027-06-11", status: "approved" });
    const change = await getDb().vacationChange.create({
      data: { companyId, vacationId: absence.id, startDate: "2027-06-07", endDate: "2027-06-08", categoryId: "yearly_allowance", pendingFor: absence.id, requestedById: member.id },
    });
    const proposed = await poll(teamAdminToken, etag);
    expect(proposed.status).toBe(200);
    expect(proposed.headers.get("X-Pending-Changes")).toBe("1");
    // The list itself stays the requests (its shape is the API's).
    expect(await proposed.json()).toEqual(await before.json());
    const withChange = proposed.headers.get("ETag")!;
    expect(withChange).not.toBe(etag);
    expect((await poll(teamAdminToken, withChange)).status).toBe(304);
    await getDb().vacationChange.update({ where: { id: change.id }, data: { status: "withdrawn", pendingFor: null } });
    const withdrawn = await poll(teamAdminToken, withChange);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.headers.get("X-Pending-Changes")).toBe("0");
  });

  it("gives viewers with different scopes different tags, and never a 304 for another viewer's tag", async () => {
    const ofAdmin = (await poll(teamAdminToken)).headers.get("ETag")!;
    const ofOwner = (await poll(ownerToken)).headers.get("ETag")!;
    expect(ofOwner).not.toBe(ofAdmin);
    expect((await poll(ownerToken, ofAdmin)).status).toBe(200);
    // The same pending list (nothing in either scope right now) still tells the two apart.
    expect(await (await poll(ownerToken)).json()).toEqual(await (await poll(teamAdminToken)).json());
  });
});
