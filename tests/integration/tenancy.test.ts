import { beforeAll, describe, expect, it } from "vitest";
import { countPendingApprovals, listPendingApprovals } from "~/models/approval.server";
import { loader as pendingApi } from "~/routes/api.vacations.pending-approvals";
import { action as loginAction } from "~/routes/login";
import { getDb } from "~/utils/db.server";
import { createCompany, createTeam, createUser, createVacation, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm } from "../support/http";

let acme: string;
let globex: string;
let acmeOwner: { id: string; role: string };
let acmeTeamAdmin: { id: string; role: string };
let acmeCompanyAdmin: { id: string; role: string };
let globexOwner: { id: string; role: string; email: string };
let acmeEmployee: { id: string; role: string; email: string };

beforeAll(async () => {
  acme = (await createCompany("Acme")).id;
  globex = (await createCompany("Globex")).id;
  acmeOwner = await createUser(acme, { role: "owner" });
  acmeTeamAdmin = await createUser(acme, { role: "admin" });
  acmeCompanyAdmin = await createUser(acme, { role: "admin" });
  const red = await createTeam(acme, "Red", [acmeTeamAdmin.id]);
  const blue = await createTeam(acme, "Blue");
  acmeEmployee = await createUser(acme, { teamId: red.id });
  const blueEmployee = await createUser(acme, { teamId: blue.id });
  await createVacation(acme, acmeEmployee.id, { startDate: "2026-12-01", endDate: "2026-12-02" });
  await createVacation(acme, blueEmployee.id, { startDate: "2026-12-03", endDate: "2026-12-04" });
  await createVacation(acme, blueEmployee.id, { startDate: "2026-12-10", endDate: "2026-12-10", status: "approved" });

  globexOwner = await createUser(globex, { role: "owner" });
  const globexEmployee = await createUser(globex);
  await createVacation(globex, globexEmployee.id, { startDate: "2026-12-01", endDate: "2026-12-05" });
});

describe("pending approvals scope", () => {
  it("counts the whole company for the owner and for an admin without teams", async () => {
    expect(await countPendingApprovals(acme, acmeOwner)).toBe(2);
    expect(await countPendingApprovals(acme, acmeCompanyAdmin)).toBe(2);
  });

  it("never counts an admin's own request for them (only the owner decides it)", async () => {
    const own = await createVacation(acme, acmeCompanyAdmin.id, { startDate: "2026-12-20", endDate: "2026-12-21" });
    expect(await countPendingApprovals(acme, acmeCompanyAdmin)).toBe(2);
    expect((await listPendingApprovals(acme, acmeOwner)).map((v) => v.id)).toContain(own.id);
    await getDb().vacation.delete({ where: { id: own.id } });
  });

  it("counts only the administered teams for a team admin", async () => {
    const items = await listPendingApprovals(acme, acmeTeamAdmin);
    expect(items.map((v) => v.userId)).toEqual([acmeEmployee.id]);
  });

  it("counts nothing for an employee", async () => {
    expect(await countPendingApprovals(acme, acmeEmployee)).toBe(0);
  });

  it("never counts another company's requests, even with a foreign viewer id", async () => {
    expect(await countPendingApprovals(globex, globexOwner)).toBe(1);
    // A viewer from Acme asking for Globex gets nothing from Acme, and vice versa.
    expect((await listPendingApprovals(globex, acmeTeamAdmin)).every((v) => v.userId !== acmeEmployee.id)).toBe(true);
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
    const items = (await response.json()) as { user_id: string; start_date: string }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ start_date: "2026-12-01", end_date: "2026-12-05", status: "pending" });
  });
});
