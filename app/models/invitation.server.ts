import type { Language } from "~/i18n";
import { invitationMail } from "~/emails/identity.server";
import { displayName } from "~/lib/people";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { queueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Company admins invite people by e-mail; the invitation mail is in the inviter's language. */
export async function inviteUser(viewer: Viewer, input: { email: string; fullName: string; role: "user" | "admin" }, language: Language, now = new Date()) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
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
        tokenHash: hashToken(token),
        invitedById: viewer.userId,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
    });
    await recordAudit(
      { companyId, actorId: viewer.userId, action: "user.invited", entity: "invitation", entityId: created.id, details: { email: input.email, role: input.role } },
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

async function findUsableInvitation(token: string, now: Date) {
  if (!token) throw new AppError(400, "token_missing", "token.missing");
  const invitation = await getDb().invitation.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { company: { select: { name: true } } },
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

export async function acceptInvitation(token: string, input: { fullName?: string; password: string; language: Language }, now = new Date()) {
  const invitation = await findUsableInvitation(token, now);
  const db = getDb();
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    // The conditional update makes the link single-use even when two submissions race.
    const { count } = await tx.invitation.updateMany({
      where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
      data: { acceptedAt: now },
    });
    if (count !== 1) throw new AppError(400, "token_used", "token.used");
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new AppError(409, "email_taken", "invite.emailTaken");
    }
    const user = await tx.user.create({
      data: {
        companyId: invitation.companyId,
        email: invitation.email,
        fullName: input.fullName?.trim() || invitation.fullName,
        role: invitation.role,
        passwordHash,
        preferredLanguage: input.language,
        emailVerifiedAt: now,
      },
    });
    await recordAudit(
      { companyId: invitation.companyId, actorId: user.id, action: "user.invitation_accepted", entity: "user", entityId: user.id, details: { email: user.email } },
      tx,
    );
    return user;
  });
}
