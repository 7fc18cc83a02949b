// Browser sessions: the row a signed-in cookie points at. Opening and closing one are security
// events, recorded in the audit in the same transaction (docs/decisions/0025-audit.md).
import { getDb } from "~/utils/db.server";
import { recordAudit } from "~/utils/audit.server";
import { SESSION_TTL_MS } from "~/utils/session.server";

export interface SignInContext {
  /** The client's address (rate-limit.server.ts clientIp). */
  ip: string;
  userAgent?: string | null;
  /** How the person proved who they are: the password form (web), or a sign-in provider. */
  via?: string;
}

/** A new session for a person whose credentials were just checked; its id goes into the cookie. */
export async function openSession(user: { id: string; companyId: string }, context: SignInContext, now = new Date()) {
  return getDb().$transaction(async (tx) => {
    const session = await tx.session.create({
      data: { userId: user.id, expiresAt: new Date(now.getTime() + SESSION_TTL_MS), userAgent: context.userAgent?.slice(0, 200) ?? null, createdAt: now },
    });
    await recordAudit(
      { companyId: user.companyId, actorId: user.id, action: "auth.signed_in", entity: "user", entityId: user.id, details: { via: context.via ?? "web", ip: context.ip } },
      tx,
    );
    return session.id;
  });
}

/** Signing out: the session row goes, so the cookie no longer opens anything. Nothing to do for an unknown id. */
export async function closeSession(sessionId: string) {
  await getDb().$transaction(async (tx) => {
    const session = await tx.session.findUnique({ where: { id: sessionId }, select: { user: { select: { id: true, companyId: true } } } });
    if (!session) return;
    const { count } = await tx.session.deleteMany({ where: { id: sessionId } });
    if (count !== 1) return;
    await recordAudit({ companyId: session.user.companyId, actorId: session.user.id, action: "auth.signed_out", entity: "user", entityId: session.user.id, details: { via: "web" } }, tx);
  });
}
