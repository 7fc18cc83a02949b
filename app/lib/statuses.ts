// The statuses of a vacation request, one list for the models, screens, filters, API and exports.
// Spec: pending (initial) → approved or rejected; cancelled is what a cancellation leaves.
export const VACATION_STATUSES = ["pending", "approved", "rejected", "cancelled"] as const;
export type VacationStatus = (typeof VACATION_STATUSES)[number];

/** Statuses that hold the dates: a new request may not overlap them, and calendars show them. */
export const BLOCKING_STATUSES: readonly VacationStatus[] = ["pending", "approved"];

export function isVacationStatus(value: unknown): value is VacationStatus {
  return typeof value === "string" && (VACATION_STATUSES as readonly string[]).includes(value);
}

/** A stored status as the product reads it: anything unknown is pending (spec section 4). */
export function asVacationStatus(value: string): VacationStatus {
  return isVacationStatus(value) ? value : "pending";
}

export function holdsDates(status: string): boolean {
  return (BLOCKING_STATUSES as readonly string[]).includes(status);
}
