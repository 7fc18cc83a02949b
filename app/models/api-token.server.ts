// API sign-in: a short-lived JWT access token plus a random refresh token stored hashed. Each
// refresh rotates the refresh token; presenting one that was already rotated means it leaked, so
// the whole family (every descendant of that sign-in) is revoked.
import { randomUUID } from "node:crypto";
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
}

async function issue(user: TokenUser, familyId: string, now: Date) {
  const refreshToken = generateToken();
  await getDb().refreshToken.create({
    data: { userId: user.id, familyId, tokenHash: hashToken(refreshToken), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) },
  });
  const accessToken = await signAccessToken({ userId: user.id, companyId: user.companyId, role: user.role, master: user.isMaster });
  return { accessToken, refreshToken };
}

export function issueTokenPair(user: TokenUser, now = new Date()) {
  return issue(user, randomUUID(), now);
}

export async function refreshTokenPair(refreshToken: string, now = new Date()) {
  const invalid = new AppError(401, "invalid_refresh_token", "auth.invalidRefreshToken");
  if (!refreshToken) throw invalid;
  const db = getDb();
  const row = await db.refreshToken.findUnique({
    where: { tokenHash: hashToken(refreshToken) },
    include: { user: { select: { id: true, companyId: true, role: true, isMaster: true, deactivatedAt: true } } },
  });
  if (!row || row.revokedAt || row.expiresAt <= now || row.user.deactivatedAt) throw invalid;
  // Only one caller can rotate a token: the conditional update is the lock.
  const { count } = await db.refreshToken.updateMany({ where: { id: row.id, rotatedAt: null, revokedAt: null }, data: { rotatedAt: now } });
  if (count !== 1) {
    await db.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
    throw invalid;
  }
  return { user: row.user, ...(await issue(row.user, row.familyId, now)) };
}

export async function revokeRefreshToken(refreshToken: string, now = new Date()) {
  if (!refreshToken) return;
  const db = getDb();
  const row = await db.refreshToken.findUnique({ where: { tokenHash: hashToken(refreshToken) }, select: { familyId: true } });
  if (row) await db.refreshToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: now } });
}
