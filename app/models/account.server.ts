import { displayName } from "~/lib/people";
import { languageOr } from "~/i18n";
import { passwordResetMail } from "~/emails/identity.server";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { queueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import { consumeUserToken, createUserToken, peekUserToken } from "./user-token.server";

/** Confirms the mailbox of the link's person. */
export async function verifyEmail(token: string, now = new Date()) {
  return getDb().$transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, "verify_email", now);
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { companyId: true, emailVerifiedAt: true } });
    await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
    await recordAudit(
      { companyId: before.companyId, actorId: userId, action: "auth.email_verified", entity: "user", entityId: userId, details: { email_verified: { old: before.emailVerifiedAt !== null, new: true } } },
      tx,
    );
    return userId;
  });
}

/** Sends a reset link when the e-mail belongs to someone; says nothing either way (no account probing). */
export async function requestPasswordReset(email: string, now = new Date()) {
  const db = getDb();
  const user = await db.user.findUnique({ where: { email } });
  if (!user) return;
  // Nobody is signed in: the entry has no actor, and says whose account the link is for.
  const token = await db.$transaction(async (tx) => {
    const created = await createUserToken(tx, user.id, "password_reset", now);
    await recordAudit({ companyId: user.companyId, actorId: null, action: "auth.password_reset_requested", entity: "user", entityId: user.id }, tx);
    return created;
  });
  const link = `${getEnv().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await queueMail({
    to: user.email,
    companyId: user.companyId,
    ...passwordResetMail(languageOr(user.preferredLanguage), { name: displayName(user), link }),
  });
}

/**
 * New password; every session, refresh token and access token of the user ends (the token version
 * moves on), and the mailbox counts as verified.
 */
export async function resetPassword(token: string, password: string, now = new Date()) {
  // A bad link is refused before the (deliberately slow) hash is paid for.
  await peekUserToken(token, "password_reset", now);
  const passwordHash = await hashPassword(password);
  return getDb().$transaction(async (tx) => {
    const userId = await consumeUserToken(tx, token, "password_reset", now);
    const user = await tx.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: now, tokenVersion: { increment: 1 } }, select: { companyId: true } });
    const sessions = await tx.session.deleteMany({ where: { userId } });
    const tokens = await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    // The password itself never reaches the audit; that it changed, and what it ended, does.
    await recordAudit(
      { companyId: user.companyId, actorId: userId, action: "auth.password_reset", entity: "user", entityId: userId, details: { sessions_ended: sessions.count, api_tokens_revoked: tokens.count } },
      tx,
    );
    return userId;
  });
}
