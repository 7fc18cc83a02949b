import { assertSsoAllows } from "~/models/identity-link.server";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { KnownDevice } from "~/utils/device-cookie.server";
import { dummyPasswordHash, verifyPassword } from "~/utils/password.server";
import { assertNoBackoff, BACKOFFS, clearFailures, recordFailure } from "~/utils/rate-limit.server";

/**
 * The one password check behind the sign-in form and POST /api/auth/login. Failures slow down
 * further attempts from the address and on the e-mail (exponential backoff); a success clears the
 * e-mail's count. A client with a valid device cookie for the account (`devices`, from
 * device-cookie.server.ts) waits on its own failures instead of the e-mail's, so an attacker's
 * failures cannot keep the owner's known client out. An unknown e-mail costs the same time as a
 * wrong password and gives the same answer.
 */
export async function checkCredentials(email: string, password: string, ip: string, now = Date.now(), devices: readonly KnownDevice[] = []) {
  await assertNoBackoff(BACKOFFS.loginPerAddress, ip, now);
  const user = await getDb().user.findUnique({
    where: { email },
    select: { id: true, companyId: true, role: true, isMaster: true, tokenVersion: true, passwordHash: true, emailVerifiedAt: true, preferredLanguage: true, deactivatedAt: true },
  });
  // Only what the account's present credentials proved: a password reset (a new token version) ends it.
  const device = user ? devices.find((known) => known.userId === user.id && known.version === user.tokenVersion) : undefined;
  const [backoff, key] = device ? [BACKOFFS.loginPerDevice, `${device.userId}:${device.nonce}`] : [BACKOFFS.loginPerAccount, email];
  await assertNoBackoff(backoff, key, now);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  // A deactivated person is refused like a wrong password: the account no longer exists for them.
  if (!user || !ok || user.deactivatedAt) {
    await recordFailure(BACKOFFS.loginPerAddress, ip, now);
    await recordFailure(backoff, key, now);
    if (user) await recordFailedSignIn(user, ok ? "deactivated" : "wrong_password", ip);
    throw new AppError(401, "invalid_credentials", "auth.invalidCredentials");
  }
  // The address keeps its count: one valid account must not let it guess others' passwords freely.
  await clearFailures(BACKOFFS.loginPerAccount, email);
  if (device) await clearFailures(BACKOFFS.loginPerDevice, key);
  if (!user.emailVerifiedAt) {
    await recordFailedSignIn(user, "email_not_verified", ip);
    throw new AppError(403, "email_not_verified", "auth.emailNotVerified");
  }
  try {
    await assertSsoAllows(user, "password");
  } catch (error) {
    await recordFailedSignIn(user, "sso_required", ip);
    throw error;
  }
  return user;
}

/**
 * A failed attempt on an account is a security event of its company (actor unknown: whoever
 * typed). An e-mail nobody has belongs to no company, so it leaves no entry; attempts refused by
 * the backoff are not checked and not recorded, which also bounds how many entries a guesser makes.
 */
function recordFailedSignIn(user: { id: string; companyId: string }, reason: "wrong_password" | "deactivated" | "email_not_verified" | "sso_required", ip: string) {
  return recordAudit({ companyId: user.companyId, actorId: null, action: "auth.sign_in_failed", entity: "user", entityId: user.id, details: { reason, ip } });
}
