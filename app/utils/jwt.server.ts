import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { getEnv } from "./env.server";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "folga";

// Derived from SESSION_SECRET with a label, so one secret configures both and they never coincide.
function signingKey(): Uint8Array {
  return new Uint8Array(createHmac("sha256", getEnv().SESSION_SECRET).update("jwt-access-token").digest());
}

export interface AccessClaims {
  userId: string;
  companyId: string;
  role: string;
  master: boolean;
  /**
   * The person's token version when the token was issued (User.tokenVersion): a password reset, a
   * leaked refresh token or a deactivation moves it on, and every token issued before is refused.
   */
  version: number;
}

export function signAccessToken(claims: AccessClaims): Promise<string> {
  return new SignJWT({ company: claims.companyId, role: claims.role, master: claims.master, ver: claims.version })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(signingKey());
}

/** The claims of a valid, unexpired token, or null. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.company !== "string") return null;
    // A token from before versions were written (at most 15 minutes old) is of version 0.
    const version = payload.ver ?? 0;
    if (!Number.isSafeInteger(version)) return null;
    return { userId: payload.sub, companyId: payload.company, role: String(payload.role), master: payload.master === true, version: version as number };
  } catch {
    return null;
  }
}
