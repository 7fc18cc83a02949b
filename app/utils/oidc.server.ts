// OpenID Connect sign-in (decision 0089) through openid-client: discovery, the code flow with PKCE,
// state and nonce. What the browser must bring back (state, nonce, PKCE verifier, what it came
// for) travels in a short-lived signed cookie, so nothing is stored before the provider answers.
import { createCookie } from "@remix-run/node";
import * as client from "openid-client";
import { getEnv, SIGN_IN_PROVIDERS, type SignInProvider } from "./env.server";
import { AppError } from "./errors.server";

const DEFAULT_ISSUERS: Record<SignInProvider, string> = {
  google: "https://accounts.google.com",
  // Microsoft's "common" issuer is templated per tenant ({tenantid}); openid-client checks each ID
  // token's issuer against its tenant (tid) for this origin.
  microsoft: "https://login.microsoftonline.com/common/v2.0",
  apple: "https://appleid.apple.com",
};

/** What the callback does with the account once the provider vouched for it. */
export type FlowIntent =
  | { kind: "sign-in" }
  | { kind: "link" }
  | { kind: "invitation"; token: string }
  /** A new company: its name is asked after the provider answers (/auth/signup). */
  | { kind: "signup" }
  | { kind: "sso"; companyId: string }
  /** The owner's "Test sign-in" on the Security tab: the owner stays signed in as the owner. */
  | { kind: "sso-test"; companyId: string };

export interface Flow {
  /** A provider, or "sso" (a company's IdP). */
  provider: SignInProvider | "sso";
  state: string;
  nonce: string;
  verifier: string;
  intent: FlowIntent;
  redirectTo: string;
}

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the provider said about the person, from a verified ID token. */
export interface ProviderProfile {
  provider: SignInProvider | "sso";
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
}

const FLOW_TTL_SECONDS = 10 * 60;

// Apple answers with a cross-site POST (form_post): only a SameSite=None cookie comes back with
// it, and browsers take those only when Secure, i.e. in production over HTTPS.
const flowCookie = () =>
  createCookie("oidc_flow", {
    httpOnly: true,
    path: "/auth",
    sameSite: getEnv().NODE_ENV === "production" ? "none" : "lax",
    secure: getEnv().NODE_ENV === "production",
    maxAge: FLOW_TTL_SECONDS,
    secrets: [getEnv().SESSION_SECRET],
  });

/** The deployment's providers with a client id and secret; the others are not offered. */
export function configuredProviders(): SignInProvider[] {
  const env = getEnv();
  return SIGN_IN_PROVIDERS.filter((provider) => env[`${upper(provider)}_CLIENT_ID`] && env[`${upper(provider)}_CLIENT_SECRET`]);
}

const upper = (provider: SignInProvider) => provider.toUpperCase() as Uppercase<SignInProvider>;

export function isSignInProvider(value: string): value is SignInProvider {
  return (configuredProviders() as string[]).includes(value);
}

export function providerSettings(provider: SignInProvider): OidcClientSettings {
  const env = getEnv();
  const prefix = upper(provider);
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) throw new AppError(404, "not_found", "errors.notFound");
  return { issuer: env[`${prefix}_ISSUER`] ?? DEFAULT_ISSUERS[provider], clientId, clientSecret };
}

export function redirectUri(provider: SignInProvider | "sso") {
  return new URL(`/auth/${provider}/callback`, getEnv().APP_URL).href;
}

// Discovery once per issuer and client while it answers; a failure is not kept, so a provider that
// was down is asked again next time.
const configurations = new Map<string, Promise<client.Configuration>>();

export function discover(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  let found = configurations.get(key);
  if (!found) {
    const url = new URL(settings.issuer);
    // Plain HTTP only for a local IdP outside production (the tests' IdP).
    const insecure = url.protocol === "http:" && getEnv().NODE_ENV !== "production";
    found = client.discovery(url, settings.clientId, settings.clientSecret, undefined, { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 });
    found.catch(() => configurations.delete(key));
    configurations.set(key, found);
  }
  return found;
}

/** The provider's sign-in address, and the cookie that lets its answer in. */
export async function startFlow(
  settings: OidcClientSettings,
  provider: Flow["provider"],
  intent: FlowIntent,
  redirectTo: string,
  extra: Record<string, string> = {},
): Promise<{ url: string; cookie: string }> {
  let configuration: client.Configuration;
  try {
    configuration = await discover(settings);
  } catch {
    throw new AppError(502, "provider_unavailable", "signIn.providerUnavailable");
  }
  const flow: Flow = { provider, state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), intent, redirectTo };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(provider),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    // Apple sends the e-mail only to a form_post callback.
    ...(provider === "apple" ? { response_mode: "form_post", scope: "openid email name" } : {}),
    ...extra,
  });
  return { url: url.href, cookie: await flowCookie().serialize(flow) };
}

/** The flow this browser started, or null (none, expired or altered). */
export async function readFlow(request: Request): Promise<Flow | null> {
  try {
    const flow = (await flowCookie().parse(request.headers.get("Cookie"))) as Flow | null;
    return flow && typeof flow.state === "string" && typeof flow.verifier === "string" ? flow : null;
  } catch {
    return null;
  }
}

export function clearFlowCookie() {
  return flowCookie().serialize("", { maxAge: 0 });
}

/**
 * The provider's answer checked (state, the code exchanged with the PKCE verifier, the ID token's
 * signature, issuer, audience, expiry and nonce) and what it says about the person. Any failure
 * is one 400 that names no detail.
 */
export async function finishFlow(settings: OidcClientSettings, flow: Flow, request: Request): Promise<ProviderProfile> {
  const failed = new AppError(400, "sign_in_failed", "signIn.failed");
  let currentUrl = new URL(request.url);
  // A form_post answer (Apple): the same parameters in the body.
  if (request.method === "POST") {
    const body = new URLSearchParams(await request.text());
    currentUrl = new URL(redirectUri(flow.provider));
    for (const [name, value] of body) if (name !== "user") currentUrl.searchParams.set(name, value);
  } else {
    // The callback as the provider was told it, whatever host or proxy the request came through.
    currentUrl = new URL(`${redirectUri(flow.provider)}${currentUrl.search}`);
  }
  try {
    const configuration = await discover(settings);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.email !== "string" || !claims.email.includes("@")) throw failed;
    return {
      provider: flow.provider,
      issuer: claims.iss,
      subject: claims.sub,
      email: claims.email.trim().toLowerCase(),
      // Apple writes it as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      name: typeof claims.name === "string" ? claims.name.slice(0, 200) : null,
    };
  } catch {
    throw failed;
  }
}

/** A first provider sign-in waiting for the person's confirmation (/auth/confirm), or a sign-up for its company's name (/auth/signup). */
export interface PendingLink {
  profile: ProviderProfile;
  redirectTo: string;
  /** What waits: linking an existing person (/auth/confirm, the default) or a new company (/auth/signup). */
  purpose?: "link" | "signup";
}

const pendingCookie = () =>
  createCookie("oidc_pending", { httpOnly: true, path: "/auth", sameSite: "lax", secure: getEnv().NODE_ENV === "production", maxAge: FLOW_TTL_SECONDS, secrets: [getEnv().SESSION_SECRET] });

export function pendingLinkCookie(pending: PendingLink) {
  return pendingCookie().serialize(pending);
}

export async function readPendingLink(request: Request): Promise<PendingLink | null> {
  try {
    const pending = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingLink | null;
    return pending && typeof pending.profile?.subject === "string" ? pending : null;
  } catch {
    return null;
  }
}

export function clearPendingLinkCookie() {
  return pendingCookie().serialize("", { maxAge: 0 });
}
