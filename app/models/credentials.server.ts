import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { dummyPasswordHash, verifyPassword } from "~/utils/password.server";
import { assertWithinLimit, LIMITS, recordAttempt } from "~/utils/rate-limit.server";

/**
 * The one password check behind the sign-in form and POST /api/auth/login. Failures count
 * against the IP and the e-mail; an unknown e-mail costs the same time as a wrong password and
 * gives the same answer.
 */
export async function checkCredentials(email: string, password: string, ip: string) {
  assertWithinLimit(LIMITS.loginFailuresPerIp, ip);
  assertWithinLimit(LIMITS.loginFailuresPerEmail, email);
  const user = await getDb().user.findUnique({
    where: { email },
    select: { id: true, companyId: true, role: true, isMaster: true, passwordHash: true, emailVerifiedAt: true, preferredLanguage: true, deactivatedAt: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  // A deactivated person is refused like a wrong password: the account no longer exists for them.
  if (!user || !ok || user.deactivatedAt) {
    recordAttempt(LIMITS.loginFailuresPerIp, ip);
    recordAttempt(LIMITS.loginFailuresPerEmail, email);
    throw new AppError(401, "invalid_credentials", "auth.invalidCredentials");
  }
  if (!user.emailVerifiedAt) throw new AppError(403, "email_not_verified", "auth.emailNotVerified");
  return user;
}
