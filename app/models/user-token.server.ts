// Single-use, expiring links for e-mail verification and password reset. The link carries a random
// token; only its hash is stored, and using it is one conditional UPDATE, so two clicks racing
// each other cannot both succeed.
import { AppError } from "~/utils/errors.server";
import type { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/utils/db.server";
import { generateToken, hashToken } from "~/utils/tokens.server";

export type UserTokenType = "verify_email" | "password_reset";

export const USER_TOKEN_TTL_MS: Record<UserTokenType, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

/**
 * A new link, replacing the older ones of the same kind. Runs in the caller's transaction, which
 * records why the link was made (account.server.ts, company.server.ts).
 */
export async function createUserToken(tx: Prisma.TransactionClient, userId: string, type: UserTokenType, now = new Date()): Promise<string> {
  const token = generateToken();
  await tx.userToken.updateMany({ where: { userId, type, usedAt: null }, data: { usedAt: now } });
  await tx.userToken.create({
    data: { userId, type, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + USER_TOKEN_TTL_MS[type]) },
  });
  return token;
}

/**
 * Marks the token used and returns its user id; a clear AppError when missing, used or expired.
 * Runs in the caller's transaction, with the change the link makes and its audit entry.
 */
export async function consumeUserToken(db: Prisma.TransactionClient, token: string, type: UserTokenType, now = new Date()): Promise<string> {
  if (!token) throw new AppError(400, "token_missing", "token.missing");
  const tokenHash = hashToken(token);
  const { count } = await db.userToken.updateMany({
    where: { tokenHash, type, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const row = await db.userToken.findUnique({ where: { tokenHash }, select: { userId: true, expiresAt: true, type: true } });
  if (count === 1 && row) return row.userId;
  if (!row || row.type !== type) throw new AppError(400, "token_invalid", "token.invalid");
  if (row.expiresAt <= now) throw new AppError(400, "token_expired", "token.expired");
  throw new AppError(400, "token_used", "token.used");
}

/** Checks a token without using it (to decide what a link's page shows). */
export async function peekUserToken(token: string, type: UserTokenType, now = new Date()): Promise<void> {
  if (!token) throw new AppError(400, "token_missing", "token.missing");
  const row = await getDb().userToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { type: true, usedAt: true, expiresAt: true } });
  if (!row || row.type !== type) throw new AppError(400, "token_invalid", "token.invalid");
  if (row.usedAt) throw new AppError(400, "token_used", "token.used");
  if (row.expiresAt <= now) throw new AppError(400, "token_expired", "token.expired");
}
