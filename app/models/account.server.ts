import { displayName } from "~/lib/people";
import { languageOr } from "~/i18n";
import { passwordResetMail } from "~/emails/identity.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { queueMail } from "~/utils/mail.server";
import { hashPassword } from "~/utils/password.server";
import { consumeUserToken, createUserToken } from "./user-token.server";

export async function verifyEmail(token: string) {
  const userId = await consumeUserToken(token, "verify_email");
  await getDb().user.update({ where: { id: userId }, data: { emailVerifiedAt: new Date() } });
  return userId;
}

/** Sends a reset link when the e-mail belongs to someone; says nothing either way (no account probing). */
export async function requestPasswordReset(email: string) {
  const user = await getDb().user.findUnique({ where: { email } });
  if (!user) return;
  const token = await createUserToken(user.id, "password_reset");
  const link = `${getEnv().APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await queueMail({
    to: user.email,
    companyId: user.companyId,
    ...passwordResetMail(languageOr(user.preferredLanguage), { name: displayName(user), link }),
  });
}

/** New password; every session and refresh token of the user ends, and the mailbox counts as verified. */
export async function resetPassword(token: string, password: string) {
  const userId = await consumeUserToken(token, "password_reset");
  const passwordHash = await hashPassword(password);
  const db = getDb();
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { passwordHash, emailVerifiedAt: new Date() } }),
    db.session.deleteMany({ where: { userId } }),
    db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
  ]);
  return userId;
}
