// Allowance balances: how many working days (or hours, for a balance whose types count hours) of
// each allowance a user has used, has waiting for review and has left in a year. Pure and
// client-safe, so the request drawer can show the same figures the server enforces.
import { addDays, type IsoDate } from "./dates";
import { chargeBetween, parseLeaveUnit, scheduleDayCounter, type LeaveRequest, type LeaveUnit } from "./leave-charge";
import { storedRequest } from "./leave-request";
import { leaveYear, leaveYearOf, leaveYearsBetween } from "./leave-year";
import { constantSchedule, type ScheduleSource } from "./work-schedule";
import {
  countWorkingDaysBetween,
  countWorkingDaysInYear,
  splitWorkingDaysByYear,
  type VacationRange,
  type HolidayCalendar,
} from "./working-days";

import { BALANCE_KINDS, type BalanceFigures, type BalanceKind, type Balances } from "./balance-kinds";

export { BALANCE_KINDS, type BalanceFigures, type BalanceKind, type Balances };
/**
 * How a person's working days are counted between two dates (both included, half days where they
 * fall): by their work schedules (scheduleDayCounter in leave-charge.ts, decision 0077), which the
 * server passes in. Absent: Monday–Friday through the arithmetic of before, so a company without
 * schedules counts exactly what it did, and the browser's bundle does not carry the schedules' rules.
 */
export type WorkingDayCounter = (range: VacationRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar) => number;

export function workingDaysBetween(range: VacationRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar, countDays?: WorkingDayCounter): number {
  return countDays ? countDays(range, from, to, calendar) : countWorkingDaysBetween(range, from, to, calendar);
}

/**
 * Working days of a range inside one leave year (see WorkingDayCounter): the year the company's
 * leave year starts in, from `leaveYearStartMonth` (January, the calendar year, by default), so
 * a request across the boundary charges each part to its own year (decision 0080).
 */
export function workingDaysInYear(range: VacationRange, year: number, calendar: HolidayCalendar, countDays?: WorkingDayCounter, leaveYearStartMonth = 1): number {
  if (!countDays && leaveYearStartMonth === 1) return countWorkingDaysInYear(range, year, calendar);
  const { firstDay, lastDay } = leaveYear(year, leaveYearStartMonth);
  return workingDaysBetween(range, firstDay, lastDay, calendar, countDays);
}

function workingDaysByYear(range: VacationRange, calendar: HolidayCalendar, countDays: WorkingDayCounter | undefined, leaveYearStartMonth: number): Record<number, number> {
  if (!countDays && leaveYearStartMonth === 1) return splitWorkingDaysByYear(range, calendar);
  const byYear: Record<number, number> = {};
  for (const part of leaveYearsBetween(range.startDate, range.endDate, leaveYearStartMonth)) {
    byYear[part.year] = workingDaysInYear(range, part.year, calendar, countDays, leaveYearStartMonth);
  }
  return byYear;
}

/**
 * The hours a request (as stored: by time, hours a day, or whole and half days) takes between two
 * dates under a person's schedules: what a balance whose types count hours is charged (decision 0081).
 */
export type HourCounter = (request: LeaveRequest, from: IsoDate, to: IsoDate, calendar: HolidayCalendar) => number;

/** Hours by a person's schedules, or by Monday–Friday's 8 h when the company keeps none. */
export function scheduleHourCounter(schedules: ScheduleSource | undefined): HourCounter {
  const source = schedules ?? constantSchedule();
  return (request, from, to, calendar) => chargeBetween(request, from, to, { schedules: source, calendar, unit: "hour" }).amount;
}

const mondayToFridayHours = scheduleHourCounter(undefined);

/**
 * What one vacation takes from its balance between two dates, in the unit of its category: the
 * days of before, or hours from its stored hour fields. Built once per balance read.
 */
interface AmountCounter {
  (vacation: BalanceVacationFields, from: IsoDate, to: IsoDate): number;
  /** Inside one leave year: days keep the calendar-year arithmetic's fast path. */
  inYear(vacation: BalanceVacationFields, year: number, leaveYearStartMonth: number): number;
}

// A request charged with schedules other than its person's today (decision 0083) counts with its
// own counters; they are built once per source, however many years or balances ask.
const frozenCounters = new WeakMap<ScheduleSource, { days: WorkingDayCounter; hours: HourCounter }>();

function frozenCountersOf(source: ScheduleSource) {
  let counters = frozenCounters.get(source);
  if (!counters) frozenCounters.set(source, (counters = { days: scheduleDayCounter(source), hours: scheduleHourCounter(source) }));
  return counters;
}

/** The day counter of one vacation: its kept schedules' when it carries them, else its person's. */
export function vacationDayCounter(vacation: Pick<BalanceVacationFields, "chargedWith">, countDays: WorkingDayCounter | undefined): WorkingDayCounter | undefined {
  return vacation.chargedWith ? frozenCountersOf(vacation.chargedWith).days : countDays;
}

function amountCounter(units: Map<string, LeaveUnit>, calendar: HolidayCalendar, countDays: WorkingDayCounter | undefined, countHours: HourCounter | undefined): AmountCounter {
  const personHours = countHours ?? mondayToFridayHours;
  const daysOf = (vacation: BalanceVacationFields) => vacationDayCounter(vacation, countDays);
  const hoursOf = (vacation: BalanceVacationFields) => (vacation.chargedWith ? frozenCountersOf(vacation.chargedWith).hours : personHours);
  const between = (vacation: BalanceVacationFields, from: IsoDate, to: IsoDate) =>
    units.get(vacation.categoryId) === "hour" ? hoursOf(vacation)(storedRequest(vacation), from, to, calendar) : workingDaysBetween(vacation, from, to, calendar, daysOf(vacation));
  return Object.assign(between, {
    inYear(vacation: BalanceVacationFields, year: number, leaveYearStartMonth: number) {
      if (units.get(vacation.categoryId) !== "hour") return workingDaysInYear(vacation, year, calendar, daysOf(vacation), leaveYearStartMonth);
      const { firstDay, lastDay } = leaveYear(year, leaveYearStartMonth);
      return hoursOf(vacation)(storedRequest(vacation), firstDay, lastDay, calendar);
    },
  });
}

function unitsByCategory(categories: readonly BalanceCategory[]): Map<string, LeaveUnit> {
  return new Map(categories.map((category) => [category.id, parseLeaveUnit(category.unit)]));
}

/**
 * The unit each balance counts in: its types' (decision 0081 keeps one unit per balance, yearly
 * and residual together), days when no type draws on it.
 */
export function balanceUnits(categories: readonly BalanceCategory[]): Record<BalanceKind, LeaveUnit> {
  const units: Record<BalanceKind, LeaveUnit> = { yearly: "day", residual: "day", special: "day" };
  for (const category of categories) {
    const kind = parseCategoryBalance(category.balance);
    if (kind !== "none" && parseLeaveUnit(category.unit) === "hour") units[kind] = "hour";
  }
  return units;
}

/** What a vacation takes from its balance inside one leave year, in its category's unit (the explanation's lines). */
export function amountInYear(vacation: BalanceVacationFields, year: number, input: Pick<BalancesInput, "categories" | "calendar" | "countDays" | "countHours" | "leaveYearStartMonth">): number {
  return amountCounter(unitsByCategory(input.categories), input.calendar, input.countDays, input.countHours).inYear(vacation, year, input.leaveYearStartMonth ?? 1);
}

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
  /** day (absent too) | hour: what its requests and its balance count in (decision 0081). */
  unit?: string;
  /** The yearly allowance is earned monthly when a yearly type accrues (yearlyAccrues, decision 0082). */
  accrues?: boolean;
}

/**
 * An accruing yearly allowance's figures for one leave year (decision 0082), worked out by the
 * server (accrue and accrualLimit in proration.ts, today in the company's zone) and applied here
 * as plain numbers, so the request form's bundle does not carry the accrual rules.
 */
export interface YearlyAccrual {
  /** Earned to date, never above the year's (prorated) total. */
  earned: number;
  /** What the year lets people book: `earned`, or the whole total when booking ahead. */
  limit: number;
}

/** A request's dates and, for an hour category, its hour fields (null or absent for days). */
export interface BalanceVacationFields extends VacationRange {
  categoryId: string;
  startTime?: string | null;
  endTime?: string | null;
  hoursPerDay?: number | null;
  /**
   * The schedules the request was charged with when they differ from its person's today
   * (frozenSchedules, decision 0083): it keeps that charge. Absent: the person's counters.
   */
  chargedWith?: ScheduleSource;
}

export interface BalanceVacation extends BalanceVacationFields {
  status: string;
}


/**
 * Residual days carried in from the previous year by the carry-over job: part of that year's
 * residual allowance, usable for vacations up to `expiresOn` (docs/decisions/0020).
 */
export interface CarriedResidual {
  /** The year the days are usable in (the year after the one they were carried from). */
  year: number;
  days: number;
  expiresOn: IsoDate;
}

export interface BalancesInput {
  /** The leave year: the calendar year it starts in. */
  year: number;
  /** The month the company's leave year starts in (1–12); January when absent. */
  leaveYearStartMonth?: number;
  allowance: AllowanceTotals | null;
  vacations: readonly BalanceVacation[];
  categories: readonly BalanceCategory[];
  calendar: HolidayCalendar;
  /** How the person's working days are counted; Monday–Friday when absent. */
  countDays?: WorkingDayCounter;
  /** How the person's hours are counted, for balances in hours; Monday–Friday's 8 h when absent. */
  countHours?: HourCounter;
  /** Days carried into this year, when the carry-over job carried any (and no admin reverted them). */
  carried?: CarriedResidual | null;
  /** Today in the company's time zone: after the carried days' expiry their unused part lapses. */
  today?: IsoDate;
  /** The yearly allowance's accrual this year; absent or null when it does not accrue. */
  accrual?: YearlyAccrual | null;
}

export type BalanceRequest = BalanceVacationFields;

export interface RequestFitInput {
  request: BalanceRequest;
  /**
   * The requester's other vacations of every year the request touches; when a vacation is being
   * edited, leave it out so its days are not counted twice.
   */
  vacations: readonly BalanceVacation[];
  /** The requester's allowance rows; a year without a row has totals of 0. */
  allowances: readonly (AllowanceTotals & { year: number })[];
  categories: readonly BalanceCategory[];
  calendar: HolidayCalendar;
  /** How the requester's working days are counted; Monday–Friday when absent. */
  countDays?: WorkingDayCounter;
  /** How the requester's hours are counted, for balances in hours; Monday–Friday's 8 h when absent. */
  countHours?: HourCounter;
  /** The month the company's leave year starts in (1–12); January when absent. */
  leaveYearStartMonth?: number;
  /** Carried residual days of the years the request touches. */
  carried?: readonly CarriedResidual[];
  /** The yearly allowance's accrual in the years the request touches, when it accrues. */
  accruals?: readonly (YearlyAccrual & { year: number })[];
}

export interface BalanceShortfall {
  balance: BalanceKind;
  year: number;
  requested: number;
  remaining: number;
  /**
   * Set when the request falls short only because carried residual days lapse on this date:
   * `requested` and `remaining` then count the days after it.
   */
  expiresOn?: IsoDate;
  /** "hour" when the balance counts hours: `requested` and `remaining` are hours. */
  unit?: "hour";
  /**
   * Set when what is earned to date limits the request (an accruing yearly allowance without
   * booking ahead): `remaining` is then what the earned amount leaves.
   */
  earned?: number;
}

/** How a year's carried residual days are being used (docs/decisions/0020). */
export interface CarriedUse {
  /** The carried days that count: never more than the year's residual allowance (an admin may have lowered it). */
  carried: number;
  /** The rest of the residual allowance, set by an admin: it does not expire. */
  handSet: number;
  /** Residual days of vacations (approved or pending) on or before the expiry: carried days go first. */
  heldBeforeExpiry: number;
  /** Carried days no vacation up to the expiry holds. */
  unused: number;
  /** The unused carried days, once the expiry date has passed; 0 before. */
  expired: number;
  expiresOn: IsoDate;
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

function emptyBalances(allowance: AllowanceTotals | null, units: Record<BalanceKind, LeaveUnit>): Balances {
  const figures = (kind: BalanceKind): BalanceFigures => {
    const total = totalOf(kind, allowance);
    // Named only for hours, so a balance in days is the object it always was.
    return { total, used: 0, pending: 0, remaining: total, ...(units[kind] === "hour" ? { unit: "hour" as const } : {}) };
  };
  return { yearly: figures("yearly"), residual: figures("residual"), special: figures("special") };
}

/** Residual days (or hours) held (approved or pending) by a year's vacations between two dates. */
function residualDaysHeld(
  vacations: readonly BalanceVacation[],
  balances: Map<string, CategoryBalance>,
  from: IsoDate,
  to: IsoDate,
  count: AmountCounter,
): number {
  let days = 0;
  for (const vacation of vacations) {
    if (balances.get(vacation.categoryId) !== "residual" || statusEffect(vacation.status) === "none") continue;
    days += count(vacation, from, to);
  }
  return days;
}

function carriedUseOf(
  carried: CarriedResidual,
  allowance: AllowanceTotals | null,
  vacations: readonly BalanceVacation[],
  balances: Map<string, CategoryBalance>,
  today: IsoDate | undefined,
  count: AmountCounter,
  leaveYearStartMonth: number,
): CarriedUse {
  const residual = Math.max(0, allowance?.residual ?? 0);
  const counted = Math.min(carried.days, residual);
  const heldBeforeExpiry = residualDaysHeld(vacations, balances, leaveYear(carried.year, leaveYearStartMonth).firstDay, carried.expiresOn, count);
  const unused = Math.max(0, counted - heldBeforeExpiry);
  return {
    carried: counted,
    handSet: residual - counted,
    heldBeforeExpiry,
    unused,
    expired: today !== undefined && today > carried.expiresOn ? unused : 0,
    expiresOn: carried.expiresOn,
  };
}

/** The use of a year's carried residual days; null when none were carried into it. */
export function carriedResidualUse(input: BalancesInput): CarriedUse | null {
  if (!input.carried || input.carried.year !== input.year) return null;
  const count = amountCounter(unitsByCategory(input.categories), input.calendar, input.countDays, input.countHours);
  return carriedUseOf(input.carried, input.allowance, input.vacations, balanceByCategory(input.categories), input.today, count, input.leaveYearStartMonth ?? 1);
}

function tallyBalances(
  year: number,
  allowance: AllowanceTotals | null,
  vacations: readonly BalanceVacation[],
  balances: Map<string, CategoryBalance>,
  units: Record<BalanceKind, LeaveUnit>,
  count: AmountCounter,
  leaveYearStartMonth: number,
): Balances {
  const result = emptyBalances(allowance, units);
  const { firstDay: yearStart, lastDay: yearEnd } = leaveYear(year, leaveYearStartMonth);
  for (const vacation of vacations) {
    const kind = balances.get(vacation.categoryId) ?? "none";
    const effect = statusEffect(vacation.status);
    const touchesYear = vacation.startDate <= yearEnd && vacation.endDate >= yearStart;
    if (kind === "none" || effect === "none" || !touchesYear) continue;
    const days = count.inYear(vacation, year, leaveYearStartMonth);
    result[kind][effect] += days;
    result[kind].remaining -= days;
  }
  return result;
}

/**
 * A user's balances for one year. Only the part of each vacation inside the year counts.
 * Throws RangeError for a vacation with invalid dates rather than silently misstating a balance.
 */
export function computeBalances(input: BalancesInput): Balances {
  const balances = balanceByCategory(input.categories);
  const startMonth = input.leaveYearStartMonth ?? 1;
  const count = amountCounter(unitsByCategory(input.categories), input.calendar, input.countDays, input.countHours);
  const result = tallyBalances(input.year, input.allowance, input.vacations, balances, balanceUnits(input.categories), count, startMonth);
  if (input.carried && input.carried.year === input.year) {
    const { expired } = carriedUseOf(input.carried, input.allowance, input.vacations, balances, input.today, count, startMonth);
    result.residual.expired = expired;
    result.residual.remaining -= expired;
  }
  if (input.accrual) applyAccrual(result.yearly, input.accrual);
  return result;
}

/** The yearly figures with what is earned, and what may be booked now, beside the year's total. */
function applyAccrual(figures: BalanceFigures, accrual: YearlyAccrual): number {
  figures.earned = accrual.earned;
  figures.available = Math.min(figures.remaining, accrual.limit - figures.used - figures.pending);
  return figures.available;
}

/**
 * Null when the request fits what is left of its category's allowance in every year it touches
 * (pending requests already hold their days), else the first year that falls short.
 * Categories drawing on no allowance, and categories not in the list, always fit.
 * Carried residual days serve vacations up to their expiry only: the days of a residual request
 * after it must fit the hand-set residual left after the other vacations after it. Which dates an
 * vacation covers decides, not when it is asked for, so a vacation recorded late still uses them.
 */
export function checkRequestFitsBalance(input: RequestFitInput): BalanceShortfall | null {
  const balances = balanceByCategory(input.categories);
  const kind = balances.get(input.request.categoryId) ?? "none";
  if (kind === "none") return null;

  const startMonth = input.leaveYearStartMonth ?? 1;
  const units = unitsByCategory(input.categories);
  const kindUnits = balanceUnits(input.categories);
  const count = amountCounter(units, input.calendar, input.countDays, input.countHours);
  const requestedByYear = units.get(input.request.categoryId) === "hour" ? null : workingDaysByYear(input.request, input.calendar, input.countDays, startMonth);
  for (const { year, firstDay, lastDay } of leaveYearsBetween(input.request.startDate, input.request.endDate, startMonth)) {
    const requested = requestedByYear ? requestedByYear[year] : count(input.request, firstDay, lastDay);
    // A year the request takes no working day from cannot fall short, even if already overdrawn.
    if (requested === 0) continue;
    const allowance = input.allowances.find((row) => row.year === year) ?? null;
    const figures = tallyBalances(year, allowance, input.vacations, balances, kindUnits, count, startMonth)[kind];
    const unit = kindUnits[kind] === "hour" ? { unit: "hour" as const } : {};
    const accrual = kind === "yearly" ? input.accruals?.find((row) => row.year === year) : undefined;
    if (accrual) {
      const available = applyAccrual(figures, accrual);
      // The earned amount is the limit only when it is below the year's: else the usual refusal.
      if (available < figures.remaining && requested > available) return { balance: kind, year, requested, remaining: available, earned: accrual.earned, ...unit };
    }
    const { remaining } = figures;
    if (requested > remaining) return { balance: kind, year, requested, remaining, ...unit };
    const carried = kind === "residual" ? input.carried?.find((row) => row.year === year) : undefined;
    if (carried) {
      const afterExpiry = addDays(carried.expiresOn, 1);
      const requestedAfter = count(input.request, afterExpiry, lastDay);
      if (requestedAfter === 0) continue;
      const { handSet } = carriedUseOf(carried, allowance, input.vacations, balances, undefined, count, startMonth);
      const available = handSet - residualDaysHeld(input.vacations, balances, afterExpiry, lastDay, count);
      if (requestedAfter > available) return { balance: kind, year, requested: requestedAfter, remaining: available, expiresOn: carried.expiresOn, ...unit };
    }
  }
  return null;
}

/**
 * The request form's warning: whether `asked` (days, or hours for a balance in hours) is more than
 * what the leave year shown has left. Only a request inside that leave year is compared: one that
 * reaches into another is checked year by year by the server (checkRequestFitsBalance).
 */
export function exceedsShownBalance(asked: number, remaining: number, range: { startDate: IsoDate; endDate: IsoDate }, shownYear: number, leaveYearStartMonth: number): boolean {
  const inShownYear = leaveYearOf(range.startDate, leaveYearStartMonth).year === shownYear && leaveYearOf(range.endDate, leaveYearStartMonth).year === shownYear;
  return inShownYear && asked > remaining;
}
