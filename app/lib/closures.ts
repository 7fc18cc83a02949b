// The pure rules of a company closure (issue 41, decision 0085): which of a person's days it covers,
// which cases the admin must decide, and what each decision means. The model feeds the facts it read
// (employment dates, leave already held, the person's working days) and books what this returns.
import { eachDay, maxDate, minDate, type IsoDate } from "./dates";
import type { DateRange } from "./working-days";

/** A closure is at most this many calendar days: a closure, not a season. */
export const MAX_CLOSURE_DAYS = 62;

export const CLOSURE_CASES = ["negative", "onLeave", "joins", "leaves"] as const;
export type ClosureCase = (typeof CLOSURE_CASES)[number];

/** What the admin chose for a case: charge the closure's type anyway, skip the person, or charge another type. */
export type ClosureChoice = { kind: "charge" } | { kind: "skip" } | { kind: "type"; categoryId: string };

export interface ClosurePersonFacts {
  firstDay: IsoDate | null;
  lastDay: IsoDate | null;
  /** The person's absences that hold dates (pending or approved) and touch the closure. */
  leave: readonly DateRange[];
  /** The person's own working day: their schedule, less their holidays. */
  isWorkingDay: (date: IsoDate) => boolean;
}

export interface ClosurePersonPlan {
  /** The part of the closure the person is employed in; null when none. */
  employed: DateRange | null;
  /** Set when the first (last) day of employment falls inside the closure, after (before) its edge. */
  joins: IsoDate | null;
  leaves: IsoDate | null;
  /** Leave already held inside the closure, clipped to it. */
  onLeave: DateRange[];
  /**
   * The absences to book: runs of days not already on leave, each trimmed to its first and last
   * working day; none when the person works no day of the closure left to them.
   */
  segments: DateRange[];
}

export function planClosureFor(closure: DateRange, person: ClosurePersonFacts): ClosurePersonPlan {
  const startDate = person.firstDay ? maxDate(closure.startDate, person.firstDay) : closure.startDate;
  const endDate = person.lastDay ? minDate(closure.endDate, person.lastDay) : closure.endDate;
  const joins = person.firstDay && person.firstDay > closure.startDate && person.firstDay <= closure.endDate ? person.firstDay : null;
  const leaves = person.lastDay && person.lastDay < closure.endDate && person.lastDay >= closure.startDate ? person.lastDay : null;
  const onLeave = person.leave
    .filter((range) => range.startDate <= closure.endDate && range.endDate >= closure.startDate)
    .map((range) => ({ startDate: maxDate(range.startDate, closure.startDate), endDate: minDate(range.endDate, closure.endDate) }))
    .sort((a, b) => (a.startDate < b.startDate ? -1 : 1));
  if (startDate > endDate) return { employed: null, joins, leaves, onLeave, segments: [] };

  const segments: DateRange[] = [];
  let first: IsoDate | null = null;
  let last: IsoDate | null = null;
  const close = () => {
    if (first && last) segments.push({ startDate: first, endDate: last });
    first = last = null;
  };
  for (const date of eachDay(startDate, endDate)) {
    // The one-absence-per-date rule: a day already on leave stays that absence's, and splits the run.
    if (onLeave.some((range) => range.startDate <= date && date <= range.endDate)) {
      close();
      continue;
    }
    if (!person.isWorkingDay(date)) continue;
    first ??= date;
    last = date;
  }
  close();
  return { employed: { startDate, endDate }, joins, leaves, onLeave, segments };
}

/** The cases of a person the admin decides: besides the figures, the facts that make the closure unusual for them. */
export function casesOf(plan: ClosurePersonPlan, belowZero: boolean): ClosureCase[] {
  const cases: ClosureCase[] = [];
  if (belowZero) cases.push("negative");
  if (plan.onLeave.length) cases.push("onLeave");
  if (plan.joins) cases.push("joins");
  if (plan.leaves) cases.push("leaves");
  return cases;
}

/** A posted choice ("charge", "skip", "type:<id>"), or null for none (the one for every case then applies). */
export function parseClosureChoice(value: unknown): ClosureChoice | null {
  if (value === "charge") return { kind: "charge" };
  if (value === "skip") return { kind: "skip" };
  if (typeof value === "string" && value.startsWith("type:") && value.length > 5 && value.length <= 80) return { kind: "type", categoryId: value.slice(5) };
  return null;
}

export function closureChoiceValue(choice: ClosureChoice): string {
  return choice.kind === "type" ? `type:${choice.categoryId}` : choice.kind;
}

