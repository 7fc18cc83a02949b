import type { Language } from "~/i18n";
import { invitationMail } from "~/emails/identity.server";
import { isIsoDate, todayIn } from "~/lib/dates";
import { displayName } from "~/lib/people";
import { leaveYearOf } from "~/lib/leave-year";
import type { ApiInvitation } from "~/lib/schemas/api-responses";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { syncSeats } from "./seats.server";
import { serializeUser } from "./user.server";
import { enqueueWebhookEvent, kickWebhooks } from "./webhook.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The /api shape of an invitation (the answer of POST /api/users/invite). */
export function serializeInvitation(invitation: { id: string; email: string; fullName: string; role: string; teamId: string | null; startDate: string | null; expiresAt: Date }): ApiInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    full_name: invitation.fullName,
    role: invitation.role === "admin" ? "admin" : "user",
    team_id: invitation.teamId,
    start_date: invitation.startDate,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** Company admins invite people by e-mail; the invitation mail is in the inviter's language. */
export interface InvitationInput {
  email: string;
  fullName: string;
  role: "user" | "admin";
  teamId?: string;
  startDate?: string;
  /** Already re-encoded (storedPhotoFromDataUrl); the person's photo once they accept. */
  profilePicture?: string | null;
}

export async function inviteUser(viewer: Viewer, input: InvitationInput, language: Language, now = new Date()) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
  if (input.teamId && !(await db.team.findFirst({ where: { id: input.teamId, companyId }, select: { id: true } }))) {
    throw new AppError(404, "not_found", "errors.teamNotFound", { fields: { teamId: "errors.teamNotFound" } });
  }
  if (input.startDate !== undefined && !isIsoDate(input.startDate)) {
    throw new AppError(400, "date_invalid", "validation.dateInvalid", { fields: { startDate: "validation.dateInvalid" } });
  }
  // A deactivated person's address stays taken: their history keeps pointing at that account.
  if (await db.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError(409, "email_taken", "invite.emailTaken", { fields: { email: "invite.emailTaken" } });
  }
  const token = generateToken();
  const [company, inviter] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }),
    db.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { fullName: true, name: true, email: true } }),
  ]);
  const invitation = await db.$transaction(async (tx) => {
    // Inviting again replaces the earlier, still open invitation: only the newest link works.
    await tx.invitation.updateMany({
      where: { companyId, email: input.email, acceptedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const created = await tx.invitation.create({
      data: {
        companyId,
        email: input.email,
        fullName: input.fullName,
        role: input.role,
        teamId: input.teamId || null,
        startDate: input.startDate || null,
        profilePicture: input.profilePicture || null,
        tokenHash: hashToken(token),
        invitedById: viewer.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
    });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "user.invited", entity: "invitation", entityId: created.id, details: { email: input.email, role: input.role, team_id: input.teamId ?? null, start_date: input.startDate ?? null } },
      tx,
    );
    return created;
  });
  const params = new URLSearchParams({ token, name: input.fullName });
  const link = `${getEnv().APP_URL}/accept-invite?${params}`;
  await queueMail({
    to: input.email,
    companyId,
    ...invitationMail(language, { name: input.fullName, inviter: displayName(inviter), company: company.name, link }),
  });
  return invitation;
}

/** Invitations sent and not yet accepted, still valid: who is on the way. Company admins only. */
export function listPendingInvitations(viewer: Viewer, now = new Date()) {
  requireAdmin(viewer);
  return getDb().invitation.findMany({
    where: { companyId: viewer.companyId, acceptedAt: null, expiresAt: { gt: now } },
    select: { id: true, email: true, fullName: true, role: true, expiresAt: true, createdAt: true, team: { select: { name: true } } },
    orderBy: { createdAt: "desc" },
  });
}

/** Withdraws an invitation: its link stops working at once. Audited. */
export async function cancelInvitation(viewer: Viewer, id: string, now = new Date()) {
  requireAdmin(viewer);
  await getDb().$transaction(async (tx) => {
    const invitation = await tx.invitation.findFirst({ where: { id, companyId: viewer.companyId, acceptedAt: null, expiresAt: { gt: now } }, select: { id: true, email: true } });
    if (!invitation) throw new AppError(404, "not_found", "errors.notFound");
    await tx.invitation.update({ where: { id: invitation.id }, data: { expiresAt: now } });
    await recordAudit(
      { companyId: viewer.companyId, actorId: viewer.userId, action: "user.invitation_cancelled", entity: "invitation", entityId: invitation.id, details: { email: invitation.email } },
      tx,
    );
  });
}

async function findUsableInvitation(token: string, now: Date) {
  if (!token) throw new AppError(400, "token_missing", "token.missing");
  const invitation = await getDb().invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { company: { select: { name: true, countryCode: true, timeZone: true, defaultYearlyAllowance: true, leaveYearStartMonth: true } } },
  });
  if (!invitation) throw new AppError(400, "token_invalid", "token.invalid");
  if (invitation.acceptedAt) throw new AppError(400, "token_used", "token.used");
  if (invitation.expiresAt <= now) throw new AppError(400, "token_expired", "token.expired");
  return invitation;
}

/** What the accept screen shows before the person chooses a password. */
export async function describeInvitation(token: string, now = new Date()) {
  const invitation = await findUsableInvitation(token, now);
  return { email: invitation.email, fullName: invitation.fullName, companyName: invitation.company.name };
}

/**
 * `identity`: accepted with a sign-in provider instead of a password (identity-link.server.ts
 * checked the provider verified the invited address); the person has no password until they set one.
 */
export async function acceptInvitation(
  token: string,
  input: { fullName?: string; password?: string; language: Language; identity?: { provider: string; issuer: string; subject: string; email: string } },
  now = new Date(),
) {
  const invitation = await findUsableInvitation(token, now);
  const db = getDb();
  if (input.identity && input.identity.email !== invitation.email.toLowerCase()) throw new AppError(403, "invitation_email_mismatch", "signIn.invitationEmailMismatch", { params: { email: invitation.email } });
  if (!input.identity && !input.password) throw new AppError(400, "validation", "validation.passwordRequired");
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const created = await db.$transaction(async (tx) => {
    // The conditional update makes the link single-use even when two submissions race.
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now },
    });
    if (count !== 1) throw new AppError(400, "token_used", "token.used");
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new AppError(409, "email_taken", "invite.emailTaken");
    }
    // The team may have been deleted since the invitation was sent (the link is then null).
    const team = invitation.teamId ? await tx.team.findFirst({ where: { id: invitation.teamId, companyId: invitation.companyId }, select: { id: true } }) : null;
    const user = await tx.user.create({
      data: {
        companyId: invitation.companyId,
        email: invitation.email,
        fullName: input.fullName?.trim() || invitation.fullName,
        role: invitation.role,
        passwordHash,
        preferredLanguage: input.language,
        emailVerifiedAt: now,
        countryCode: invitation.company.countryCode,
        teamId: team?.id ?? null,
        profilePicture: invitation.profilePicture,
        // Kept on the person, where pro-rata by schedule reads it (decision 0077).
        firstDay: invitation.startDate,
      },
    });
    if (input.identity) await tx.userIdentity.create({ data: { userId: user.id, ...input.identity, createdAt: now } });
    // A new member gets the company's default allowance for this leave year, whole: balances
    // prorate it from their first day (kept on the person above) by scheduled working days and
    // the company's rounding, so a later schedule or a last day is counted too (decision 0080).
    const year = leaveYearOf(todayIn(invitation.company.timeZone, now), invitation.company.leaveYearStartMonth).year;
    const yearly = invitation.company.defaultYearlyAllowance;
    await tx.allowance.create({ data: { companyId: invitation.companyId, userId: user.id, year, yearly } });
    await recordAudit(
      { companyId: invitation.companyId, actorId: user.id, action: "user.invitation_accepted", entity: "user", entityId: user.id, details: { email: user.email, team_id: user.teamId, year, yearly_allowance: yearly, ...(input.identity ? { provider: input.identity.provider } : {}) } },
      tx,
    );
    const webhooks = await enqueueWebhookEvent(tx, invitation.companyId, "person.joined", () => serializeUser(user), now);
    return { user, webhooks };
  });
  kickWebhooks(created.webhooks);
  const { user } = created;
  // One more person: the subscription's quantity follows (docs/decisions/0027-billing.md).
  await syncSeats({ companyId: invitation.companyId });
  return user;
}

/**
 * A person the company's directory provisions (SCIM, docs/decisions/0090-scim-provisioning.md):
 * joins as accepting an invitation does (the company's default allowance for this leave year, the
 * person.joined event, the seat count following), active and with the role "user", but with no
 * password: the directory vouches for the address, and the person signs in with the company's
 * single sign-on or sets a password through "Forgot password". Company admins only (a SCIM token
 * acts as its creator, capped at admin).
 */
export async function provisionPerson(viewer: Viewer, input: { email: string; fullName: string }, now = new Date()) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const email = input.email.trim().toLowerCase();
  const fullName = input.fullName.trim() || email;
  const db = getDb();
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { countryCode: true, timeZone: true, defaultYearlyAllowance: true, leaveYearStartMonth: true } });
  const created = await db.$transaction(async (tx) => {
    // A deactivated person's address stays taken, as for invitations: their history keeps it.
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw new AppError(409, "email_taken", "invite.emailTaken");
    const user = await tx.user.create({ data: { companyId, email, fullName, role: "user", emailVerifiedAt: now, countryCode: company.countryCode } });
    const year = leaveYearOf(todayIn(company.timeZone, now), company.leaveYearStartMonth).year;
    const yearly = company.defaultYearlyAllowance;
    await tx.allowance.create({ data: { companyId, userId: user.id, year, yearly } });
    await recordAudit({ companyId, actorId: viewer.userId, action: "user.provisioned", entity: "user", entityId: user.id, details: { email, full_name: fullName, year, yearly_allowance: yearly } }, tx);
    const webhooks = await enqueueWebhookEvent(tx, companyId, "person.joined", () => serializeUser(user), now);
    return { user, webhooks };
  });
  kickWebhooks(created.webhooks);
  await syncSeats(viewer);
  return created.user;
}
