import { describe, expect, it } from "vitest";
import { canCancel, canManagePerson, canNotifyReviewers, canReview, managedScopeOf, managesRequestsOf, seesVacationDetailsOf, type RoutedViewer } from "~/utils/permissions.server";

const company = "c1";
const viewer = (userId: string, role: RoutedViewer["role"], adminOfTeamIds: string[] = [], teamId: string | null = null, extra: Partial<RoutedViewer> = {}): RoutedViewer => ({
  userId,
  companyId: company,
  role,
  isMaster: false,
  teamId,
  adminOfTeamIds,
  timeZone: "Europe/Lisbon",
  substituteForTeamIds: [],
  lastResortForIds: [],
  ...extra,
});

const owner = viewer("owner", "owner");
const redAdmin = viewer("red-admin", "admin", ["red"], "red");
const companyAdmin = viewer("company-admin", "admin");
const employee = viewer("eve", "user", [], "red");

const person = (id: string, role = "user", teamId: string | null = "red") => ({ id, role, teamId });
const request = (userId: string, status: string, startDate = "2026-12-01") => ({ userId, status, startDate });

describe("managesRequestsOf", () => {
  it("gives the owner everyone's but her own", () => {
    expect(managesRequestsOf(owner, person("eve"))).toBe(true);
    expect(managesRequestsOf(owner, person("red-admin", "admin", "red"))).toBe(true);
    expect(managesRequestsOf(owner, person("owner", "owner"))).toBe(false);
  });

  it("gives a team admin their teams' members only (an owner or admin of the team included), never themselves", () => {
    expect(managesRequestsOf(redAdmin, person("eve", "user", "red"))).toBe(true);
    expect(managesRequestsOf(redAdmin, person("bob", "user", "blue"))).toBe(false);
    expect(managesRequestsOf(redAdmin, person("nobody", "user", null))).toBe(false);
    expect(managesRequestsOf(redAdmin, person("owner", "owner", "red"))).toBe(true);
    expect(managesRequestsOf(redAdmin, person("owner", "owner", "blue"))).toBe(false);
    expect(managesRequestsOf(redAdmin, person("red-admin", "admin", "red"))).toBe(false);
  });

  it("gives an admin of no team the whole company but owners and themselves", () => {
    expect(managesRequestsOf(companyAdmin, person("bob", "user", "blue"))).toBe(true);
    expect(managesRequestsOf(companyAdmin, person("owner", "owner"))).toBe(false);
    expect(managesRequestsOf(companyAdmin, person("company-admin", "admin"))).toBe(false);
  });

  it("gives any admin the requests of an admin or owner whose team has no other admin", () => {
    const blueAdmin = viewer("blue-admin", "admin", ["blue"], "blue", { lastResortForIds: ["owner"] });
    expect(managesRequestsOf(blueAdmin, person("owner", "owner", "green"))).toBe(true);
    expect(managesRequestsOf(redAdmin, person("owner", "owner", "green"))).toBe(false);
  });

  it("gives a substitute approver the team's requests while its admins are away, never their own", () => {
    const substitute = viewer("sub", "admin", ["blue"], "blue", { substituteForTeamIds: ["red"] });
    expect(managesRequestsOf(substitute, person("eve", "user", "red"))).toBe(true);
    expect(managesRequestsOf(substitute, person("red-admin", "admin", "red"))).toBe(true);
    expect(managesRequestsOf(substitute, person("sub", "admin", "red"))).toBe(false);
    expect(managesRequestsOf({ ...substitute, substituteForTeamIds: [] }, person("eve", "user", "red"))).toBe(false);
  });

  it("gives an employee nobody, even one named substitute", () => {
    expect(managesRequestsOf(employee, person("bob"))).toBe(false);
    expect(managesRequestsOf({ ...employee, substituteForTeamIds: ["blue"] }, person("bob", "user", "blue"))).toBe(false);
  });
});

describe("managedScopeOf", () => {
  it("is nobody's for a user and everyone's but their own for the owner", () => {
    expect(managedScopeOf(employee)).toBeNull();
    expect(managedScopeOf(owner)).toEqual({ companyId: company, exceptUserId: "owner", everyone: true, nonOwners: false, teamIds: [], userIds: [] });
  });

  it("scopes an admin to their teams, the teams they stand in for and the admins with no other admin", () => {
    const admin = viewer("red-admin", "admin", ["red"], "red", { substituteForTeamIds: ["blue"], lastResortForIds: ["owner"] });
    expect(managedScopeOf(admin)).toEqual({ companyId: company, exceptUserId: "red-admin", everyone: false, nonOwners: false, teamIds: ["red", "blue"], userIds: ["owner"] });
    // An admin of no team: everyone but owners.
    expect(managedScopeOf(companyAdmin)).toEqual({ companyId: company, exceptUserId: "company-admin", everyone: false, nonOwners: true, teamIds: [], userIds: [] });
  });
});

describe("canReview", () => {
  it("needs a pending request of someone managed", () => {
    expect(canReview(redAdmin, request("eve", "pending"), person("eve"))).toBe(true);
    expect(canReview(redAdmin, request("eve", "approved"), person("eve"))).toBe(false);
    expect(canReview(redAdmin, request("bob", "pending"), person("bob", "user", "blue"))).toBe(false);
  });
});

describe("canCancel", () => {
  const today = "2026-12-05";
  it("lets a person cancel their own request unless it is approved and under way", () => {
    expect(canCancel(employee, request("eve", "pending", "2026-12-01"), person("eve"), today)).toBe(true);
    expect(canCancel(employee, request("eve", "approved", "2026-12-10"), person("eve"), today)).toBe(true);
    expect(canCancel(employee, request("eve", "approved", "2026-12-01"), person("eve"), today)).toBe(false);
    expect(canCancel(employee, request("eve", "cancelled"), person("eve"), today)).toBe(false);
  });

  it("lets a team admin cancel their team's requests, not another team's (nor its owner's)", () => {
    expect(canCancel(redAdmin, request("eve", "approved", "2026-12-01"), person("eve"), today)).toBe(true);
    expect(canCancel(redAdmin, request("bob", "pending"), person("bob", "user", "blue"), today)).toBe(false);
    expect(canCancel(redAdmin, request("owner", "pending"), person("owner", "owner", "blue"), today)).toBe(false);
  });

  it("never lets an employee cancel someone else's", () => {
    expect(canCancel(employee, request("bob", "pending"), person("bob"), today)).toBe(false);
  });
});

describe("canNotifyReviewers", () => {
  it("is the requester's or a manager's, while pending", () => {
    expect(canNotifyReviewers(employee, request("eve", "pending"), person("eve"))).toBe(true);
    expect(canNotifyReviewers(employee, request("eve", "approved"), person("eve"))).toBe(false);
    expect(canNotifyReviewers(employee, request("bob", "pending"), person("bob"))).toBe(false);
    expect(canNotifyReviewers(redAdmin, request("eve", "pending"), person("eve"))).toBe(true);
  });
});

describe("canManagePerson", () => {
  it("is for admins, never on themselves, and owners only by owners", () => {
    expect(canManagePerson(companyAdmin, person("eve"))).toBe(true);
    expect(canManagePerson(companyAdmin, person("company-admin", "admin"))).toBe(false);
    expect(canManagePerson(companyAdmin, person("owner", "owner"))).toBe(false);
    expect(canManagePerson(owner, person("owner-2", "owner"))).toBe(true);
    expect(canManagePerson(employee, person("bob"))).toBe(false);
  });
});

describe("seesVacationDetailsOf", () => {
  it("shows the reason to the person, company admins and the person's team admins only", () => {
    const teamAdminUser = viewer("tina", "user", ["red"], "red");
    expect(seesVacationDetailsOf(employee, person("eve"))).toBe(true);
    expect(seesVacationDetailsOf(employee, person("bob"))).toBe(false);
    expect(seesVacationDetailsOf(companyAdmin, person("bob", "user", "blue"))).toBe(true);
    expect(seesVacationDetailsOf(owner, person("bob", "user", null))).toBe(true);
    expect(seesVacationDetailsOf(teamAdminUser, person("bob", "user", "red"))).toBe(true);
    expect(seesVacationDetailsOf(teamAdminUser, person("bob", "user", "blue"))).toBe(false);
    expect(seesVacationDetailsOf(teamAdminUser, person("bob", "user", null))).toBe(false);
  });
});
