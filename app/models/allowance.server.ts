import type { Prisma } from "~/generated/prisma/client";
import { balanceUnits, type BalanceKind } from "~/lib/balances";
import type { LeaveUnit } from "~/lib/leave-charge";
import { ALLOWANCE_MESSAGES, isAllowanceAmount } from "~/lib/schemas/people";
import type { DbClient } from "~/utils/db.server";
import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { enqueueWebhookEvent, enqueueWebhookEvents, kickWebhooks } from "./webhook.server";

export interface AllowanceInput {
  userId: string;
  year: number;
  yearly: number;
  residual: number;
  specialLeave: number;
}

/** The unit each of a company's balances counts in, from its absence types (decision 0081). */
export async function allowanceUnits(companyId: string, db: DbClient = getDb()): Promise<Record<BalanceKind, LeaveUnit>> {
  return balanceUnits(await db.absenceCategory.findMany({ where: { companyId }, select: { id: true, balance: true, unit: true } }));
}

const FIELD_KINDS = { yearly: "yearly", residual: "residual", specialLeave: "special" } as const;

/**
 * Each figure in its balance's unit: half days, or quarter hours for a balance in hours; a 400
 * next to the first field that is not (the schemas let quarter hours through: they cannot know
 * the unit).
 */
async function assertAllowanceUnits(tx: DbClient, companyId: string, values: Partial<AllowanceValues>) {
  const units = await allowanceUnits(companyId, tx);
  for (const field of ["yearly", "residual", "specialLeave"] as const) {
    const value = values[field];
    if (value === undefined) continue;
    const unit = units[FIELD_KINDS[field]];
    if (isAllowanceAmount(value, unit)) continue;
    const key = unit === "hour" ? "hours.errors.allowanceHours" : ALLOWANCE_MESSAGES[field];
    throw new AppError(400, "validation_failed", key, { fields: { [field]: key } });
  }
}

/** Company admins set a person's allowances for a year (created or replaced), audited old → new. */
export async function upsertAllowance(viewer: Viewer, input: AllowanceInput) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
  const user = await db.user.findFirst({ where: { id: input.userId, companyId, deactivatedAt: null }, select: { id: true } });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  const written = await db.$transaction(async (tx) => {
    await assertAllowanceUnits(tx, companyId, input);
    const before = await tx.allowance.findUnique({ where: { userId_year: { userId: user.id, year: input.year } } });
    const saved = await writeAllowance(tx, viewer, user.id, input.year, before, { yearly: input.yearly, residual: input.residual, specialLeave: input.specialLeave });
    return { saved, webhooks: await enqueueWebhookEvent(tx, companyId, "balance.changed", () => serializeAllowance(saved)) };
  });
  kickWebhooks(written.webhooks);
  return written.saved;
}

/** An allowance as the API shows it (POST /api/reports/allowances/upsert, the balance.changed webhook). */
export function serializeAllowance(saved: { userId: string; year: number; yearly: number; residual: number; specialLeave: number }) {
  return { userId: saved.userId, year: saved.year, yearlyAllowance: saved.yearly, residualAllowance: saved.residual, specialLeaveAllowance: saved.specialLeave };
}

type AllowanceValues = Pick<AllowanceRow, "yearly" | "residual" | "specialLeave">;

async function writeAllowance(tx: Prisma.TransactionClient, viewer: Viewer, userId: string, year: number, before: AllowanceValues | null, values: AllowanceValues) {
  const { companyId } = viewer;
  const saved = await tx.allowance.upsert({
    where: { userId_year: { userId, year } },
    create: { companyId, userId, year, ...values },
    update: values,
  });
  await recordAudit(
    {
      companyId,
      actorId: viewer.userId,
      action: "allowance.updated",
      entity: "allowance",
      entityId: saved.id,
      details: { user_id: userId, year, ...changes(before ?? { yearly: null, residual: null, specialLeave: null }, values) },
    },
    tx,
  );
  return saved;
}

export interface BulkAllowanceInput {
  year: number;
  /** The people to set, or all the company's active people. */
  userIds: readonly string[] | "everyone";
  yearly: number;
  /** Left out: each person keeps the residual (special leave) they have for the year, 0 if none. */
  residual?: number;
  specialLeave?: number;
}

/**
 * Sets a year's allowances for many people at once, all or nothing (one transaction): an id that
 * is not an active person of the viewer's company refuses the whole batch (404). People whose
 * allowances already have these values are left untouched; each one changed gets its own audit
 * entry. Decisions: docs/decisions/0019-people-and-allowances.md.
 */
export async function setYearAllowances(viewer: Viewer, input: BulkAllowanceInput) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const { year } = input;
  const { webhooks, ...result } = await getDb().$transaction(async (tx) => {
    await assertAllowanceUnits(tx, companyId, input);
    const ids = input.userIds === "everyone" ? null : [...new Set(input.userIds)];
    const people = await tx.user.findMany({ where: { companyId, deactivatedAt: null, ...(ids ? { id: { in: ids } } : {}) }, select: { id: true } });
    if (ids && people.length !== ids.length) throw new AppError(404, "not_found", "errors.userNotFound");
    const rows = await tx.allowance.findMany({ where: { companyId, year, userId: { in: people.map((p) => p.id) } } });
    const existing = new Map(rows.map((row) => [row.userId, row]));
    let changed = 0;
    const saved = [];
    for (const person of people) {
      const before = existing.get(person.id) ?? null;
      const values = { yearly: input.yearly, residual: input.residual ?? before?.residual ?? 0, specialLeave: input.specialLeave ?? before?.specialLeave ?? 0 };
      if (before && before.yearly === values.yearly && before.residual === values.residual && before.specialLeave === values.specialLeave) continue;
      saved.push(await writeAllowance(tx, viewer, person.id, year, before, values));
      changed += 1;
    }
    // One read of the endpoints for the whole batch, one event per person changed.
    const webhooks = await enqueueWebhookEvents(tx, companyId, saved.map((row) => ({ type: "balance.changed" as const, data: () => serializeAllowance(row) })));
    return { changed, unchanged: people.length - changed, webhooks };
    // Hundreds of people are a few thousand statements: more than the default 5 s on a busy disk.
  }, { timeout: 30_000 });
  kickWebhooks(webhooks);
  return result;
}

export interface AllowanceRow {
  year: number;
  yearly: number;
  residual: number;
  specialLeave: number;
}

/**
 * The allowance that applies to a year: that year's row, or — when management has not set the new
 * year yet — the yearly allowance of the latest earlier year (carryover and special leave are
 * granted per year, so they start at 0). Without this, every request for next year would be
 * refused until an admin filled in 200 rows. Rows must be one person's, any years.
 */
export function effectiveAllowance<T extends AllowanceRow>(rows: readonly T[], year: number): AllowanceRow | null {
  const exact = rows.find((row) => row.year === year);
  if (exact) return exact;
  const earlier = rows.filter((row) => row.year < year).sort((a, b) => b.year - a.year)[0];
  return earlier ? { year, yearly: earlier.yearly, residual: 0, specialLeave: 0 } : null;
}
