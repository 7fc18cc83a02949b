// The three allowances and the figures shown for each, apart from the balance rules
// (balances.ts), so the balance cards do not ship the working-day maths to every first load.
export const BALANCE_KINDS = ["yearly", "residual", "special"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

export interface BalanceFigures {
  total: number;
  used: number;
  pending: number;
  /** total − used − pending − expired; negative when an admin granted more than the allowance. */
  remaining: number;
  /** Residual only, when days were carried into the year: carried days that lapsed unused. */
  expired?: number;
  /**
   * "hour" when the balance's types count hours (every figure is then hours, decision 0081);
   * absent for days, so a balance in days is the object it always was.
   */
  unit?: "hour";
  /**
   * Yearly only, when the yearly allowance accrues (decision 0082): what is earned to date of
   * `total`, and what may be booked now (earned − used − pending, or `remaining` when the company
   * lets people book ahead). Absent otherwise, so a balance that does not accrue is unchanged.
   */
  earned?: number;
  available?: number;
}

export type Balances = Record<BalanceKind, BalanceFigures>;
