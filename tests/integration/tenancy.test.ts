// Tenant isolation and review scope. Every model function takes the Viewer the sign-in checks
// give, so the company a call reads is the viewer's own: these tests forge viewers that point at
// another company's teams and people, and sign in through the real routes.
import { beforeAll, describe, expect, it } from "vitest";
import { countPendingApprovals, listPendingApprovals, pendingApprovalsTag } from "~/models/approval.server";
import { cancelVacation, decideVacation, getVacation, searchVacations } from "~/models/vacation.server";
import { loader as pendingApi } from "~/api/vacations.pending-approvals";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import type { Viewer } from "~/utils/permissions.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

let acmeOwner: Viewer;
let acmeTeamAdmin: Viewer;
let acmeCompanyAdmin: Viewer;
let acmeEmployee: Viewer;
let globexOwner: Viewer & { email: string };
let globexTeamId: string;
let globexVacationId: string;
let acmeEmployeeVacationId: string;

beforeAll(async () => {
  const acme = (await createCompany("Acme")).id;
  const globex = (await createCompany("Globex")).id;
  const owner = await createUser(acme, { role: "owner" });
  const teamAdmin = await createUser(acme, { role: "admin" });
  const companyAdmin = await createUser(acme, { role: "admin" });
  const red = await createTeam(acme, "Red", [teamAdmin.id]);
  const blue = await createTeam(acme, "Blue");
  const employee = await createUser(acme, { teamId: red.id });
  const blueEmployee = await createUser(acme, { teamId: blue.id });
  acmeEmployeeVacationId = (await createVacation(acme, employee.id, { startDate: "2026-12-01", endDate: "2026-12-02" })).id;
  await createVacation(acme, blueEmployee.id, { startDate: "2026-12-03", endDate: "2026-12-04" });
  await createVacation(acme, blueEmployee.id, { startDate: "2026-12-10", endDate: "2026-12-10", status: "approved" });

  const gOwner = await createUser(globex, { role: "owner" });
  const globexTeam = await createTeam(globex, "Red");
  globexTeamId = globexTeam.id;
  const globexEmployee = await createUser(globex, { teamId: globexTeam.id });
  globexVacationId = (await createVacation(globex, globexEmployee.id, { startDate: "2026-12-01", endDate: "2026-12-05" })).id;

  [acmeOwner, acmeTeamAdmin, acmeCompanyAdmin, acmeEmployee] = await Promise.all([owner, teamAdmin, companyAdmin, employee].map(viewerFor));
  globexOwner = { ...(await viewerFor(gOwner)), email: gOwner.email };
});

describe("pending approvals scope", () => {
  it("counts the whole company for the owner and for an admin without teams", async () => {
    expect(await countPendingApprovals(acmeOwner)).toBe(2);
    expect(await countPendingApprovals(acmeCompanyAdmin)).toBe(2);
  });

  it("never counts a person's own request; an owner with no other admin in her team goes to the other admins", async () => {
    const own = await createVacation(acmeCompanyAdmin.companyId, acmeCompanyAdmin.userId, { startDate: "2026-12-20", endDate: "2026-12-21" });
    const owners = await createVacation(acmeOwner.companyId, acmeOwner.userId, { startDate: "2026-12-22", endDate: "2026-12-22" });
    const adminsList = (await listPendingApprovals(acmeCompanyAdmin)).map((v) => v.id);
    expect(adminsList).toContain(owners.id);
    expect(adminsList).not.toContain(own.id);
    const ownersList = (await listPendingApprovals(acmeOwner)).map((v) => v.id);
    expect(ownersList).toContain(own.id);
    expect(ownersList).not.toContain(owners.id);
    await getDb().vacation.deleteMany({ where: { id: { in: [own.id, owners.id] } } });
  });

  it("counts only the administered teams for a team admin", async () => {
    const items = await listPendingApprovals(acmeTeamAdmin);
    expect(items.map((v) => v.userId)).toEqual([acmeEmployee.userId]);
  });

  it("counts nothing for an employee", async () => {
    expect(await countPendingApprovals(acmeEmployee)).toBe(0);
  });

  it("never reaches another company's requests, even for a viewer forged to administer its team", async () => {
    expect(await countPendingApprovals(globexOwner)).toBe(1);
    const forged: Viewer = { ...acmeTeamAdmin, adminOfTeamIds: [globexTeamId] };
    expect(await listPendingApprovals(forged)).toEqual([]);
    expect(await countPendingApprovals(forged)).toBe(0);
    // The badge poll's tag covers no request either (its first part is how many).
    expect((await pendingApprovalsTag(forged)).startsWith('W/"0-')).toBe(true);
    const forgedOwner: Viewer = { ...acmeOwner, adminOfTeamIds: [globexTeamId] };
    expect((await listPendingApprovals(forgedOwner)).map((v) => v.id)).not.toContain(globexVacationId);
    expect(await countPendingApprovals(forgedOwner)).toBe(await countPendingApprovals(acmeOwner));
  });
});

describe("another company's ids are not found", () => {
  it("reading, deciding or cancelling a foreign request is a 404 and changes nothing", async () => {
    for (const attempt of [
      () => getVacation(acmeOwner, globexVacationId),
      () => decideVacation(acmeOwner, globexVacationId, "approved"),
      () => cancelVacation(acmeOwner, globexVacationId, "2026-11-22"),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ status: 404 });
    }
    expect((await getDb().vacation.findUniqueOrThrow({ where: { id: globexVacationId } })).status).toBe("pending");
    expect((await searchVacations(acmeOwner, { limit: 1000 })).items.map((v) => v.id)).not.toContain(globexVacationId);
    // The same request is found by its own company.
    expect((await getVacation(globexOwner, globexVacationId)).id).toBe(globexVacationId);
    expect((await getVacation(acmeTeamAdmin, acmeEmployeeVacationId)).id).toBe(acmeEmployeeVacationId);
  });
});

describe("GET /api/vacations/pending-approvals", () => {
  it("answers 401 JSON without a session", async () => {
    const response = await pendingApi(args(getRequest("/api/vacations/pending-approvals")));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: "Não autenticado (401). Faz login novamente." });
  });

  it("lists only the caller's company", async () => {
    const login = (await loginAction(args(postForm("/login", { email: globexOwner.email, password: TEST_PASSWORD })))) as Response;
    const response = await pendingApi(args(getRequest("/api/vacations/pending-approvals", cookiesFrom(login))));
    const items = (await response.json()) as { id: string; user_id: string; start_date: string }[];
    expect(items.map((v) => v.id)).toEqual([globexVacationId]);
    expect(items[0]).toMatchObject({ start_date: "2026-12-01", end_date: "2026-12-05", status: "pending" });
  });
});
