// The per-person allowance report of a year: one load of the company's balance inputs, computed in memory.
import type { Balances } from "~/lib/balances";
import { displayName } from "~/lib/people";
import { getDb } from "~/utils/db.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { loadBalanceInputs } from "./balance.server";

export interface ReportRow {
  user: { id: string; name: string; email: string; role: string };
  balances: Balances;
}

/** Company admins read everyone's balances of a year, including people deactivated during it. */
export async function allowanceReport(viewer: Viewer, year: number): Promise<ReportRow[]> {
  requireAdmin(viewer);
  const inputs = await loadBalanceInputs(getDb(), viewer.companyId, { fromYear: year, toYear: year, withRecentlyDeactivated: true });
  return inputs.people.map((person) => ({
    user: { id: person.id, name: displayName(person), email: person.email, role: person.role },
    balances: inputs.balancesOf(person.id, year),
  }));
}

/** The viewer's own balances of a year (/api/users/me/allowances-summary). */
export async function ownBalances(viewer: Viewer, year: number): Promise<Balances> {
  const inputs = await loadBalanceInputs(getDb(), viewer.companyId, { fromYear: year, toYear: year, userIds: [viewer.userId] });
  return inputs.balancesOf(viewer.userId, year);
}

/** The /api report row (spec section 3, camelCase as the spec names them). */
export function serializeReportRow({ user, balances }: ReportRow) {
  return {
    user,
    yearlyAllowance: balances.yearly.total,
    yearlyUsed: balances.yearly.used,
    yearlyPending: balances.yearly.pending,
    yearlyRemaining: balances.yearly.remaining,
    residualAllowance: balances.residual.total,
    residualUsed: balances.residual.used,
    residualPending: balances.residual.pending,
    residualRemaining: balances.residual.remaining,
    specialLeaveAllowance: balances.special.total,
    specialLeaveUsed: balances.special.used,
    specialLeavePending: balances.special.pending,
    specialLeaveRemaining: balances.special.remaining,
  };
}
