// A yearly allowance for someone who starts working part-way through the year
// (docs/decisions/0017-onboarding.md): the share of the year's days from the first day of work
// through 31 December, rounded to the nearest half day (the smallest amount a request takes).
// Below it, the share by work schedule, for joiners and leavers, and accrual (decision 0077).
import { addDays, dayNumber, firstDayOfYear, isLeapYear, isoDate, lastDayOfYear, yearOf, type IsoDate } from "./dates";
import type { LeaveUnit } from "./leave-charge";
import type { LeaveYear } from "./leave-year";
import { scheduledDaysBetween, scheduledMinutesBetween, type ScheduleSource, type ScheduleTimeline, type WorkSchedule } from "./work-schedule";

export function proratedAllowance(yearly: number, year: number, startDate: IsoDate | null | undefined): number {
  if (!startDate || startDate <= firstDayOfYear(year)) return yearly;
  if (yearOf(startDate) > year) return 0;
  const daysInYear = isLeapYear(year) ? 366 : 365;
  const daysWorked = dayNumber(lastDayOfYear(year)) - dayNumber(startDate) + 1;
  return Math.round(((yearly * daysWorked) / daysInYear) * 2) / 2;
}

// ---- Pro-rata by work schedule (docs/decisions/0077-work-schedules-hours-and-leave-years.md) ----

/** The company's rounding of prorated and accrued allowances. */
export type RoundingRule = "nearest" | "up" | "down";
export const ROUNDING_RULES: readonly RoundingRule[] = ["nearest", "up", "down"];

export function parseRoundingRule(value: unknown): RoundingRule {
  return value === "up" || value === "down" ? value : "nearest";
}

/**
 * The smallest amount an allowance is rounded to: the smallest a request takes in days (half a
 * day), and a quarter hour in hours, the step of the hours form's time fields.
 */
export const ROUNDING_STEP: Readonly<Record<LeaveUnit, number>> = { day: 0.5, hour: 0.25 };

/** An amount rounded to its unit's step by the rule; ties of "nearest" go up, as proratedAllowance does. */
export function roundAllowance(value: number, unit: LeaveUnit, rule: RoundingRule): number {
  const step = ROUNDING_STEP[unit];
  const steps = value / step;
  const whole = Math.round(steps);
  // 22 × 184 / 368 is 11 on paper and 10.999999999999998 in binary: a step that close is that step,
  // or "up" and "down" would round an exact share away from itself.
  const exact = Math.abs(steps - whole) < 1e-9 ? whole : steps;
  const rounded = rule === "up" ? Math.ceil(exact) : rule === "down" ? Math.floor(exact) : Math.round(exact);
  return rounded * step;
}

export interface ProrationInput {
  /** The whole leave year's allowance, in the unit. */
  allowance: number;
  unit: LeaveUnit;
  leaveYear: Pick<LeaveYear, "firstDay" | "lastDay">;
  /** First and last day of employment; null when before / after the leave year or unknown. */
  firstDay?: IsoDate | null;
  lastDay?: IsoDate | null;
  schedules: ScheduleTimeline;
  rounding: RoundingRule;
  /** Used (and, for a request being checked, pending) in the year, in the unit: for the overdraft. */
  taken?: number;
}

/** Every number a balance explanation shows for a prorated allowance. */
export interface ProrationExplanation {
  allowance: number;
  unit: LeaveUnit;
  rounding: RoundingRule;
  /** The part of the leave year the person is employed in; null when none of it. */
  employedFrom: IsoDate | null;
  employedTo: IsoDate | null;
  /** False when employed the whole leave year: the allowance is whole, unrounded. */
  prorated: boolean;
  /**
   * What the shares were measured in: scheduled working days (hours in hours mode), or calendar
   * days when the schedule has no working time in the year to measure by.
   */
  basis: "schedule" | "calendar_days";
  /** Working days (or hours, or calendar days) of the leave year, and of its employed part. */
  yearMeasure: number;
  employedMeasure: number;
  /** allowance × employedMeasure / yearMeasure, before rounding. */
  exact: number;
  /** The prorated allowance: `exact` rounded by the rule. */
  total: number;
  taken: number;
  /** What was taken beyond the prorated allowance (a leaver who took more); 0 otherwise. */
  overdraft: number;
}

/** Days (or minutes) the schedules have from `from` to `to`; `fixed` measures them all with one schedule. */
function measure(unit: LeaveUnit, schedules: ScheduleSource, from: IsoDate, to: IsoDate, fixed?: WorkSchedule): number {
  const segments = fixed ? (from > to ? [] : [{ from, to, schedule: fixed }]) : schedules.segments(from, to);
  let total = 0;
  for (const segment of segments) {
    total += unit === "day" ? scheduledDaysBetween(segment.schedule, segment.from, segment.to) : scheduledMinutesBetween(segment.schedule, segment.from, segment.to);
  }
  return total;
}

/**
 * A leave year's allowance for a joiner or a leaver: the share of the year's scheduled working
 * time (days, or hours in hours mode) that falls between their first and last day, rounded by
 * the company's rule. Holidays are not taken out: an allowance is a term of employment, and
 * importing a holiday list later must not change one already granted. The year's days before the
 * first day (after the last) are measured with the schedule of the first (last) day, so a
 * four-day-week joiner on 1 July gets half the year whatever the company default was before.
 */
export function prorateAllowance(input: ProrationInput): ProrationExplanation {
  const { allowance, unit, leaveYear, schedules, rounding } = input;
  const taken = input.taken ?? 0;
  const from = input.firstDay && input.firstDay > leaveYear.firstDay ? input.firstDay : leaveYear.firstDay;
  const to = input.lastDay && input.lastDay < leaveYear.lastDay ? input.lastDay : leaveYear.lastDay;
  const base = { allowance, unit, rounding, taken };
  if (from > to) {
    return { ...base, employedFrom: null, employedTo: null, prorated: true, basis: "schedule", yearMeasure: 0, employedMeasure: 0, exact: 0, total: 0, overdraft: Math.max(0, taken) };
  }
  if (from === leaveYear.firstDay && to === leaveYear.lastDay) {
    const year = measure(unit, schedules, from, to);
    const shown = unit === "hour" ? year / 60 : year;
    return { ...base, employedFrom: from, employedTo: to, prorated: false, basis: "schedule", yearMeasure: shown, employedMeasure: shown, exact: allowance, total: allowance, overdraft: Math.max(0, taken - allowance) };
  }
  const employed = measure(unit, schedules, from, to);
  const year = measure(unit, schedules, leaveYear.firstDay, addDays(from, -1), schedules.at(from)) + employed + measure(unit, schedules, addDays(to, 1), leaveYear.lastDay, schedules.at(to));
  const scale = unit === "hour" ? 60 : 1;
  const [basis, yearMeasure, employedMeasure] =
    year > 0
      ? (["schedule", year / scale, employed / scale] as const)
      : (["calendar_days", dayNumber(leaveYear.lastDay) - dayNumber(leaveYear.firstDay) + 1, dayNumber(to) - dayNumber(from) + 1] as const);
  const exact = (allowance * employedMeasure) / yearMeasure;
  const total = roundAllowance(exact, unit, rounding);
  return { ...base, employedFrom: from, employedTo: to, prorated: true, basis, yearMeasure, employedMeasure, exact, total, overdraft: Math.max(0, taken - total) };
}

// ---- Accrual ----

export interface AccrualInput {
  /** The whole leave year's allowance. */
  allowance: number;
  /** The year's total the earned amount never exceeds (the prorated allowance); `allowance` when omitted. */
  total?: number;
  unit: LeaveUnit;
  leaveYear: LeaveYear;
  firstDay?: IsoDate | null;
  lastDay?: IsoDate | null;
  /** Usually today in the company's time zone. */
  asOf: IsoDate;
  rounding: RoundingRule;
}

export interface AccrualExplanation {
  /** Months of the leave year that have started by `asOf` with a day of employment in them. */
  monthsStarted: number;
  allowance: number;
  /** allowance × monthsStarted / 12, before rounding. */
  exact: number;
  /** Earned to date: `exact` rounded by the rule, never above `total`. */
  earned: number;
  total: number;
}

/**
 * What an accruing allowance has earned by a date: 1/12 of the year's allowance for each month
 * of the leave year that has started, counted from the first day of employment (the month it
 * falls in counts) and up to the last (the month it falls in counts, later ones do not).
 */
export function accrue(input: AccrualInput): AccrualExplanation {
  const { leaveYear, asOf } = input;
  const total = input.total ?? input.allowance;
  let monthsStarted = 0;
  for (let m = 0; m < 12; m++) {
    const index = leaveYear.startMonth - 1 + m;
    const monthStart = isoDate(leaveYear.year + Math.floor(index / 12), (index % 12) + 1, 1);
    const nextIndex = index + 1;
    const monthEnd = addDays(isoDate(leaveYear.year + Math.floor(nextIndex / 12), (nextIndex % 12) + 1, 1), -1);
    const firstEmployed = input.firstDay && input.firstDay > monthStart ? input.firstDay : monthStart;
    let lastEmployed = monthEnd;
    if (input.lastDay && input.lastDay < lastEmployed) lastEmployed = input.lastDay;
    if (asOf < lastEmployed) lastEmployed = asOf;
    if (firstEmployed <= lastEmployed) monthsStarted++;
  }
  const exact = (input.allowance * monthsStarted) / 12;
  return { monthsStarted, allowance: input.allowance, exact, earned: Math.min(total, roundAllowance(exact, input.unit, input.rounding)), total };
}

/**
 * How much of the year a person may book: what is earned to date, or the whole year's total when
 * the company lets people book ahead of what they have earned.
 */
export function accrualLimit(accrual: AccrualExplanation, bookingAhead: boolean): number {
  return bookingAhead ? accrual.total : accrual.earned;
}
