// Sign-in with providers and company SSO (decision 0089) against real OpenID providers
// (tests/support/oidc-idp.ts) over HTTP: the app's routes, openid-client's checks, the account rules.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import type { TestIdp } from "../support/oidc-idp";

// The providers' configuration is read once (env.server.ts), so the IdPs start before any app module.
const idps = await vi.hoisted(async () => {
  const { startTestIdp } = await import("../support/oidc-idp");
  const app = "http://app.test";
  const google = await startTestIdp({
    clients: [
      { clientId: "folga-google", clientSecret: "google-secret", redirectUris: [`${app}/auth/google/callback`] },
      // Another application at the same provider: its codes are not ours.
      { clientId: "other-app", clientSecret: "other-secret", redirectUris: [`${app}/auth/google/callback`] },
    ],
  });
  const microsoft = await startTestIdp({ clients: [{ clientId: "folga-microsoft", clientSecret: "microsoft-secret", redirectUris: [`${app}/auth/microsoft/callback`] }] });
  const company = await startTestIdp({ clients: [{ clientId: "folga-sso", clientSecret: "sso-secret", redirectUris: [`${app}/auth/sso/callback`] }] });
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: "folga-google",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: google.issuer,
    MICROSOFT_CLIENT_ID: "folga-microsoft",
    MICROSOFT_CLIENT_SECRET: "microsoft-secret",
    MICROSOFT_ISSUER: microsoft.issuer,
  });
  return { google, microsoft, company };
});

import { loader as callbackLoader } from "~/routes/auth.$provider.callback";
import { loader as startLoader } from "~/routes/auth.$provider";
import { action as confirmAction, loader as confirmLoader } from "~/routes/auth.confirm";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as methodsAction, loader as methodsLoader } from "~/routes/_app.sign-in-methods";
import { getSsoSettings, saveSsoSettings, setSsoRequired } from "~/models/company-sso.server";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run } from "../support/http";

afterAll(async () => {
  await Promise.all([idps.google.close(), idps.microsoft.close(), idps.company.close()]);
});

beforeEach(() => resetRateLimits());

const location = (response: unknown) => (response as Response).headers.get("Location") ?? "";

/** Start at /auth/:provider, sign in at the IdP as `email`, and come back: the callback's answer and cookies. */
async function throughProvider(provider: "google" | "microsoft", idp: TestIdp, email: string, query = "", cookie = "") {
  const start = (await run(() => startLoader(args(getRequest(`/auth/${provider}${query}`, cookie), { provider })))) as Response;
  expect(start.status).toBe(302);
  const flowCookie = cookiesFrom(start, cookie);
  const back = new URL(await idp.signIn(location(start), email));
  const callback = (await run(() => callbackLoader(args(getRequest(`${back.pathname}${back.search}`, flowCookie), { provider })))) as Response;
  return { callback, back, flowCookie, cookie: cookiesFrom(callback, flowCookie) };
}

const email = (domain = "example.test") => `${randomUUID().slice(0, 8)}@${domain}`;

async function auditActions(companyId: string) {
  return (await getDb().auditEntry.findMany({ where: { companyId }, select: { action: true, details: true }, orderBy: { createdAt: "asc" } })).map((row) => row.action);
}

describe("sign-in with a provider", () => {
  it("offers only the configured providers on the login page", async () => {
    const page = (await loginLoader(args(getRequest("/login")))) as { providers: string[] };
    expect(page.providers).toEqual(["google", "microsoft"]);
  });

  it("links a verified e-mail after one confirmation, then signs in directly", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { email: email() });
    idps.google.accounts.push({ email: user.email, emailVerified: true, sub: `g-${user.id}` });

    const first = await throughProvider("google", idps.google, user.email);
    expect(location(first.callback)).toBe("/auth/confirm");
    // Nothing linked, nobody signed in before the person confirms.
    expect(await getDb().userIdentity.count({ where: { userId: user.id } })).toBe(0);
    expect(await confirmLoader(args(getRequest("/auth/confirm", first.cookie)))).toEqual({ provider: "google", email: user.email });
    const confirmed = (await confirmAction(args(postForm("/auth/confirm", { intent: "link" }, first.cookie)))) as Response;
    expect(location(confirmed)).toBe("/my-calendar");
    expect(cookiesFrom(confirmed)).toContain("__session=");
    expect(await getDb().userIdentity.findMany({ where: { userId: user.id }, select: { provider: true, subject: true } })).toEqual([{ provider: "google", subject: `g-${user.id}` }]);

    const second = await throughProvider("google", idps.google, user.email);
    expect(location(second.callback)).toBe("/my-calendar");
    expect(cookiesFrom(second.callback)).toContain("__session=");
    expect(await auditActions(company.id)).toEqual(["user.identity_linked", "auth.signed_in", "auth.signed_in"]);
  });

  it("never signs in with an unverified e-mail", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { email: email() });
    idps.google.accounts.push({ email: user.email, emailVerified: false, sub: `unverified-${user.id}` });
    const { callback } = await throughProvider("google", idps.google, user.email);
    expect(location(callback)).toBe("/login?signInError=provider_email_unverified");
    expect(cookiesFrom(callback)).not.toContain("__session=");
    expect(await getDb().userIdentity.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a tampered state, a replayed code, another client's code and an expired ID token", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { email: email() });
    idps.google.accounts.push({ email: user.email, emailVerified: true, sub: `checks-${user.id}` });
    const failed = "/login?signInError=sign_in_failed";

    // Tampered state: the IdP's answer for another flow.
    const start = (await startLoader(args(getRequest("/auth/google"), { provider: "google" }))) as Response;
    const back = new URL(await idps.google.signIn(location(start), user.email));
    back.searchParams.set("state", "forged-state");
    const tampered = (await callbackLoader(args(getRequest(`${back.pathname}${back.search}`, cookiesFrom(start)), { provider: "google" }))) as Response;
    expect(location(tampered)).toBe(failed);

    // A replayed code: the same answer and cookie once more.
    const used = await throughProvider("google", idps.google, user.email);
    expect(location(used.callback)).toBe("/auth/confirm");
    const replay = (await callbackLoader(args(getRequest(`${used.back.pathname}${used.back.search}`, used.flowCookie), { provider: "google" }))) as Response;
    expect(location(replay)).toBe(failed);

    // A code issued to another application at the same provider (its ID token's audience is not ours).
    const ours = (await startLoader(args(getRequest("/auth/google"), { provider: "google" }))) as Response;
    const theirs = new URL(location(ours));
    theirs.searchParams.set("client_id", "other-app");
    const injected = new URL(await idps.google.signIn(theirs.href, user.email));
    const wrongAudience = (await callbackLoader(args(getRequest(`${injected.pathname}${injected.search}`, cookiesFrom(ours)), { provider: "google" }))) as Response;
    expect(location(wrongAudience)).toBe(failed);

    // An ID token that expired before it arrived.
    idps.google.idTokenTtl = -300;
    try {
      const expired = await throughProvider("google", idps.google, user.email);
      expect(location(expired.callback)).toBe(failed);
    } finally {
      idps.google.idTokenTtl = 3600;
    }

    // No flow cookie at all: the same answer, no 5xx.
    const bare = (await callbackLoader(args(getRequest("/auth/google/callback?code=x&state=y"), { provider: "google" }))) as Response;
    expect(location(bare)).toBe(failed);
    expect(await getDb().userIdentity.count({ where: { userId: user.id } })).toBe(0);
    // An unconfigured provider is not there.
    expect(((await run(() => startLoader(args(getRequest("/auth/apple"), { provider: "apple" })))) as Response).status).toBe(404);
  });

  it("accepts an invitation with a provider only for the invited e-mail", async () => {
    const company = await createCompany();
    const invited = email();
    const token = randomUUID();
    await getDb().invitation.create({ data: { companyId: company.id, email: invited, fullName: "New Comer", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) } });
    const stranger = email();
    idps.microsoft.accounts.push({ email: stranger, emailVerified: true }, { email: invited, emailVerified: true, sub: `ms-${invited}` });

    const wrong = await throughProvider("microsoft", idps.microsoft, stranger, `?invitation=${token}`);
    expect(location(wrong.callback)).toBe(`/accept-invite?token=${token}&signInError=invitation_email_mismatch`);
    expect(await getDb().user.count({ where: { email: stranger } })).toBe(0);

    const right = await throughProvider("microsoft", idps.microsoft, invited, `?invitation=${token}`);
    expect(location(right.callback)).toBe("/my-calendar");
    expect(cookiesFrom(right.callback)).toContain("__session=");
    const person = await getDb().user.findUniqueOrThrow({ where: { email: invited }, select: { companyId: true, passwordHash: true, identities: { select: { provider: true } } } });
    expect(person).toEqual({ companyId: company.id, passwordHash: null, identities: [{ provider: "microsoft" }] });
  });
});

describe("linked providers on the person's own page", () => {
  it("lists and removes only the viewer's own links, never the last way in without a password", async () => {
    const company = await createCompany();
    const user = await createUser(company.id, { email: email() });
    const other = await createUser(company.id, { email: email() });
    const own = await getDb().userIdentity.create({ data: { userId: user.id, provider: "google", issuer: "https://accounts.google.com", subject: `own-${user.id}`, email: user.email } });
    const theirs = await getDb().userIdentity.create({ data: { userId: other.id, provider: "google", issuer: "https://accounts.google.com", subject: `theirs-${other.id}`, email: other.email } });
    const session = await signInCookie(user.email);

    const page = (await methodsLoader(args(getRequest("/sign-in-methods", session)))) as { identities: { id: string }[]; hasPassword: boolean };
    expect(page.identities.map((identity) => identity.id)).toEqual([own.id]);
    expect(page.hasPassword).toBe(true);

    const foreign = await methodsAction(args(postForm("/sign-in-methods", { intent: "unlink", id: theirs.id }, session)));
    expect(foreign).toMatchObject({ init: { status: 404 } });
    await getDb().user.update({ where: { id: user.id }, data: { passwordHash: null } });
    const last = await methodsAction(args(postForm("/sign-in-methods", { intent: "unlink", id: own.id }, session)));
    expect(last).toMatchObject({ init: { status: 409 } });
    await getDb().userIdentity.create({ data: { userId: user.id, provider: "microsoft", issuer: "https://login.microsoftonline.com/t/v2.0", subject: `ms-${user.id}`, email: user.email } });
    await methodsAction(args(postForm("/sign-in-methods", { intent: "unlink", id: own.id }, session)));
    expect(await getDb().userIdentity.count({ where: { id: { in: [own.id, theirs.id] } } })).toBe(1);
    expect(await auditActions(company.id)).toContain("user.identity_unlinked");
  });
});

async function signInCookie(address: string) {
  const response = (await loginAction(args(postForm("/login", { email: address, password: TEST_PASSWORD })))) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

describe("company single sign-on", () => {
  it("is set up by the owner, required only after it worked, then refuses employees' passwords naming SSO", async () => {
    const company = await createCompany();
    const domain = `${randomUUID().slice(0, 8)}.test`;
    const owner = await createUser(company.id, { role: "owner", email: email(domain) });
    const admin = await createUser(company.id, { role: "admin", email: email(domain) });
    const employee = await createUser(company.id, { email: email(domain) });
    const input = { issuer: idps.company.issuer, clientId: "folga-sso", clientSecret: "sso-secret", domains: domain };

    // Owners only.
    await expect(saveSsoSettings(await viewerFor(admin), input)).rejects.toMatchObject({ status: 403 });
    // Discovery is asked on save.
    await expect(saveSsoSettings(await viewerFor(owner), { ...input, issuer: "http://127.0.0.1:9/nothing" })).rejects.toMatchObject({ code: "discovery_failed" });
    await saveSsoSettings(await viewerFor(owner), input);
    expect(await getSsoSettings(await viewerFor(owner))).not.toHaveProperty("clientSecret");
    await expect(setSsoRequired(await viewerFor(owner), true)).rejects.toMatchObject({ code: "sso_not_verified" });

    // An e-mail of another company's domain, from this company's IdP, signs nobody in.
    const outsider = await createUser((await createCompany()).id, { email: email("elsewhere.test") });
    idps.company.accounts.push({ email: outsider.email, emailVerified: true }, { email: employee.email, emailVerified: true });
    const start = (await loginAction(args(postForm("/login", { email: employee.email, intent: "sso" })))) as Response;
    expect(location(start).startsWith(idps.company.issuer)).toBe(true);
    const foreignBack = new URL(await idps.company.signIn(location(start), outsider.email));
    const foreign = (await callbackLoader(args(getRequest(`${foreignBack.pathname}${foreignBack.search}`, cookiesFrom(start)), { provider: "sso" }))) as Response;
    expect(location(foreign)).toBe("/login?signInError=sso_refused");

    // The employee through the company's IdP: signed in, and the IdP verified.
    const again = (await loginAction(args(postForm("/login", { email: employee.email, intent: "sso" })))) as Response;
    const back = new URL(await idps.company.signIn(location(again), employee.email));
    const signedIn = (await callbackLoader(args(getRequest(`${back.pathname}${back.search}`, cookiesFrom(again)), { provider: "sso" }))) as Response;
    expect(location(signedIn)).toBe("/my-calendar");
    expect(cookiesFrom(signedIn)).toContain("__session=");

    await setSsoRequired(await viewerFor(owner), true);
    const refused = await run(() => loginAction(args(postForm("/login", { email: employee.email, password: TEST_PASSWORD }))));
    expect(refused).toMatchObject({ init: { status: 403 }, data: { error: "signIn.ssoRequired" } });
    // The owner's password is the way back in.
    await signInCookie(owner.email);
    expect(await auditActions(company.id)).toEqual(
      expect.arrayContaining(["company.sso_updated", "user.identity_linked", "company.sso_verified", "company.sso_required", "auth.sign_in_failed"]),
    );
  });
});
