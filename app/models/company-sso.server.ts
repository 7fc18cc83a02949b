// A company's own OpenID provider (Company settings → Security, decision 0089): set up by the
// owner, checked by discovery on save, required only after one sign-in through it has worked.
// Its sign-ins reach only the company's own people, and only by the company's e-mail domains.
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError, forbidden } from "~/utils/errors.server";
import { discover, type OidcClientSettings, type ProviderProfile } from "~/utils/oidc.server";
import { isAdmin, type Viewer } from "~/utils/permissions.server";
import type { SignInUser } from "./identity-link.server";

export interface SsoInput {
  issuer: string;
  clientId: string;
  /** Empty: keep the stored one. */
  clientSecret: string;
  /** Domains separated by commas, spaces or lines. */
  domains: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function requireOwner(viewer: Viewer) {
  if (viewer.role !== "owner") throw forbidden();
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export function parseDomains(text: string): string[] {
  const domains = [...new Set(text.toLowerCase().split(/[\s,;]+/).filter(Boolean))];
  const wrong = domains.find((domain) => !DOMAIN.test(domain));
  if (wrong || !domains.length || domains.length > 20) throw new AppError(400, "invalid_domains", "sso.invalidDomains", { fields: { domains: "sso.invalidDomains" } });
  return domains;
}

/**
 * What the Security tab shows: never the secret. Company admins read it (they answer their
 * colleagues' "why can I not use my password?"); only the owner changes it.
 */
export async function getSsoSettings(viewer: Viewer) {
  if (!isAdmin(viewer)) throw forbidden();
  const sso = await getDb().companySso.findUnique({
    where: { companyId: viewer.companyId },
    select: { issuer: true, clientId: true, domains: true, required: true, verifiedAt: true },
  });
  return sso ? { ...sso, domains: sso.domains.split(",") } : null;
}

/**
 * Saves the IdP after asking it for its discovery document. Another issuer or client starts again:
 * not verified, not required (the owner signs in through it once more before requiring it).
 */
export async function saveSsoSettings(viewer: Viewer, input: SsoInput) {
  requireOwner(viewer);
  const db = getDb();
  let issuer: string;
  try {
    const url = new URL(input.issuer.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
    issuer = url.href.replace(/\/$/, "");
  } catch {
    throw new AppError(400, "invalid_issuer", "sso.invalidIssuer", { fields: { issuer: "sso.invalidIssuer" } });
  }
  const clientId = input.clientId.trim();
  if (!clientId || clientId.length > 500) throw new AppError(400, "invalid_client", "sso.clientIdRequired", { fields: { clientId: "sso.clientIdRequired" } });
  const domains = parseDomains(input.domains);
  const stored = await db.companySso.findUnique({ where: { companyId: viewer.companyId }, select: { issuer: true, clientId: true, clientSecret: true } });
  const clientSecret = input.clientSecret.trim() || stored?.clientSecret || "";
  if (!clientSecret || clientSecret.length > 4000) throw new AppError(400, "invalid_secret", "sso.secretRequired", { fields: { clientSecret: "sso.secretRequired" } });
  // A domain belongs to one company: /login sends its people to that company's IdP.
  const others = await db.companySso.findMany({ where: { companyId: { not: viewer.companyId } }, select: { domains: true } });
  const claimed = domains.find((domain) => others.some((other) => other.domains.split(",").includes(domain)));
  if (claimed) throw new AppError(409, "domain_taken", "sso.domainTaken", { fields: { domains: "sso.domainTaken" }, params: { domain: claimed } });
  try {
    await discover({ issuer, clientId, clientSecret });
  } catch {
    throw new AppError(400, "discovery_failed", "sso.discoveryFailed", { fields: { issuer: "sso.discoveryFailed" } });
  }
  const sameClient = stored?.issuer === issuer && stored.clientId === clientId;
  await db.$transaction(async (tx) => {
    const data = { issuer, clientId, clientSecret, domains: domains.join(","), ...(sameClient ? {} : { verifiedAt: null, required: false }) };
    await tx.companySso.upsert({ where: { companyId: viewer.companyId }, create: { companyId: viewer.companyId, ...data }, update: data });
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "company.sso_updated",
        entity: "company",
        entityId: viewer.companyId,
        details: { issuer, client_id: clientId, domains, secret_changed: Boolean(input.clientSecret.trim()) },
      },
      tx,
    );
  });
}

/** Requiring SSO (or not); refused until a sign-in through the IdP has worked. */
export async function setSsoRequired(viewer: Viewer, required: boolean) {
  requireOwner(viewer);
  await getDb().$transaction(async (tx) => {
    const sso = await tx.companySso.findUnique({ where: { companyId: viewer.companyId }, select: { verifiedAt: true, required: true } });
    if (!sso) throw new AppError(404, "not_found", "errors.notFound");
    if (required && !sso.verifiedAt) throw new AppError(409, "sso_not_verified", "sso.notVerified");
    if (sso.required === required) return;
    await tx.companySso.update({ where: { companyId: viewer.companyId }, data: { required } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: required ? "company.sso_required" : "company.sso_optional", entity: "company", entityId: viewer.companyId }, tx);
  });
}

/** Removing the IdP: sign-ins through it stop, passwords work again. */
export async function removeSso(viewer: Viewer) {
  requireOwner(viewer);
  await getDb().$transaction(async (tx) => {
    const { count } = await tx.companySso.deleteMany({ where: { companyId: viewer.companyId } });
    if (count) await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "company.sso_removed", entity: "company", entityId: viewer.companyId }, tx);
  });
}

/**
 * The owner's "Test sign-in" on the Security tab: one sign-in through the company's IdP, with
 * the rules of a real one (the account must be one of the company's people, of its domains), but
 * the owner's browser stays signed in as the owner. The first that works marks the IdP verified.
 */
export async function testSsoSignIn(viewer: Viewer, companyId: string, profile: ProviderProfile, now = new Date()) {
  requireOwner(viewer);
  if (companyId !== viewer.companyId) throw forbidden();
  return resolveSsoSignIn(companyId, profile, now);
}

/** The company's IdP settings, secret included, for its owner to start a test sign-in with; 404 without one. */
export async function ownSsoSettings(viewer: Viewer): Promise<OidcClientSettings> {
  requireOwner(viewer);
  const settings = await ssoSettingsOf(viewer.companyId);
  if (!settings) throw new AppError(404, "not_found", "sso.notSet");
  return settings;
}

/** The company IdP an e-mail's domain belongs to, or null. */
export async function ssoForEmail(email: string): Promise<{ companyId: string; settings: OidcClientSettings } | null> {
  const domain = domainOf(email);
  if (!DOMAIN.test(domain)) return null;
  // Few companies set SSO up; the domains are a short list each.
  const rows = await getDb().companySso.findMany({ where: { domains: { contains: domain } }, select: { companyId: true, issuer: true, clientId: true, clientSecret: true, domains: true } });
  const row = rows.find((candidate) => candidate.domains.split(",").includes(domain));
  return row ? { companyId: row.companyId, settings: { issuer: row.issuer, clientId: row.clientId, clientSecret: row.clientSecret } } : null;
}

export async function ssoSettingsOf(companyId: string): Promise<OidcClientSettings | null> {
  return getDb().companySso.findUnique({ where: { companyId }, select: { issuer: true, clientId: true, clientSecret: true } });
}

/**
 * A sign-in through the company's IdP: only a person of this company, with an e-mail of its
 * domains. The IdP is the company's own word on its people, so the account is linked without a
 * confirmation; the first one that works marks the IdP verified.
 */
export async function resolveSsoSignIn(companyId: string, profile: ProviderProfile, now = new Date()): Promise<SignInUser> {
  const db = getDb();
  const refused = new AppError(403, "sso_refused", "sso.refused");
  const sso = await db.companySso.findUnique({ where: { companyId }, select: { issuer: true, domains: true, verifiedAt: true } });
  if (!sso || !sso.domains.split(",").includes(domainOf(profile.email))) throw refused;
  const select = { id: true, companyId: true, role: true, email: true, tokenVersion: true, preferredLanguage: true, deactivatedAt: true } as const;
  const linked = await db.userIdentity.findUnique({ where: { issuer_subject: { issuer: profile.issuer, subject: profile.subject } }, select: { user: { select } } });
  const user = linked?.user ?? (await db.user.findUnique({ where: { email: profile.email }, select }));
  if (!user || user.companyId !== companyId || user.deactivatedAt) throw refused;
  await db.$transaction(async (tx) => {
    if (!linked) {
      await tx.userIdentity.create({ data: { userId: user.id, provider: "sso", issuer: profile.issuer, subject: profile.subject, email: profile.email, createdAt: now } });
      await recordAudit({ companyId, actorId: user.id, action: "user.identity_linked", entity: "user", entityId: user.id, details: { provider: "sso", email: profile.email } }, tx);
    }
    if (!sso.verifiedAt) {
      await tx.companySso.update({ where: { companyId }, data: { verifiedAt: now } });
      await recordAudit({ companyId, actorId: user.id, action: "company.sso_verified", entity: "company", entityId: companyId, details: { issuer: sso.issuer } }, tx);
    }
  });
  return user;
}
