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
import { action as securityAction, loader as securityLoader } from "~/routes/_app.company-settings.security/route";
import { action as signupAction, loader as signupLoader } from "~/routes/auth.signup";
import type { ActionReply } from "~/utils/form-errors.server";
import { getSsoSettings, saveSsoSettings, setSsoRequired } from "~/models/company-sso.server";
import { getDb } from "~/utils/db.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { hashToken } from "~/utils/tokens.server";
import { createCompany, createUser, TEST_PASSWORD, viewerFor } from "../support/factories";
import { args, cookiesFrom, getRequest, postForm, run, unwrapData } from "../support/http";

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

/**
 * A company SSO sign-in a form post started: the page goes on to the IdP's address (not a redirect,
 * which the pages' CSP form-action would stop), with the flow's cookie.
 */
function started(result: unknown) {
  const { value, headers } = unwrapData<{ continueTo?: string | null }>(result);
  expect(value.continueTo).toEqual(expect.any(String));
  return { url: value.continueTo ?? "", cookie: cookiesFrom(new Response(null, { headers })) };
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
    const start = started(await loginAction(args(postForm("/login", { email: employee.email, intent: "sso" }))));
    expect(start.url.startsWith(idps.company.issuer)).toBe(true);
    const foreignBack = new URL(await idps.company.signIn(start.url, outsider.email));
    const foreign = (await callbackLoader(args(getRequest(`${foreignBack.pathname}${foreignBack.search}`, start.cookie), { provider: "sso" }))) as Response;
    expect(location(foreign)).toBe("/login?signInError=sso_refused");

    // The employee through the company's IdP: signed in, and the IdP verified.
    const again = started(await loginAction(args(postForm("/login", { email: employee.email, intent: "sso" }))));
    const back = new URL(await idps.company.signIn(again.url, employee.email));
    const signedIn = (await callbackLoader(args(getRequest(`${back.pathname}${back.search}`, again.cookie), { provider: "sso" }))) as Response;
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

describe("the Security tab", () => {
  it("shows other admins the settings read-only; the owner saves, tests, requires and removes them", async () => {
    const company = await createCompany();
    const domain = `${randomUUID().slice(0, 8)}.test`;
    const owner = await createUser(company.id, { role: "owner", email: email(domain) });
    const admin = await createUser(company.id, { role: "admin", email: email(domain) });
    const ownerSession = await signInCookie(owner.email);
    const adminSession = await signInCookie(admin.email);
    const tab = "/company-settings/security";
    const fields = { intent: "sso.save", issuer: idps.company.issuer, clientId: "folga-sso", clientSecret: "sso-secret", domains: domain };
    const act = async (values: Record<string, string>, session = ownerSession) => run(() => securityAction(args(postForm(tab, values, session))));
    const page = async (session = ownerSession, query = "") => (await securityLoader(args(getRequest(`${tab}${query}`, session)))) as Record<string, unknown> & { sso: Record<string, unknown> | null };

    expect(await page(adminSession)).toMatchObject({ canManage: false, sso: null, redirectUrl: "http://app.test/auth/sso/callback" });
    expect(unwrapData(await act(fields, adminSession)).status).toBe(403);
    // Discovery is asked first; its failure is said at the issuer field, and the secret never comes back.
    const undiscovered = unwrapData<ActionReply>(await act({ ...fields, issuer: "http://127.0.0.1:9/nothing" }));
    expect(undiscovered.status).toBe(400);
    expect(undiscovered.value.result?.error).toEqual({ issuer: ["sso.discoveryFailed"] });
    expect(JSON.stringify(undiscovered.value)).not.toContain("sso-secret");
    expect(await getDb().companySso.count({ where: { companyId: company.id } })).toBe(0);

    expect(unwrapData<ActionReply>(await act(fields)).value.notice).toMatchObject({ tone: "success", key: "sso.saved" });
    const saved = await page();
    expect(saved).toMatchObject({ canManage: true, sso: { issuer: idps.company.issuer, clientId: "folga-sso", domains: [domain], required: false, verified: false } });
    expect(JSON.stringify(saved)).not.toContain("sso-secret");
    // Saved again without a secret: the stored one stays.
    await act({ ...fields, clientSecret: "" });
    expect(await getDb().companySso.findUniqueOrThrow({ where: { companyId: company.id }, select: { clientSecret: true } })).toEqual({ clientSecret: "sso-secret" });

    const early = unwrapData<ActionReply>(await act({ intent: "sso.require" }));
    expect(early.status).toBe(409);
    expect(early.value.notice).toMatchObject({ detail: "sso.notVerified" });

    // The test sign-in: through the IdP and back to the tab, the owner still signed in as the owner.
    idps.company.accounts.push({ email: owner.email, emailVerified: true });
    expect(unwrapData(await act({ intent: "sso.test" }, adminSession)).status).toBe(403);
    const start = started(await act({ intent: "sso.test" }));
    expect(start.url.startsWith(`${idps.company.issuer}/`)).toBe(true);
    const back = new URL(await idps.company.signIn(start.url, owner.email));
    const tested = (await callbackLoader(args(getRequest(`${back.pathname}${back.search}`, `${ownerSession}; ${start.cookie}`), { provider: "sso" }))) as Response;
    expect(location(tested)).toBe(`${tab}?tested=1`);
    expect(cookiesFrom(tested)).not.toContain("__session=");
    expect((await page()).sso).toMatchObject({ verified: true, required: false });

    expect(unwrapData(await act({ intent: "sso.require" }, adminSession)).status).toBe(403);
    expect(unwrapData<ActionReply>(await act({ intent: "sso.require" })).value.notice).toMatchObject({ key: "sso.requiredOn" });
    expect((await page(adminSession)).sso).toMatchObject({ required: true, verified: true });

    // Removing asks first.
    expect(unwrapData<ActionReply>(await act({ intent: "sso.remove" })).value.confirm).toEqual({ fields: { intent: "sso.remove" } });
    expect(await getDb().companySso.count({ where: { companyId: company.id } })).toBe(1);
    expect(unwrapData(await act({ intent: "sso.remove", confirmed: "1" }, adminSession)).status).toBe(403);
    await act({ intent: "sso.remove", confirmed: "1" });
    expect(await getDb().companySso.count({ where: { companyId: company.id } })).toBe(0);
    expect(await auditActions(company.id)).toEqual(expect.arrayContaining(["company.sso_updated", "company.sso_verified", "company.sso_required", "company.sso_removed"]));
  });

  it("sends a test sign-in of another company's person back with a refusal", async () => {
    const company = await createCompany();
    const domain = `${randomUUID().slice(0, 8)}.test`;
    const owner = await createUser(company.id, { role: "owner", email: email(domain) });
    const stranger = await createUser((await createCompany()).id, { email: email(domain) });
    await saveSsoSettings(await viewerFor(owner), { issuer: idps.company.issuer, clientId: "folga-sso", clientSecret: "sso-secret", domains: domain });
    idps.company.accounts.push({ email: stranger.email, emailVerified: true });
    const session = await signInCookie(owner.email);
    const start = started(await run(() => securityAction(args(postForm("/company-settings/security", { intent: "sso.test" }, session)))));
    const back = new URL(await idps.company.signIn(start.url, stranger.email));
    const refused = (await callbackLoader(args(getRequest(`${back.pathname}${back.search}`, `${session}; ${start.cookie}`), { provider: "sso" }))) as Response;
    expect(location(refused)).toBe("/company-settings/security?signInError=sso_refused");
    expect(await getSsoSettings(await viewerFor(owner))).toMatchObject({ verifiedAt: null });
    expect(await getDb().userIdentity.count({ where: { userId: stranger.id } })).toBe(0);
  });
});

describe("sign-up with a provider", () => {
  const signup = (values: Record<string, string>, cookie: string) => run(() => signupAction(args(postForm("/auth/signup", values, cookie))));

  it("asks the company's name, then signs the owner in at once when the provider verified the e-mail", async () => {
    const address = email("signup.test");
    idps.google.accounts.push({ email: address, emailVerified: true, sub: `signup-${address}`, name: "Vera Verified" });
    const first = await throughProvider("google", idps.google, address, "?intent=signup");
    expect(location(first.callback)).toBe("/auth/signup");
    expect(await signupLoader(args(getRequest("/auth/signup", first.cookie)))).toMatchObject({ provider: "google", email: address, name: "Vera Verified", emailVerified: true });
    // The waiting sign-up is not a link to confirm.
    expect(location(await run(() => confirmLoader(args(getRequest("/auth/confirm", first.cookie)))))).toBe("/login");

    expect(unwrapData(await signup({ companyName: " ", fullName: "Vera Verified" }, first.cookie)).status).toBe(400);
    expect(await getDb().user.count({ where: { email: address } })).toBe(0);
    const created = (await signup({ companyName: "Verified Lda", fullName: "Vera Verified", countryCode: "PT" }, first.cookie)) as Response;
    expect(location(created)).toBe("/");
    expect(cookiesFrom(created)).toContain("__session=");
    const owner = await getDb().user.findUniqueOrThrow({
      where: { email: address },
      select: { id: true, role: true, passwordHash: true, emailVerifiedAt: true, company: { select: { name: true } }, identities: { select: { provider: true, subject: true } } },
    });
    expect(owner).toMatchObject({ role: "owner", passwordHash: null, company: { name: "Verified Lda" }, identities: [{ provider: "google", subject: `signup-${address}` }] });
    expect(owner.emailVerifiedAt).not.toBeNull();
    expect(await getDb().emailOutbox.count({ where: { to: address } })).toBe(0);

    expect(location((await throughProvider("google", idps.google, address)).callback)).toBe("/my-calendar");
    // The same account (or e-mail) does not sign up twice.
    expect(location((await throughProvider("google", idps.google, address, "?intent=signup")).callback)).toBe("/signup?signInError=account_exists");
  });

  it("with an e-mail the provider did not verify: our confirmation link first, and no sign-in before it", async () => {
    const address = email("signup.test");
    idps.microsoft.accounts.push({ email: address, emailVerified: false, sub: `unverified-signup-${address}` });
    const first = await throughProvider("microsoft", idps.microsoft, address, "?intent=signup");
    expect(location(first.callback)).toBe("/auth/signup");
    const created = (await signup({ companyName: "Unverified Lda", fullName: "Ulisses" }, first.cookie)) as Response;
    expect(location(created)).toBe("/login?checkEmail=1");
    expect(cookiesFrom(created)).not.toContain("__session=");
    const owner = await getDb().user.findUniqueOrThrow({ where: { email: address }, select: { id: true, emailVerifiedAt: true } });
    expect(owner.emailVerifiedAt).toBeNull();
    expect(await getDb().emailOutbox.count({ where: { to: address } })).toBe(1);

    const refused = await throughProvider("microsoft", idps.microsoft, address);
    expect(location(refused.callback)).toBe("/login?signInError=email_not_verified");
    expect(cookiesFrom(refused.callback)).not.toContain("__session=");
    await getDb().user.update({ where: { id: owner.id }, data: { emailVerifiedAt: new Date() } });
    expect(location((await throughProvider("microsoft", idps.microsoft, address)).callback)).toBe("/my-calendar");
  });
});
