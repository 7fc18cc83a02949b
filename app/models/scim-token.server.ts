// SCIM tokens (docs/decisions/0090-scim-provisioning.md): the bearer credential a company's
// directory (Entra ID, Okta, Google) provisions people with at /scim/v2. Made and revoked by company
// admins on Company settings → Provisioning. They live in the API tokens' table with role "scim"
// so they share its hashing, last use, revocation and the audit's token column, yet the API never
// accepts one (integration-token.server.ts names the API roles) and SCIM accepts nothing else.
import type { Prisma } from "~/generated/prisma/client";
import { displayName } from "~/lib/people";
import { MAX_API_TOKEN_NAME_LENGTH } from "~/lib/schemas/api-tokens";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { apiTokenWorksFor, assertAllowed, isAdmin, type Viewer } from "~/utils/permissions.server";
import { generateToken, hashToken } from "~/utils/tokens.server";
import { touchLastUsed } from "./integration-token.server";

export const SCIM_TOKEN_PREFIX = "scim_";
export const SCIM_TOKEN_ROLE = "scim";
/** A directory or two (a test tenant beside the real one) is what a company needs. */
export const MAX_ACTIVE_SCIM_TOKENS = 5;

const SECRET = /^scim_[A-Za-z0-9_-]{43}$/;

/** Company admins (admin or owner): provisioning adds and removes people, which is theirs to do. */
export function canManageScimTokens(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

const tokenNotFound = () => new AppError(404, "not_found", "scim.errors.notFound");

const tokenSelect = {
  id: true,
  name: true,
  lastFour: true,
  createdAt: true,
  lastUsedAt: true,
  createdBy: { select: { id: true, fullName: true, name: true, email: true, role: true, deactivatedAt: true } },
} satisfies Prisma.IntegrationTokenSelect;

type TokenRow = Prisma.IntegrationTokenGetPayload<{ select: typeof tokenSelect }>;

export interface ScimTokenSummary {
  id: string;
  name: string;
  /** "scim_…AbCd": enough to tell tokens apart, nothing to use. */
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  createdBy: { id: string; name: string };
  /** False while its creator is deactivated or no longer a company admin: every request is a 401. */
  working: boolean;
}

function summaryOf(row: TokenRow): ScimTokenSummary {
  return {
    id: row.id,
    name: row.name,
    hint: `${SCIM_TOKEN_PREFIX}…${row.lastFour}`,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    createdBy: { id: row.createdBy.id, name: displayName(row.createdBy) },
    working: apiTokenWorksFor(row.createdBy),
  };
}

/** The company's SCIM tokens in use, newest first. */
export async function listScimTokens(viewer: Viewer): Promise<ScimTokenSummary[]> {
  assertAllowed(canManageScimTokens(viewer));
  const rows = await getDb().integrationToken.findMany({
    where: { companyId: viewer.companyId, revokedAt: null, role: SCIM_TOKEN_ROLE },
    select: tokenSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(summaryOf);
}

/** One of the company's SCIM tokens in use; anyone else's id, an API token's or a revoked one is a 404. */
export async function getScimToken(viewer: Viewer, id: string, client: Prisma.TransactionClient | ReturnType<typeof getDb> = getDb()): Promise<ScimTokenSummary> {
  assertAllowed(canManageScimTokens(viewer));
  const row = await client.integrationToken.findFirst({ where: { id, companyId: viewer.companyId, revokedAt: null, role: SCIM_TOKEN_ROLE }, select: tokenSelect });
  if (!row) throw tokenNotFound();
  return summaryOf(row);
}

function nameOf(raw: string): string {
  const name = raw.trim();
  if (!name) throw new AppError(400, "validation_failed", "scim.validation.nameRequired", { fields: { name: "scim.validation.nameRequired" } });
  if (name.length > MAX_API_TOKEN_NAME_LENGTH) throw new AppError(400, "validation_failed", "scim.validation.nameTooLong", { fields: { name: "scim.validation.nameTooLong" } });
  return name;
}

/** A new SCIM token acting as the viewer; its secret is returned this once (only its hash is kept). */
export async function createScimToken(viewer: Viewer, input: { name: string }): Promise<{ token: ScimTokenSummary; secret: string }> {
  assertAllowed(canManageScimTokens(viewer));
  const name = nameOf(input.name);
  const { companyId, userId } = viewer;
  const secret = SCIM_TOKEN_PREFIX + generateToken();
  const row = await getDb().$transaction(async (tx) => {
    const active = await tx.integrationToken.findMany({ where: { companyId, revokedAt: null, role: SCIM_TOKEN_ROLE }, select: { name: true } });
    if (active.length >= MAX_ACTIVE_SCIM_TOKENS) throw new AppError(409, "too_many_tokens", "scim.errors.limit", { params: { max: String(MAX_ACTIVE_SCIM_TOKENS) } });
    if (active.some((token) => token.name.toLocaleLowerCase() === name.toLocaleLowerCase())) {
      throw new AppError(409, "name_taken", "scim.errors.nameTaken", { fields: { name: "scim.errors.nameTaken" }, params: { name } });
    }
    const created = await tx.integrationToken.create({
      data: { companyId, name, role: SCIM_TOKEN_ROLE, createdById: userId, tokenHash: hashToken(secret), lastFour: secret.slice(-4) },
      select: tokenSelect,
    });
    await recordAudit({ companyId, actorId: userId, action: "scim_token.created", entity: "api_token", entityId: created.id, details: { name: { old: null, new: name } } }, tx);
    return created;
  });
  return { token: summaryOf(row), secret };
}

/** Ends one of the company's SCIM tokens for good: the directory's next request is a 401. */
export async function revokeScimToken(viewer: Viewer, id: string, now = new Date()): Promise<ScimTokenSummary> {
  assertAllowed(canManageScimTokens(viewer));
  return getDb().$transaction(async (tx) => {
    const token = await getScimToken(viewer, id, tx);
    const { count } = await tx.integrationToken.updateMany({
      where: { id, companyId: viewer.companyId, revokedAt: null, role: SCIM_TOKEN_ROLE },
      data: { revokedAt: now, revokedById: viewer.userId },
    });
    if (count !== 1) throw tokenNotFound();
    await recordAudit(
      {
        companyId: viewer.companyId,
        actorId: viewer.userId,
        action: "scim_token.revoked",
        entity: "api_token",
        entityId: id,
        details: { name: token.name, ...changes({ revoked_at: null as string | null }, { revoked_at: now.toISOString() }) },
      },
      tx,
    );
    return token;
  });
}

export interface AuthenticatedScimToken {
  id: string;
  name: string;
  companyId: string;
  creatorId: string;
}

/**
 * The SCIM token a bearer secret names, or null — the same null for a malformed, unknown, revoked
 * or API token and for one whose creator is no longer an active company admin. Notes the use.
 */
export async function authenticateScimToken(secret: string, now = new Date()): Promise<AuthenticatedScimToken | null> {
  if (!SECRET.test(secret)) return null;
  const row = await getDb().integrationToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: { id: true, name: true, role: true, companyId: true, revokedAt: true, lastUsedAt: true, createdBy: { select: { id: true, companyId: true, role: true, deactivatedAt: true } } },
  });
  if (!row || row.revokedAt || row.role !== SCIM_TOKEN_ROLE || row.createdBy.companyId !== row.companyId || !apiTokenWorksFor(row.createdBy)) return null;
  await touchLastUsed(row, now);
  return { id: row.id, name: row.name, companyId: row.companyId, creatorId: row.createdBy.id };
}
