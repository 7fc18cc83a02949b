// Absence categories (AbsenceCategory rows): what every company starts with and the balances a category
// may draw on. Client-safe: the screens need the seeded names to tell a renamed category from one
// still showing its translated name (app/components/absence-category-name.ts).

export const BALANCE_KINDS = ["yearly", "residual", "special", "none"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

/** A stored balance as the rules read it: anything but yearly, residual or special is 'none'. */
export function asBalanceKind(value: string): BalanceKind {
  return (BALANCE_KINDS as readonly string[]).includes(value) ? (value as BalanceKind) : "none";
}

// Categories every new company starts with. `balance` says which allowance a request draws on.
export const DEFAULT_CATEGORIES = [
  { id: "yearly_allowance", name: "Vacation", color: "#2e7d32", balance: "yearly", sortOrder: 0 },
  { id: "residual", name: "Residual (carryover)", color: "#1565c0", balance: "residual", sortOrder: 1 },
  { id: "special_leave", name: "Special leave", color: "#6a1b9a", balance: "special", sortOrder: 2 },
  // Sickness is reported, not requested, and asks for a certificate (decision 0092).
  { id: "sick_leave", name: "Sick leave", color: "#c62828", balance: "none", sortOrder: 3, reported: true, requiresApproval: false, documentRequired: true },
  { id: "training", name: "Training", color: "#ef6c00", balance: "none", sortOrder: 4 },
  { id: "unpaid_leave", name: "Unpaid leave", color: "#546e7a", balance: "none", sortOrder: 5 },
] as const;

/** True while a seeded category keeps the name it was seeded with: screens show its translation then. */
export function hasSeededName(category: { id: string; name: string }): boolean {
  return DEFAULT_CATEGORIES.some((seeded) => seeded.id === category.id && seeded.name === category.name);
}

/**
 * The categories whose amounts meet in one balance, and so must count in one unit (decision 0081):
 * yearly and residual together (unused yearly leave is carried into the residual), special alone.
 * A category drawing on no balance is its own: its unit is its own business.
 */
export type UnitGroup = "yearly" | "special";

export function unitGroupOf(balance: string): UnitGroup | null {
  const kind = asBalanceKind(balance);
  if (kind === "yearly" || kind === "residual") return "yearly";
  if (kind === "special") return "special";
  return null;
}

/** The balance kinds of a unit group: those whose allowance figures and absences a unit change would reinterpret. */
export function balanceKindsOf(group: UnitGroup): Exclude<BalanceKind, "none">[] {
  return group === "yearly" ? ["yearly", "residual"] : ["special"];
}

/**
 * Accrual (decision 0082) belongs to the yearly allowance: only a type drawing on it may accrue,
 * and the yearly types accrue together (the model keeps their flags equal), so the balance earns
 * its allowance month by month when any of them says so. Residual days were earned last year;
 * special leave is granted, not earned.
 */
export function canAccrue(balance: string): boolean {
  return asBalanceKind(balance) === "yearly";
}

/** Whether the yearly allowance is earned monthly: one of its types accrues. */
export function yearlyAccrues(categories: readonly { balance: string; accrues?: boolean }[]): boolean {
  return categories.some((category) => category.accrues === true && canAccrue(category.balance));
}
