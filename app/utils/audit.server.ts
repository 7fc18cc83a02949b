import type { Prisma } from "~/generated/prisma/client";
import { actingToken } from "./api-call.server";
import { getDb } from "./db.server";

type Client = Prisma.TransactionClient | ReturnType<typeof getDb>;

export interface AuditInput {
  companyId: string;
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  /** { field: { old, new } } for changes, or plain key-value pairs. */
  details?: Record<string, unknown>;
}

/**
 * Written in the same transaction as the change it describes, when one is given. A change made
 * through /api with an API token names the token beside the person (api-call.server.ts).
 */
export function recordAudit(entry: AuditInput, client: Client = getDb()) {
  return client.auditEntry.create({
    data: {
      companyId: entry.companyId,
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      apiTokenId: actingToken()?.id ?? null,
    },
  });
}

/** The fields that differ between two snapshots, as { field: { old, new } }. */
export function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const diff: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) diff[key] = { old: before[key], new: value };
  }
  return diff;
}
