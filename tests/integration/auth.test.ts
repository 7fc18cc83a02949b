import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as appLoader } from "~/routes/_app";
import { loader as approvalsLoader } from "~/routes/_app.approvals";
import { loader as auditLoader } from "~/routes/_app.audit";
import { loader as indexLoader } from "~/routes/_index";
import { loader as splatLoader } from "~/routes/$";
import { getDb } from "~/utils/db.server";
import { languageCookie } from "~/utils/i18n.server";
import { firstSubscriptionOf } from "~/models/subscription.server";
import { loadViewer, requireUser } from "~/utils/auth.server";
import { sessionStorage } from "~/utils/session.server";
import { createCompany, createUser, TEST_PASSWORD } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

let companyId: string;

async function signIn(email: string, password = TEST_PASSWORD, redirectTo = "") {
  const response = (await loginAction(args(postForm("/login", { email, password, redirectTo })))) as Response;
  expect(response.status).toBe(302);
  return { cookie: cookiesFrom(response), location: response.headers.get("Location") };
}

beforeAll(async () => {
  companyId = (await createCompany("Acme")).id;
  await createUser(companyId, { email: "eve@acme.test", fullName: "Eve Example" });
  await createUser(companyId, { email: "nameless@acme.test" });
  await createUser(companyId, { email: "boss@acme.test", role: "admin", fullName: "Bo Boss" });
  await createUser(companyId, { email: "root@acme.test", role: "owner", isMaster: true, preferredLanguage: "es" });
});

describe("login", () => {
  it("signs in with the right password, creates a session row and goes to My Calendar", async () => {
    const before = await getDb().session.count();
    const { cookie, location } = await signIn("EVE@acme.test ");
    expect(location).toBe("/my-calendar");
    expect(cookie).toMatch(/__session=/);
    expect(await getDb().session.count()).toBe(before + 1);
  });

  it("returns to the page that asked for sign-in, but never to another site", async () => {
    expect((await signIn("eve@acme.test", TEST_PASSWORD, "/vacations?status=pending")).location).toBe("/vacations?status=pending");
    expect((await signIn("eve@acme.test", TEST_PASSWORD, "//evil.example/")).location).toBe("/my-calendar");
    expect((await signIn("eve@acme.test", TEST_PASSWORD, "https://evil.example/")).location).toBe("/my-calendar");
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    for (const [email, password] of [
      ["eve@acme.test", "wrong-password"],
      ["nobody@acme.test", TEST_PASSWORD],
    ]) {
      const result = unwrapData<{ error: string }>(await loginAction(args(postForm("/login", { email, password }))));
      expect(result.status).toBe(401);
      expect(result.value.error).toBe("auth.invalidCredentials");
    }
  });

  it("refuses empty fields with field messages and creates no session", async () => {
    const before = await getDb().session.count();
    const result = unwrapData<{ result: { error: Record<string, string[]> } }>(
      await loginAction(args(postForm("/login", { email: "", password: "" }))),
    );
    expect(result.status).toBe(400);
    expect(result.value.result.error.email).toEqual(["validation.emailRequired"]);
    expect(result.value.result.error.password).toEqual(["validation.passwordRequired"]);
    expect(await getDb().session.count()).toBe(before);
  });

  it("sets the language cookie from the profile preference", async () => {
    const response = (await loginAction(args(postForm("/login", { email: "root@acme.test", password: TEST_PASSWORD })))) as Response;
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("lng="));
    expect(await languageCookie.parse(cookie ?? null)).toBe("es");
  });

  it("sends a signed-in visitor of /login to /", async () => {
    const { cookie } = await signIn("eve@acme.test");
    const response = (await run(() => loginLoader(args(getRequest("/login", cookie))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("protected area", () => {
  it("redirects signed-out visitors to /login with the way back", async () => {
    const response = (await run(() => appLoader(args(getRequest("/vacations?from=2026-01-01"))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fvacations%3Ffrom%3D2026-01-01");
  });

  it("sends / and unknown paths to /my-calendar", async () => {
    expect(((await indexLoader()) as Response).headers.get("Location")).toBe("/my-calendar");
    expect(((await splatLoader()) as Response).headers.get("Location")).toBe("/my-calendar");
  });

  it("shows the display name with fallbacks: full name, else e-mail", async () => {
    const full = await appLoader(args(getRequest("/my-calendar", (await signIn("eve@acme.test")).cookie)));
    expect(full.shell).toMatchObject({ displayName: "Eve Example", companyName: "Acme", isAdmin: false, seesAudit: false });
    const bare = await appLoader(args(getRequest("/my-calendar", (await signIn("nameless@acme.test")).cookie)));
    expect(bare.shell.displayName).toBe("nameless@acme.test");
  });

  it("gives admin navigation to admins and owners, audit to the master and owners (decision 0025)", async () => {
    const admin = await appLoader(args(getRequest("/", (await signIn("boss@acme.test")).cookie)));
    expect(admin.shell).toMatchObject({ isAdmin: true, seesAudit: false });
    const owner = await appLoader(args(getRequest("/", (await signIn("root@acme.test")).cookie)));
    expect(owner.shell).toMatchObject({ isAdmin: true, seesAudit: true });
  });

  it("refuses admin and audit screens on the server, not only in the navigation", async () => {
    const employee = (await signIn("eve@acme.test")).cookie;
    expect(((await run(() => approvalsLoader(args(getRequest("/approvals", employee))))) as Response).status).toBe(403);
    const admin = (await signIn("boss@acme.test")).cookie;
    expect(await run(() => approvalsLoader(args(getRequest("/approvals", admin))))).not.toBeInstanceOf(Response);
    expect(((await run(() => auditLoader(args(getRequest("/audit", admin))))) as Response).status).toBe(403);
    const master = (await signIn("root@acme.test")).cookie;
    expect(await run(() => auditLoader(args(getRequest("/audit", master))))).not.toBeInstanceOf(Response);
  });

  it("signs out by deleting the session row, so the old cookie stops working", async () => {
    const { cookie } = await signIn("eve@acme.test");
    const response = (await logoutAction(args(postForm("/logout", {}, cookie)))) as Response;
    expect(response.headers.get("Location")).toBe("/login");
    // Replaying the old cookie (as a stolen copy would) no longer opens the app.
    const replay = (await run(() => appLoader(args(getRequest("/my-calendar", cookie))))) as Response;
    expect(replay.status).toBe(302);
    expect(replay.headers.get("Location")).toMatch(/^\/login/);
  });

  // The cookie names the session and its person, so that both are read in one statement.
  async function cookieOf(values: Record<string, string>) {
    const session = await sessionStorage.getSession();
    for (const [key, value] of Object.entries(values)) session.set(key, value);
    return (await sessionStorage.commitSession(session)).split(";")[0];
  }
  const shellOf = (cookie: string) => run(() => appLoader(args(getRequest("/my-calendar", cookie))));

  it("opens the app only to the person whose session the cookie names", async () => {
    await signIn("eve@acme.test");
    const eve = await getDb().user.findFirstOrThrow({ where: { email: "eve@acme.test" }, select: { id: true } });
    const boss = await getDb().user.findFirstOrThrow({ where: { email: "boss@acme.test" }, select: { id: true } });
    const { id: sessionId } = await getDb().session.findFirstOrThrow({ where: { userId: eve.id }, orderBy: { createdAt: "desc" } });
    const own = (await shellOf(await cookieOf({ sessionId, userId: eve.id }))) as { shell: { displayName: string } };
    expect(own.shell.displayName).toBe("Eve Example");
    // Eve's session with Bo's id (a cookie signed by the server never says so): signed out, not Bo.
    const mixed = (await shellOf(await cookieOf({ sessionId, userId: boss.id }))) as Response;
    expect(mixed.status).toBe(302);
    expect(mixed.headers.get("Location")).toMatch(/^\/login/);
  });

  it("still opens the app with a cookie from before the person's id was written in it", async () => {
    await signIn("eve@acme.test");
    const { id: sessionId } = await getDb().session.findFirstOrThrow({ where: { user: { email: "eve@acme.test" } }, orderBy: { createdAt: "desc" } });
    const shell = (await shellOf(await cookieOf({ sessionId }))) as { shell: { displayName: string } };
    expect(shell.shell.displayName).toBe("Eve Example");
  });

  it("reads the signed-in person whole: company, the teams they administer, the master flag", async () => {
    const { cookie } = await signIn("root@acme.test");
    const root = await getDb().user.findFirstOrThrow({ where: { email: "root@acme.test" }, select: { id: true } });
    const teams = await Promise.all(["Alpha", "Beta"].map((name) => getDb().team.create({ data: { companyId, name, admins: { create: { userId: root.id } } } })));
    const viewer = await requireUser(getRequest("/my-calendar", cookie));
    expect(viewer.isMaster).toBe(true);
    expect([...viewer.adminOfTeamIds].sort()).toEqual(teams.map((team) => team.id).sort());
    expect(viewer.user).toMatchObject({ id: root.id, email: "root@acme.test", role: "owner", preferredLanguage: "es", isMaster: true, company: { id: companyId, name: "Acme" } });
    // Field for field what the client's read of the same person gives (every field of the profile).
    const throughClient = await loadViewer(root.id);
    expect(viewer.user).toEqual(throughClient!.user);
    expect([...viewer.adminOfTeamIds].sort()).toEqual([...throughClient!.adminOfTeamIds].sort());
    expect(viewer.companyCountryCode).toBe((await getDb().company.findUniqueOrThrow({ where: { id: companyId } })).countryCode);
    const eve = await requireUser(getRequest("/my-calendar", (await signIn("eve@acme.test")).cookie));
    expect(eve.isMaster).toBe(false);
    expect(eve.adminOfTeamIds).toEqual([]);
    expect(eve.user.fullName).toBe("Eve Example");
  });

  it("reads the company's first subscription with the person, as the billing model reads it", async () => {
    const company = await createCompany("Subscribed");
    await createUser(company.id, { email: "sub@subscribed.test" });
    const viewerNow = async () => requireUser(getRequest("/my-calendar", (await signIn("sub@subscribed.test")).cookie));
    expect((await viewerNow()).companySubscription).toBeNull();

    const made = new Date("2021-01-01T00:00:00Z");
    const trialEndsAt = new Date("2031-05-06T07:08:09.123Z");
    const cancelAt = new Date("2032-02-03T04:05:06.789Z");
    await getDb().subscription.create({ data: { id: "sub-b", companyId: company.id, status: "active", createdAt: made } });
    // Made at the same moment, after it, with the smaller id: the id breaks the tie.
    await getDb().subscription.create({ data: { id: "sub-a", companyId: company.id, status: "trialing", trialEndsAt, stripeCustomerId: "cus_first", cancelAt, createdAt: made } });
    // A later one, and another company's earlier one: neither is the company's first.
    await getDb().subscription.create({ data: { companyId: company.id, status: "active", stripeCustomerId: "cus_later" } });
    const elsewhere = await getDb().subscription.create({ data: { companyId, status: "canceled", createdAt: new Date("2019-01-01T00:00:00Z") } });
    try {
      const read = (await viewerNow()).companySubscription;
      expect(read).toEqual({ id: "sub-a", status: "trialing", trialEndsAt, stripeCustomerId: "cus_first", cancelAt });
      const throughClient = (await firstSubscriptionOf(company.id))!;
      expect(read).toEqual({ id: throughClient.id, status: throughClient.status, trialEndsAt: throughClient.trialEndsAt, stripeCustomerId: throughClient.stripeCustomerId, cancelAt: throughClient.cancelAt });
    } finally {
      await getDb().subscription.delete({ where: { id: elsewhere.id } });
    }
  });

  it("opens the app while the session is unexpired, and not once it has expired", async () => {
    const { cookie } = await signIn("eve@acme.test");
    const expireIn = (ms: number) => getDb().session.updateMany({ where: { user: { email: "eve@acme.test" } }, data: { expiresAt: new Date(Date.now() + ms) } });
    await expireIn(60_000);
    expect(await shellOf(cookie)).toMatchObject({ shell: { displayName: "Eve Example" } });
    await expireIn(-60_000);
    expect(((await shellOf(cookie)) as Response).status).toBe(302);
  });

  it("shuts a person out when they are deactivated, session or not", async () => {
    await createUser(companyId, { email: "gone@acme.test", fullName: "Gone Soon" });
    const { cookie } = await signIn("gone@acme.test");
    expect(await shellOf(cookie)).toMatchObject({ shell: { displayName: "Gone Soon" } });
    await getDb().user.updateMany({ where: { email: "gone@acme.test" }, data: { deactivatedAt: new Date() } });
    expect(((await shellOf(cookie)) as Response).status).toBe(302);
  });

  it("treats an expired session as signed out", async () => {
    const { cookie } = await signIn("eve@acme.test");
    await getDb().session.updateMany({ where: { user: { email: "eve@acme.test" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = (await run(() => appLoader(args(getRequest("/my-calendar", cookie))))) as Response;
    expect(response.status).toBe(302);
  });
});
