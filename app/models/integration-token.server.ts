// API tokens for integrations (docs/decisions/0033-api-tokens-and-idempotency.md): named,
// company-scoped, read-only or admin, made and revoked by company admins on Company settings →
// API tokens. The secret is "fol_" and 32 random bytes, shown once; only its SHA-256 is kept. A
// token acts as the admin who made it (capped by its role) and stops when that person is no longer
// an active company admin. Making and revoking are audited; every change made with a token is
// audited with the token beside its creator (recordAudit).
import type { Prisma } from "~/generated/prisma/client";
import { MAX_API_TOKEN_NAME_LENGTH } from "~/lib/schemas/api-tokens";
import { displayName } from "~/lib/people";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { API_TOKEN_ROLES, apiTokenWorksFor, assertAllowed, canManageApiTokens, type ApiTokenRole, type Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";

/** What every secret starts with, so it is recognisable in a config file or a leaked log. */
export const API_TOKEN_PREFIX = "fol_";
/** Active (not revoked) tokens a company may have at once. */
export const MAX_ACTIVE_API_TOKENS = 20;
/** A request writes lastUsedAt at most this often, however many the token makes. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const SECRET = /^fol_[A-Za-z0-9_-]{43}$/;

// SCIM tokens share the table (hash, last use, revocation, the audit's token column) but are never
// API tokens: every API-token query names the API roles (scim-token.server.ts has the rest).
const API_ROLES = { in: [...API_TOKEN_ROLES] };

const tokenNotFound = () => new AppError(404, "not_found", "apiTokens.errors.notFound");

const tokenSelect = {
  id: true,
  name: true,
  role: true,
  lastFour: true,
  createdAt: true,
  lastUsedAt: true,
  createdBy: { select: { id: true, fullName: true, name: true, email: true, role: true, deactivatedAt: true } },
} satisfies Prisma.IntegrationTokenSelect;

type TokenRow = Prisma.IntegrationTokenGetPayload<{ select: typeof tokenSelect }>;

export interface ApiTokenSummary {
  id: string;
  name: string;
  role: ApiTokenRole;
  /** "fol_…AbCd": enough to tell tokens apart, nothing to use. */
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  createdBy: { id: string; name: string; email: string };
  /** False while its creator is deactivated or no longer a company admin: every request is a 401. */
  working: boolean;
}

const roleOf = (role: string): ApiTokenRole => (role === "admin" ? "admin" : "read");

function summaryOf(row: TokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    role: roleOf(row.role),
    hint: `${API_TOKEN_PREFIX}…${row.lastFour}`,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    createdBy: { id: row.createdBy.id, name: displayName(row.createdBy), email: row.createdBy.email },
    working: apiTokenWorksFor(row.createdBy),
  };
}

/** The company's tokens still in use, newest first (revoked ones are history: the audit keeps them). */
export async function listApiTokens(viewer: Viewer): Promise<ApiTokenSummary[]> {
  assertAllowed(canManageApiTokens(viewer));
  const rows = await getDb().integrationToken.findMany({
    where: { companyId: viewer.companyId, revokedAt: null, role: API_ROLES },
    select: tokenSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(summaryOf);
}

/** One of the company's tokens still in use; anyone else's id, or a revoked one, is a 404. */
export async function getApiToken(viewer: Viewer, id: string, client: Prisma.TransactionClient | ReturnType<typeof getDb> = getDb()): Promise<ApiTokenSummary> {
  assertAllowed(canManageApiTokens(viewer));
  const row = await client.integrationToken.findFirst({ where: { id, companyId: viewer.companyId, revokedAt: null, role: API_ROLES }, select: tokenSelect });
  if (!row) throw tokenNotFound();
  return summaryOf(row);
}

function nameOf(raw: string): string {
  const name = raw.trim();
  if (!name) throw new AppError(400, "validation_failed", "apiTokens.validation.nameRequired", { fields: { name: "apiTokens.validation.nameRequired" } });
  if (name.length > MAX_API_TOKEN_NAME_LENGTH) throw new AppError(400, "validation_failed", "apiTokens.validation.nameTooLong", { fields: { name: "apiTokens.validation.nameTooLong" } });
  return name;
}

export interface IssuedApiToken {
  token: ApiTokenSummary;
  /** Shown once: only its hash is kept. */
  secret: string;
}

/**
 * A new token acting as the viewer. Names are unique among the company's tokens in use (the audit
 * and the list tell them apart by name); at most MAX_ACTIVE_API_TOKENS at once.
 */
export async function createApiToken(viewer: Viewer, input: { name: string; role: string }): Promise<IssuedApiToken> {
  assertAllowed(canManageApiTokens(viewer));
  const name = nameOf(input.name);
  if (!(API_TOKEN_ROLES as readonly string[]).includes(input.role)) {
    throw new AppError(400, "validation_failed", "apiTokens.validation.roleRequired", { fields: { role: "apiTokens.validation.roleRequired" } });
  }
  const role = roleOf(input.role);
  const { companyId, userId } = viewer;
  const secret = API_TOKEN_PREFIX + generateToken();
  const row = await getDb().$transaction(async (tx) => {
    const active = await tx.integrationToken.findMany({ where: { companyId, revokedAt: null, role: API_ROLES }, select: { name: true } });
    if (active.length >= MAX_ACTIVE_API_TOKENS) {
      throw new AppError(409, "too_many_tokens", "apiTokens.errors.limit", { params: { max: String(MAX_ACTIVE_API_TOKENS) } });
    }
    if (active.some((token) => token.name.toLocaleLowerCase() === name.toLocaleLowerCase())) {
      throw new AppError(409, "name_taken", "apiTokens.errors.nameTaken", { fields: { name: "apiTokens.errors.nameTaken" }, params: { name } });
    }
    const created = await tx.integrationToken.create({
      data: { companyId, name, role, createdById: userId, tokenHash: hashToken(secret), lastFour: secret.slice(-4) },
      select: tokenSelect,
    });
    await recordAudit(
      { companyId, actorId: userId, action: "api_token.created", entity: "api_token", entityId: created.id, details: { name: { old: null, new: name }, role: { old: null, new: role } } },
      tx,
    );
    return created;
  });
  return { token: summaryOf(row), secret };
}

/** Ends one of the company's tokens for good: its next request is a 401. Any company admin may. */
export async function revokeApiToken(viewer: Viewer, id: string, now = new Date()): Promise<ApiTokenSummary> {
  assertAllowed(canManageApiTokens(viewer));
  return getDb().$transaction(async (tx) => {
    const token = await getApiToken(viewer, id, tx);
    const { count } = await tx.integrationToken.updateMany({ where: { id, companyId: viewer.companyId, revokedAt: null, role: API_ROLES }, data: { revokedAt: now, revokedById: viewer.userId } });
    if (count !== 1) throw tokenNotFound();
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "api_token.revoked",
        entity: "api_token",
        entityId: id,
        details: { name: token.name, role: token.role, ...changes({ revoked_at: null as string | null }, { revoked_at: now.toISOString() }) },
      },
      tx,
    );
    return token;
  });
}

export interface AuthenticatedApiToken {
  id: string;
  name: string;
  role: ApiTokenRole;
  companyId: string;
  creatorId: string;
}

/** Whether a bearer credential is one of these tokens (rather than a sign-in's access token). */
export function isApiTokenSecret(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}

/**
 * The token a bearer secret names, or null — the same null for a malformed, unknown or revoked
 * secret and for one whose creator is no longer an active company admin. Notes the use (at most
 * once a minute).
 */
export async function authenticateApiToken(secret: string, now = new Date()): Promise<AuthenticatedApiToken | null> {
  if (!SECRET.test(secret)) return null;
  const row = await getDb().integrationToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: { id: true, name: true, role: true, companyId: true, revokedAt: true, lastUsedAt: true, createdBy: { select: { id: true, companyId: true, role: true, deactivatedAt: true } } },
  });
  if (!row || row.revokedAt || !(API_TOKEN_ROLES as readonly string[]).includes(row.role) || row.createdBy.companyId !== row.companyId || !apiTokenWorksFor(row.createdBy)) return null;
  await touchLastUsed(row, now);
  return { id: row.id, name: row.name, role: roleOf(row.role), companyId: row.companyId, creatorId: row.createdBy.id };
}

/** Records the use, unless one was recorded in the last minute (the read row says; the update re-checks for races). */
export async function touchLastUsed(token: { id: string; lastUsedAt: Date | null }, now: Date) {
  const since = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (token.lastUsedAt && token.lastUsedAt > since) return;
  await getDb().integrationToken.updateMany({ where: { id: token.id, revokedAt: null, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: since } }] }, data: { lastUsedAt: now } });
}
