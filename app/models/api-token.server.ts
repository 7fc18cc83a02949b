// API sign-in: a short-lived JWT access token plus a random refresh token stored hashed. Each
// refresh rotates the refresh token; presenting one that was already rotated means it leaked, so
// the whole family (every descendant of that sign-in) is revoked.
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { signAccessToken } from "~/utils/jwt.server";
import { generateToken, hashToken } from "~/utils/tokens.server";

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

interface TokenUser {
  id: string;
  companyId: string;
  role: string;
  isMaster: boolean;
  tokenVersion: number;
}

async function issue(user: TokenUser, familyId: string, now: Date, db: Prisma.TransactionClient | PrismaClient = getDb()) {
  const refreshToken = generateToken();
  await db.refreshToken.create({
    data: { userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) },
  });
  const accessToken = await signAccessToken({ userId: user.id, companyId: user.companyId, role: user.role, master: user.isMaster, version: user.tokenVersion });
  return { accessToken, refreshToken };
}

/** An API sign-in (a new token family), recorded in the audit with the refresh token it creates. */
export function issueTokenPair(user: TokenUser, context: { ip: string }, now = new Date()) {
  return getDb().$transaction(async (tx) => {
    const tokens = await issue(user, randomUUID(), now, tx);
    await recordAudit({ companyId: user.companyId, actorId: user.id, action: "auth.signed_in", entity: "user", entityId: user.id, details: { via: "api", ip: context.ip } }, tx);
    return tokens;
  });
}

export async function refreshTokenPair(refreshToken: string, now = new Date()) {
  const invalid = new AppError(401, "invalid_refresh_token", "auth.invalidRefreshToken");
  if (!refreshToken) throw invalid;
  const db = getDb();
  const row = await db.refreshToken.findUnique({
    where: { tokenHash: hashToken(refreshToken) },
    include: { user: { select: { id: true, companyId: true, role: true, isMaster: true, tokenVersion: true, deactivatedAt: true } } },
  });
  if (!row || row.revokedAt || row.expiresAt <= now || row.user.deactivatedAt) throw invalid;
  // Revocations end whole families. A token issued by a rotation that raced the revocation of its
  // family (inserted just after the family's rows were revoked) is of a revoked family all the same.
  const familyRevoked = await db.refreshToken.count({ where: { familyId: row.familyId, revokedAt: { not: null } } });
  if (familyRevoked > 0) {
    await db.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    throw invalid;
  }
  // Only one caller can rotate a token: the conditional update is the lock; the rotation and its
  // new token are one transaction.
  const rotated = await db.$transaction(async (tx) => {
    const { count } = await tx.refreshToken.updateMany({ where: { id: row.id, rotatedAt: null, revokedAt: null }, data: { rotatedAt: now } });
    return count === 1 ? issue(row.user, row.familyId, now, tx) : null;
  });
  if (!rotated) {
    // A rotated token presented again has leaked: the sign-in it belongs to ends, a security event.
    // So do the person's access tokens, which whoever holds the leaked token may have too: their
    // version moves on (the person's other sign-ins refresh once to carry on).
    await db.$transaction(async (tx) => {
      const revoked = await tx.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
      if (revoked.count === 0) return;
      await tx.user.update({ where: { id: row.user.id }, data: { tokenVersion: { increment: 1 } } });
      await recordAudit(
        { companyId: row.user.companyId, actorId: null, action: "auth.sessions_revoked", entity: "user", entityId: row.user.id, details: { reason: "refresh_token_reused", via: "api", tokens: revoked.count } },
        tx,
      );
    });
    throw invalid;
  }
  // A rotation continues a sign-in already recorded: one entry per refresh would bury the audit.
  return { user: row.user, ...rotated };
}

/** API sign-out: the whole sign-in (its token family) ends. Recorded when it was still open. */
export async function revokeRefreshToken(refreshToken: string, now = new Date()) {
  if (!refreshToken) return;
  const db = getDb();
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashToken(refreshToken) }, select: { familyId: true, user: { select: { id: true, companyId: true } } } });
  if (!row) return;
  await db.$transaction(async (tx) => {
    const { count } = await tx.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    if (count === 0) return;
    await recordAudit({ companyId: row.user.companyId, actorId: row.user.id, action: "auth.signed_out", entity: "user", entityId: row.user.id, details: { via: "api" } }, tx);
  });
}
