// The HTTP side of provider and company sign-in (decision 0089): /auth/:provider starts, the
// callback finishes, /auth/confirm links a first sign-in. The rules are in
// models/identity-link.server.ts and models/company-sso.server.ts; this turns their answers into
// sessions, cookies and redirects. A failure goes back to the page it came from with its message.
import { redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { safeRedirect } from "~/lib/safe-redirect";
import { registerCompany } from "~/models/company.server";
import { resolveSsoSignIn, ssoForEmail, ownSsoSettings, ssoSettingsOf, testSsoSignIn } from "~/models/company-sso.server";
import { assertInvitedEmail, assertNewAccount, confirmProviderLink, linkProviderToViewer, resolveProviderSignIn, type SignInUser } from "~/models/identity-link.server";
import { acceptInvitation, describeInvitation } from "~/models/invitation.server";
import { openSession } from "~/models/session.server";
import { getOptionalViewer, requireUser, startSession, type SignedInViewer } from "./auth.server";
import { AppError } from "./errors.server";
import { getLanguage, languageCookieHeader } from "./i18n.server";
import {
  clearFlowCookie,
  clearPendingLinkCookie,
  finishFlow,
  isSignInProvider,
  pendingLinkCookie,
  providerSettings,
  readFlow,
  readPendingLink,
  startFlow,
  type Flow,
  type FlowIntent,
  type OidcClientSettings,
} from "./oidc.server";
import { clientIp, consumeLimit, LIMITS } from "./rate-limit.server";

/** The error codes a sign-in page may be sent back with (?signInError=), each a message under signIn.errors. */
export const SIGN_IN_ERRORS = [
  "sign_in_failed",
  "provider_unavailable",
  "provider_email_unverified",
  "provider_sign_in_refused",
  "no_account",
  "sso_required",
  "sso_refused",
  "invitation_email_mismatch",
  "identity_taken",
  "rate_limited",
  "email_not_verified",
  "account_exists",
] as const;

function errorCode(error: unknown): (typeof SIGN_IN_ERRORS)[number] {
  if (error instanceof AppError && (SIGN_IN_ERRORS as readonly string[]).includes(error.code)) return error.code as (typeof SIGN_IN_ERRORS)[number];
  if (error instanceof AppError) return "sign_in_failed";
  throw error;
}

function backWithError(intent: FlowIntent | null, code: string, headers: Headers) {
  if (intent?.kind === "invitation") return redirect(`/accept-invite?${new URLSearchParams({ token: intent.token, signInError: code })}`, { headers });
  if (intent?.kind === "link") return redirect(`/sign-in-methods?${new URLSearchParams({ signInError: code })}`, { headers });
  if (intent?.kind === "signup") return redirect(`/signup?${new URLSearchParams({ signInError: code })}`, { headers });
  if (intent?.kind === "sso-test") return redirect(`/company-settings/security?${new URLSearchParams({ signInError: code })}`, { headers });
  return redirect(`/login?${new URLSearchParams({ signInError: code })}`, { headers });
}

async function signedIn(request: Request, user: SignInUser, via: string, target: string, headers: Headers) {
  const sessionId = await openSession(user, { ip: clientIp(request), userAgent: request.headers.get("User-Agent"), via });
  headers.append("Set-Cookie", await startSession(request, sessionId, user.id));
  if (isLanguage(user.preferredLanguage)) headers.append("Set-Cookie", await languageCookieHeader(user.preferredLanguage));
  return redirect(target, { headers });
}

/** GET /auth/:provider — to the provider (plain link; ?invitation=TOKEN, ?intent=link or ?intent=signup say what for). */
export async function startProviderSignIn(request: Request, provider: string) {
  if (!isSignInProvider(provider)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const invitation = url.searchParams.get("invitation");
  let intent: FlowIntent = { kind: "sign-in" };
  if (invitation) intent = { kind: "invitation", token: invitation.slice(0, 200) };
  else if (url.searchParams.get("intent") === "signup") intent = { kind: "signup" };
  else if (url.searchParams.get("intent") === "link") {
    await requireUser(request);
    intent = { kind: "link" };
  }
  try {
    await consumeLimit(LIMITS.providerSignInPerIp, clientIp(request));
    if (intent.kind === "invitation") await describeInvitation(intent.token);
    const { url: target, cookie } = await startFlow(providerSettings(provider), provider, intent, safeRedirect(url.searchParams.get("redirectTo")));
    return redirect(target, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return backWithError(intent, errorCode(error), new Headers());
  }
}

/**
 * Where a form post that starts a company SSO sign-in sends the browser on: the IdP's address and
 * the flow's cookie. Not a redirect: the pages' CSP (form-action 'self') would stop a post's
 * redirect to the IdP's origin, so the page goes on itself (components/continue-to-provider.tsx).
 */
export interface StartedFlow {
  url: string;
  cookie: string;
}

/** /login's e-mail step: an address of a company's SSO domains goes to the company's IdP; null otherwise. */
export async function startSsoSignIn(request: Request, email: string, redirectTo: string): Promise<StartedFlow | null> {
  const sso = await ssoForEmail(email);
  if (!sso) return null;
  await consumeLimit(LIMITS.providerSignInPerIp, clientIp(request));
  return startFlow(sso.settings, "sso", { kind: "sso", companyId: sso.companyId }, safeRedirect(redirectTo), { login_hint: email });
}

/** The Security tab's "Test sign-in": the owner to the company's IdP, and back to the tab. */
export async function startSsoTest(request: Request, viewer: SignedInViewer): Promise<StartedFlow> {
  const settings = await ownSsoSettings(viewer);
  await consumeLimit(LIMITS.providerSignInPerIp, clientIp(request));
  return startFlow(settings, "sso", { kind: "sso-test", companyId: viewer.companyId }, "/company-settings/security");
}

/** GET (POST for Apple's form_post) /auth/:provider/callback. */
export async function finishProviderSignIn(request: Request, provider: string) {
  const headers = new Headers({ "Set-Cookie": await clearFlowCookie() });
  // The flow cookie goes whatever happens: a code comes back once.
  const flow = await readFlow(request);
  const intent = flow?.intent ?? null;
  try {
    await consumeLimit(LIMITS.providerSignInPerIp, clientIp(request));
    if (!flow || flow.provider !== provider) throw new AppError(400, "sign_in_failed", "signIn.failed");
    const settings = await settingsOf(flow);
    const profile = await finishFlow(settings, flow, request);
    switch (flow.intent.kind) {
      case "sso":
        return await signedIn(request, await resolveSsoSignIn(flow.intent.companyId, profile), "sso", flow.redirectTo, headers);
      case "sso-test":
        await testSsoSignIn(await requireUser(request), flow.intent.companyId, profile);
        return redirect("/company-settings/security?tested=1", { headers });
      case "signup":
        await assertNewAccount(profile);
        headers.append("Set-Cookie", await pendingLinkCookie({ profile, redirectTo: "/", purpose: "signup" }));
        return redirect("/auth/signup", { headers });
      case "link":
        await linkProviderToViewer(await requireUser(request), profile);
        return redirect("/sign-in-methods?linked=1", { headers });
      case "invitation": {
        const invitation = await describeInvitation(flow.intent.token);
        assertInvitedEmail(invitation.email, profile);
        await consumeLimit(LIMITS.acceptInvitePerIp, clientIp(request));
        const user = await acceptInvitation(flow.intent.token, {
          fullName: profile.name ?? undefined,
          language: await getLanguage(request),
          identity: { provider: profile.provider, issuer: profile.issuer, subject: profile.subject, email: profile.email },
        });
        return await signedIn(request, { ...user, deactivatedAt: null }, profile.provider, "/my-calendar", headers);
      }
      case "sign-in": {
        const resolved = await resolveProviderSignIn(profile);
        if (resolved.kind === "signed-in") return await signedIn(request, resolved.user, profile.provider, flow.redirectTo, headers);
        if (resolved.kind === "no-account") throw new AppError(404, "no_account", "signIn.errors.no_account");
        headers.append("Set-Cookie", await pendingLinkCookie({ profile, redirectTo: flow.redirectTo }));
        return redirect("/auth/confirm", { headers });
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return backWithError(intent, errorCode(error), headers);
  }
}

async function settingsOf(flow: Flow): Promise<OidcClientSettings> {
  if (flow.intent.kind === "sso" || flow.intent.kind === "sso-test") {
    const settings = await ssoSettingsOf(flow.intent.companyId);
    if (!settings) throw new AppError(400, "sign_in_failed", "signIn.failed");
    return settings;
  }
  if (flow.provider === "sso" || !isSignInProvider(flow.provider)) throw new AppError(400, "sign_in_failed", "signIn.failed");
  return providerSettings(flow.provider);
}

/** GET /auth/confirm: what the confirmation screen shows, or back to /login when nothing waits. */
export async function pendingConfirmation(request: Request) {
  const pending = await readPendingLink(request);
  if (!pending || pending.purpose === "signup") throw redirect("/login");
  if (await getOptionalViewer(request)) throw redirect("/");
  return { provider: pending.profile.provider, email: pending.profile.email };
}

/** POST /auth/confirm: link and sign in (intent=link), or drop it. */
export async function confirmPendingLink(request: Request, confirmed: boolean) {
  const headers = new Headers({ "Set-Cookie": await clearPendingLinkCookie() });
  const pending = await readPendingLink(request);
  if (!pending || pending.purpose === "signup" || !confirmed) return redirect("/login", { headers });
  try {
    await consumeLimit(LIMITS.providerSignInPerIp, clientIp(request));
    const user = await confirmProviderLink(pending.profile);
    return await signedIn(request, user, pending.profile.provider, pending.redirectTo, headers);
  } catch (error) {
    return backWithError(null, errorCode(error), headers);
  }
}

/** GET /auth/signup: who the provider said signs up, or back to /signup when nothing waits. */
export async function pendingSignup(request: Request) {
  const pending = await readPendingLink(request);
  if (!pending || pending.purpose !== "signup") throw redirect("/signup");
  if (await getOptionalViewer(request)) throw redirect("/");
  const { provider, email, name, emailVerified } = pending.profile;
  return { provider, email, name, emailVerified };
}

export interface ProviderSignupValues {
  companyName: string;
  fullName: string;
  countryCode: string;
  timeZone?: string;
}

/**
 * POST /auth/signup: the company, as the sign-up form makes it, with the provider's account as
 * the owner's way in. Signed in at once when the provider verified the e-mail; otherwise our
 * confirmation link first, as after the form. A model's refusal is thrown for the form to show.
 */
export async function completeProviderSignup(request: Request, values: ProviderSignupValues) {
  const pending = await readPendingLink(request);
  if (!pending || pending.purpose !== "signup") throw redirect("/signup");
  const { profile } = pending;
  await consumeLimit(LIMITS.signupPerIp, clientIp(request));
  await assertNewAccount(profile);
  const { user } = await registerCompany({
    ...values,
    email: profile.email,
    language: await getLanguage(request),
    identity: { provider: profile.provider, issuer: profile.issuer, subject: profile.subject, email: profile.email, emailVerified: profile.emailVerified },
  });
  const headers = new Headers({ "Set-Cookie": await clearPendingLinkCookie() });
  if (!profile.emailVerified) return redirect("/login?checkEmail=1", { headers });
  return signedIn(request, user, profile.provider, pending.redirectTo, headers);
}

/** The sign-up waiting at /auth/signup is dropped ("Cancel"). */
export async function cancelProviderSignup() {
  return redirect("/signup", { headers: { "Set-Cookie": await clearPendingLinkCookie() } });
}
