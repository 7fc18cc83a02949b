// Allowance balances: how many working days of each allowance a user has used, has waiting for
// review and has left in a year. Pure and client-safe, so the request drawer can show the same
// figures the server enforces.
import { firstDayOfYear, lastDayOfYear, yearOf } from "./dates";
import {
  countWorkingDaysInYear,
  splitWorkingDaysByYear,
  type AbsenceRange,
  type HolidayCalendar,
} from "./working-days";

import { BALANCE_KINDS, type BalanceFigures, type BalanceKind, type Balances } from "./balance-kinds";

export { BALANCE_KINDS, type BalanceFigures, type BalanceKind, type Balances };
/** Which allowance a category's requests draw on; 'none' draws on nothing (e.g. sick leave). */
export type CategoryBalance = BalanceKind | "none";

export interface AllowanceTotals {
  yearly: number;
  residual: number;
  specialLeave: number;
}

export interface BalanceCategory {
  id: string;
  /** Stored as a plain string; anything but yearly | residual | special means 'none'. */
  balance: string;
}

export interface BalanceVacation extends AbsenceRange {
  status: string;
  categoryId: string;
}


export interface BalancesInput {
  year: number;
  allowance: AllowanceTotals | null;
  vacations: readonly BalanceVacation[];
  categories: readonly BalanceCategory[];
  calendar: HolidayCalendar;
}

export interface BalanceRequest extends AbsenceRange {
  categoryId: string;
}

export interface RequestFitInput {
  request: BalanceRequest;
  /**
   * The requester's other absences of every year the request touches; when an absence is being
   * edited, leave it out so its days are not counted twice.
   */
  vacations: readonly BalanceVacation[];
  /** The requester's allowance rows; a year without a row has totals of 0. */
  allowances: readonly (AllowanceTotals & { year: number })[];
  categories: readonly BalanceCategory[];
  calendar: HolidayCalendar;
}

export interface BalanceShortfall {
  balance: BalanceKind;
  year: number;
  requested: number;
  remaining: number;
}

export type StatusEffect = "used" | "pending" | "none";

export function parseCategoryBalance(value: string): CategoryBalance {
  return (BALANCE_KINDS as readonly string[]).includes(value) ? (value as BalanceKind) : "none";
}

/** Approved days are used; rejected and cancelled count nothing; anything else is pending (spec §4). */
export function statusEffect(status: string): StatusEffect {
  if (status === "approved") return "used";
  if (status === "rejected" || status === "cancelled") return "none";
  return "pending";
}

// A vacation whose category is not in the list draws on nothing: the foreign key makes that
// impossible for stored rows, and guessing an allowance would misstate a balance.
function balanceByCategory(categories: readonly BalanceCategory[]): Map<string, CategoryBalance> {
  return new Map(categories.map((category) => [category.id, parseCategoryBalance(category.balance)]));
}

function totalOf(kind: BalanceKind, allowance: AllowanceTotals | null): number {
  if (!allowance) return 0;
  return kind === "special" ? allowance.specialLeave : allowance[kind];
}

function emptyBalances(allowance: AllowanceTotals | null): Balances {
  const figures = (kind: BalanceKind): BalanceFigures => {
    const total = totalOf(kind, allowance);
    return { total, used: 0, pending: 0, remaining: total };
  };
  return { yearly: figures("yearly"), residual: figures("residual"), special: figures("special") };
}

function tallyBalances(
  year: number,
  allowance: AllowanceTotals | null,
  vacations: readonly BalanceVacation[],
  balances: Map<string, CategoryBalance>,
  calendar: HolidayCalendar,
): Balances {
  const result = emptyBalances(allowance);
  const yearStart = firstDayOfYear(year);
  const yearEnd = lastDayOfYear(year);
  for (const vacation of vacations) {
    const kind = balances.get(vacation.categoryId) ?? "none";
    const effect = statusEffect(vacation.status);
    const touchesYear = vacation.startDate <= yearEnd && vacation.endDate >= yearStart;
    if (kind === "none" || effect === "none" || !touchesYear) continue;
    const days = countWorkingDaysInYear(vacation, year, calendar);
    result[kind][effect] += days;
    result[kind].remaining -= days;
  }
  return result;
}

/**
 * A user's balances for one year. Only the part of each absence inside the year counts.
 * Throws RangeError for an absence with invalid dates rather than silently misstating a balance.
 */
export function computeBalances(input: BalancesInput): Balances {
  return tallyBalances(input.year, input.allowance, input.vacations, balanceByCategory(input.categories), input.calendar);
}

/**
 * Null when the request fits what is left of its category's allowance in every year it touches
 * (pending requests already hold their days), else the first year that falls short.
 * Categories drawing on no allowance, and categories not in the list, always fit.
 */
export function checkRequestFitsBalance(input: RequestFitInput): BalanceShortfall | null {
  const balances = balanceByCategory(input.categories);
  const kind = balances.get(input.request.categoryId) ?? "none";
  if (kind === "none") return null;

  const requestedByYear = splitWorkingDaysByYear(input.request, input.calendar);
  for (let year = yearOf(input.request.startDate); year <= yearOf(input.request.endDate); year++) {
    const requested = requestedByYear[year];
    // A year the request takes no working day from cannot fall short, even if already overdrawn.
    if (requested === 0) continue;
    const allowance = input.allowances.find((row) => row.year === year) ?? null;
    const { remaining } = tallyBalances(year, allowance, input.vacations, balances, input.calendar)[kind];
    if (requested > remaining) return { balance: kind, year, requested, remaining };
  }
  return null;
}
