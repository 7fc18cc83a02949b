// The account rules of provider sign-in, in one place (decision 0089). A provider account is known
// by its issuer and subject; its e-mail decides only the first time, and only when the provider
// verified it. A company that requires its own IdP takes every other way in from everyone but
// its owner.
import type { Prisma } from "~/generated/prisma/client";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { ProviderProfile } from "~/utils/oidc.server";
import type { Viewer } from "~/utils/permissions.server";

const signInUserSelect = { id: true, companyId: true, role: true, email: true, tokenVersion: true, preferredLanguage: true, deactivatedAt: true } as const;
export type SignInUser = Prisma.UserGetPayload<{ select: typeof signInUserSelect }>;

export type ProviderSignIn =
  /** The provider account is linked to this person: sign them in. */
  | { kind: "signed-in"; user: SignInUser }
  /** A person has the provider's verified e-mail but never used it here: one confirmation first. */
  | { kind: "confirm-link"; user: SignInUser }
  /** Nobody here has that e-mail. */
  | { kind: "no-account" };

const refused = () => new AppError(403, "provider_sign_in_refused", "signIn.refused");
const unverified = () => new AppError(403, "provider_email_unverified", "signIn.unverified");

/** The company requires its own IdP: passwords and other providers stop for all but the owner. */
export async function assertSsoAllows(user: { companyId: string; role: string }, via: "password" | ProviderProfile["provider"]) {
  if (user.role === "owner" || via === "sso") return;
  const sso = await getDb().companySso.findUnique({ where: { companyId: user.companyId }, select: { required: true } });
  if (sso?.required) throw new AppError(403, "sso_required", "signIn.ssoRequired");
}

/** What a provider's sign-in answer means here. */
export async function resolveProviderSignIn(profile: ProviderProfile): Promise<ProviderSignIn> {
  const db = getDb();
  const linked = await db.userIdentity.findUnique({
    where: { issuer_subject: { issuer: profile.issuer, subject: profile.subject } },
    select: { user: { select: { ...signInUserSelect, emailVerifiedAt: true } } },
  });
  if (linked) {
    const { emailVerifiedAt, ...user } = linked.user;
    if (user.deactivatedAt) throw refused();
    // A company signed up with an address its provider had not verified: our own link first.
    if (!emailVerifiedAt) throw new AppError(403, "email_not_verified", "auth.emailNotVerified");
    await assertSsoAllows(user, profile.provider);
    return { kind: "signed-in", user };
  }
  // An address the provider did not check proves nothing about who owns it.
  if (!profile.emailVerified) throw unverified();
  const user = await db.user.findUnique({ where: { email: profile.email }, select: signInUserSelect });
  if (!user) return { kind: "no-account" };
  if (user.deactivatedAt) throw refused();
  await assertSsoAllows(user, profile.provider);
  return { kind: "confirm-link", user };
}

/**
 * The confirmation of a first provider sign-in: the account is linked to the person with the
 * provider's verified e-mail (checked again: the cookie that carried it lived ten minutes).
 */
export async function confirmProviderLink(profile: ProviderProfile, now = new Date()): Promise<SignInUser> {
  const resolved = await resolveProviderSignIn(profile);
  if (resolved.kind === "no-account") throw refused();
  if (resolved.kind === "signed-in") return resolved.user;
  const { user } = resolved;
  await getDb().$transaction(async (tx) => {
    const identity = await tx.userIdentity.create({
      data: { userId: user.id, provider: profile.provider, issuer: profile.issuer, subject: profile.subject, email: profile.email, createdAt: now },
    });
    await recordAudit({ companyId: user.companyId, actorId: user.id, action: "user.identity_linked", entity: "user", entityId: user.id, details: { provider: profile.provider, email: profile.email, identity_id: identity.id } }, tx);
  });
  return user;
}

/** A signed-in person links another provider account from their profile. */
export async function linkProviderToViewer(viewer: Viewer, profile: ProviderProfile, now = new Date()) {
  const db = getDb();
  const taken = await db.userIdentity.findUnique({ where: { issuer_subject: { issuer: profile.issuer, subject: profile.subject } }, select: { userId: true } });
  if (taken?.userId === viewer.userId) return;
  if (taken) throw new AppError(409, "identity_taken", "signIn.identityTaken");
  await db.$transaction(async (tx) => {
    const identity = await tx.userIdentity.create({
      data: { userId: viewer.userId, provider: profile.provider, issuer: profile.issuer, subject: profile.subject, email: profile.email, createdAt: now },
    });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "user.identity_linked", entity: "user", entityId: viewer.userId, details: { provider: profile.provider, email: profile.email, identity_id: identity.id } }, tx);
  });
}

/** The viewer's own linked providers, and whether they have a password. */
export async function listOwnIdentities(viewer: Viewer) {
  const user = await getDb().user.findUniqueOrThrow({
    where: { id: viewer.userId },
    select: { passwordHash: true, identities: { select: { id: true, provider: true, email: true, createdAt: true }, orderBy: { createdAt: "asc" } } },
  });
  return { hasPassword: Boolean(user.passwordHash), identities: user.identities };
}

/** Removing one of the viewer's own links; never the last way in of someone without a password. */
export async function unlinkOwnIdentity(viewer: Viewer, identityId: string) {
  await getDb().$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { passwordHash: true, identities: { select: { id: true, provider: true, email: true } } } });
    const identity = user.identities.find((found) => found.id === identityId);
    // Another person's link is not found, as if it did not exist.
    if (!identity) throw new AppError(404, "not_found", "errors.notFound");
    if (!user.passwordHash && user.identities.length === 1) throw new AppError(409, "last_sign_in", "signIn.lastWayIn");
    await tx.userIdentity.delete({ where: { id: identity.id } });
    await recordAudit({ companyId: viewer.companyId, actorId: viewer.userId, action: "user.identity_unlinked", entity: "user", entityId: viewer.userId, details: { provider: identity.provider, email: identity.email, identity_id: identity.id } }, tx);
  });
}

/**
 * A sign-up with a provider (a new company): neither the provider account nor its e-mail may
 * already be someone's here. An unverified e-mail may sign up, but signs in only once the owner
 * has opened the link we e-mail (registerCompany).
 */
export async function assertNewAccount(profile: ProviderProfile) {
  const db = getDb();
  const linked = await db.userIdentity.findUnique({ where: { issuer_subject: { issuer: profile.issuer, subject: profile.subject } }, select: { id: true } });
  const existing = linked ?? (await db.user.findUnique({ where: { email: profile.email }, select: { id: true } }));
  if (existing) throw new AppError(409, "account_exists", "signIn.errors.account_exists");
}

/** The invitation's address must be the one the provider verified: the link was sent to it. */
export function assertInvitedEmail(invitedEmail: string, profile: ProviderProfile) {
  if (!profile.emailVerified) throw unverified();
  if (invitedEmail.toLowerCase() !== profile.email) throw new AppError(403, "invitation_email_mismatch", "signIn.invitationEmailMismatch", { params: { email: invitedEmail } });
}
