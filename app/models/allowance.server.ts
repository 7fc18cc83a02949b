import { changes, recordAudit } from "~/utils/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";

export interface AllowanceInput {
  userId: string;
  year: number;
  yearly: number;
  residual: number;
  specialLeave: number;
}

/** Company admins set a person's allowances for a year (created or replaced), audited old → new. */
export async function upsertAllowance(viewer: Viewer, input: AllowanceInput) {
  requireAdmin(viewer);
  const { companyId } = viewer;
  const db = getDb();
  const user = await db.user.findFirst({ where: { id: input.userId, companyId, deactivatedAt: null }, select: { id: true } });
  if (!user) throw new AppError(404, "not_found", "errors.userNotFound");
  return db.$transaction(async (tx) => {
    const before = await tx.allowance.findUnique({ where: { userId_year: { userId: user.id, year: input.year } } });
    const values = { yearly: input.yearly, residual: input.residual, specialLeave: input.specialLeave };
    const saved = await tx.allowance.upsert({
      where: { userId_year: { userId: user.id, year: input.year } },
      create: { companyId, userId: user.id, year: input.year, ...values },
      update: values,
    });
    await recordAudit(
      {
        companyId,
        actorId: viewer.userId,
        action: "allowance.updated",
        entity: "allowance",
        entityId: saved.id,
        details: { user_id: user.id, year: input.year, ...changes(before ?? { yearly: null, residual: null, specialLeave: null }, values) },
      },
      tx,
    );
    return saved;
  });
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
