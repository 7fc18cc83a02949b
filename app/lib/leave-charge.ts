// What a vacation costs its person (docs/decisions/0077-work-schedules-hours-and-leave-years.md):
// in days (whole and half) or in hours, over the dates their schedule has hours on that are not
// holidays of their work place. Pure and client-safe, so the request form shows what the server
// will charge. Hours are wall-clock hours of the schedule: no instant is ever subtracted from
// another, so a day the clocks change on is still the schedule's 8 hours, and a request from 01:00
// to 04:00 on it is 3 hours.
import { addDays, dayNumber, isIsoDate, maxDate, minDate, type IsoDate } from "./dates";
import { leaveYearsBetween, type LeaveYear } from "./leave-year";
import { cappedMinutesBetween, minutesOfHours, scheduledDaysBetween, scheduledMinutes, scheduledMinutesBetween, type ScheduleSource, type WorkSchedule } from "./work-schedule";
import { countWorkingDays, type HolidayCalendar, type VacationRange } from "./working-days";

/** How an absence category counts: the spec's days (the default), or hours. */
export type LeaveUnit = "day" | "hour";
export const LEAVE_UNITS: readonly LeaveUnit[] = ["day", "hour"];

export function parseLeaveUnit(value: unknown): LeaveUnit {
  return value === "hour" ? "hour" : "day";
}

/** Whole days, a half first day (from midday) and a half last day (until midday), as today. */
export interface DaysRequest extends VacationRange {
  kind?: "days";
}

/** From one wall-clock time to another on one date ("09:00"–"13:30"; "24:00" ends at midnight). */
export interface TimeRequest {
  kind: "time";
  date: IsoDate;
  startTime: string;
  endTime: string;
}

/** The same number of hours on each working day of a range, never more than a day's schedule. */
export interface HoursPerDayRequest {
  kind: "hours";
  startDate: IsoDate;
  endDate: IsoDate;
  hoursPerDay: number;
}

export type LeaveRequest = DaysRequest | TimeRequest | HoursPerDayRequest;

export interface ChargeContext {
  /** The person's schedules, or those a vacation was charged with (frozenSchedules). */
  schedules: ScheduleSource;
  /** Holidays of the person's work place. */
  calendar: HolidayCalendar;
  /** The absence category's unit. */
  unit: LeaveUnit;
}

/**
 * What a request costs. Every field is a sum over its dates, so the charges of a range's parts add
 * up to the range's (addCharges). Days and minutes are multiples of ½ (a half day of 7 h 45 is
 * 232.5 minutes), which binary floating point adds exactly.
 */
export interface Charge {
  unit: LeaveUnit;
  /** What the balance is charged, in the unit: days, or hours (minutes / 60). */
  amount: number;
  /** Working days taken, whole 1 and half ½; 0 for a request in hours. */
  days: number;
  /** Scheduled minutes taken, in either unit: what an admin compares across units. */
  minutes: number;
  /** Dates something is charged on. */
  workingDays: number;
  /** Holidays on dates the schedule has hours on: they cost nothing. */
  holidays: number;
  /** Dates the schedule has no hours on (a holiday among them costs nothing and gives nothing back). */
  nonWorkingDays: number;
}

export function emptyCharge(unit: LeaveUnit): Charge {
  return { unit, amount: 0, days: 0, minutes: 0, workingDays: 0, holidays: 0, nonWorkingDays: 0 };
}

function withAmount(charge: Omit<Charge, "amount">): Charge {
  return { ...charge, amount: charge.unit === "day" ? charge.days : charge.minutes / 60 };
}

/** Charges summed field by field; the amount is derived from the sums, never summed itself. */
export function addCharges(unit: LeaveUnit, charges: Iterable<Charge>): Charge {
  const total = emptyCharge(unit);
  for (const charge of charges) {
    total.days += charge.days;
    total.minutes += charge.minutes;
    total.workingDays += charge.workingDays;
    total.holidays += charge.holidays;
    total.nonWorkingDays += charge.nonWorkingDays;
  }
  return withAmount(total);
}

/** Minutes since midnight of "HH:MM" ("24:00" allowed, as an end), or null. */
export function minutesOfTime(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

function isTimeRequest(request: LeaveRequest): request is TimeRequest {
  return request.kind === "time";
}

function isHoursRequest(request: LeaveRequest): request is HoursPerDayRequest {
  return request.kind === "hours";
}

/** First and last date of a request. */
export function requestDates(request: LeaveRequest): { startDate: IsoDate; endDate: IsoDate } {
  return isTimeRequest(request) ? { startDate: request.date, endDate: request.date } : { startDate: request.startDate, endDate: request.endDate };
}

function assertValid(request: LeaveRequest, unit: LeaveUnit): void {
  const { startDate, endDate } = requestDates(request);
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) throw new RangeError(`Invalid date range: ${String(startDate)}..${String(endDate)}`);
  if (startDate > endDate) throw new RangeError(`Start date ${startDate} is after end date ${endDate}`);
  if (request.kind === "time" || request.kind === "hours") {
    // A category counting days has nothing to charge an hour to: the form offers it days only.
    if (unit !== "hour") throw new RangeError("A request in hours needs a category that counts hours");
  }
  if (isTimeRequest(request)) {
    const start = minutesOfTime(request.startTime);
    const end = minutesOfTime(request.endTime);
    if (start === null || end === null || end <= start) throw new RangeError(`Invalid times: ${request.startTime}–${request.endTime}`);
  }
  if (isHoursRequest(request) && !(minutesOfHours(request.hoursPerDay) > 0)) throw new RangeError(`Invalid hours per day: ${request.hoursPerDay}`);
}

/** Holidays from `from` to `to`: the calendar's list when it keeps one, else asked date by date. */
function holidaysIn(calendar: HolidayCalendar, from: IsoDate, to: IsoDate): IsoDate[] {
  if (calendar.holidaysBetween) return calendar.holidaysBetween(from, to);
  const dates: IsoDate[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) if (calendar.isHoliday(date)) dates.push(date);
  return dates;
}

/** The charge of the dates `from`..`to` under one schedule, the request's half days and times aside. */
function chargeSegment(request: LeaveRequest, schedule: WorkSchedule, from: IsoDate, to: IsoDate, calendar: HolidayCalendar, unit: LeaveUnit): Omit<Charge, "amount"> {
  const dates = dayNumber(to) - dayNumber(from) + 1;
  const scheduledDays = scheduledDaysBetween(schedule, from, to);
  const capMinutes = isHoursRequest(request) ? minutesOfHours(request.hoursPerDay) : Infinity;
  let minutes = capMinutes === Infinity ? scheduledMinutesBetween(schedule, from, to) : cappedMinutesBetween(schedule, capMinutes, from, to);
  let holidays = 0;
  for (const holiday of holidaysIn(calendar, from, to)) {
    const onHoliday = scheduledMinutes(schedule, holiday);
    if (onHoliday === 0) continue;
    holidays++;
    minutes -= Math.min(onHoliday, capMinutes);
  }
  const workingDays = scheduledDays - holidays;
  return { unit, days: isHoursRequest(request) ? 0 : workingDays, minutes, workingDays, holidays, nonWorkingDays: dates - scheduledDays };
}

/** The schedule in force on one date of a source. */
function scheduleOn(schedules: ScheduleSource, date: IsoDate): WorkSchedule {
  return schedules.segments(date, date)[0].schedule;
}

/**
 * What the request's dates between `from` and `to` (both included) cost; a request that misses
 * them costs nothing. Half days count where they fall: a part that starts after the request's
 * first date has a whole first day. Throws RangeError on invalid dates, times or hours, and for a
 * request in hours against a category counting days.
 */
export function chargeBetween(request: LeaveRequest, from: IsoDate, to: IsoDate, context: ChargeContext): Charge {
  assertValid(request, context.unit);
  const { startDate, endDate } = requestDates(request);
  const first = maxDate(startDate, from);
  const last = minDate(endDate, to);
  if (first > last) return emptyCharge(context.unit);
  const { schedules, calendar, unit } = context;

  if (isTimeRequest(request)) {
    const scheduled = scheduledMinutes(scheduleOn(schedules, first), first);
    const asked = minutesOfTime(request.endTime)! - minutesOfTime(request.startTime)!;
    const charge = emptyCharge(unit);
    if (scheduled === 0) charge.nonWorkingDays = 1;
    else if (calendar.isHoliday(first)) charge.holidays = 1;
    else {
      // Capped by the day's hours: the schedule says how long the day is, not where it lies.
      charge.minutes = Math.min(asked, scheduled);
      charge.workingDays = 1;
    }
    return withAmount(charge);
  }

  const total = addCharges(unit, schedules.segments(first, last).map((segment) => withAmount(chargeSegment(request, segment.schedule, segment.from, segment.to, calendar, unit))));
  if (isHoursRequest(request)) return total;
  // A half first or last day takes half of that day. On a one-day request both flags together
  // (afternoon start, midday end) are contradictory and take one half, as countWorkingDays does.
  const halves = new Set<IsoDate>();
  if (request.halfDayStart && first === request.startDate) halves.add(first);
  if (request.halfDayEnd && last === request.endDate) halves.add(last);
  for (const date of halves) {
    const scheduled = scheduledMinutes(scheduleOn(schedules, date), date);
    if (scheduled === 0 || calendar.isHoliday(date)) continue;
    total.days -= 0.5;
    total.minutes -= scheduled / 2;
  }
  return withAmount(total);
}

/** What the whole request costs. */
export function chargeRequest(request: LeaveRequest, context: ChargeContext): Charge {
  const { startDate, endDate } = requestDates(request);
  return chargeBetween(request, startDate, endDate, context);
}

/** The request's charge in each leave year it touches: each part draws on its own year's allowance. */
export function chargeByLeaveYear(request: LeaveRequest, context: ChargeContext, leaveYearStartMonth: number): { leaveYear: LeaveYear; charge: Charge }[] {
  assertValid(request, context.unit);
  const { startDate, endDate } = requestDates(request);
  return leaveYearsBetween(startDate, endDate, leaveYearStartMonth).map((leaveYear) => ({
    leaveYear,
    charge: chargeBetween(request, leaveYear.firstDay, leaveYear.lastDay, context),
  }));
}

/** Why a request cannot be made, for the caller to turn into a message; null when it can. */
export interface ChargeRefusal {
  /** Every date is a day the person does not work or a holiday of their work place. */
  code: "no_working_day";
  holidays: number;
  nonWorkingDays: number;
}

export function chargeRefusal(charge: Charge): ChargeRefusal | null {
  if (charge.workingDays > 0) return null;
  return { code: "no_working_day", holidays: charge.holidays, nonWorkingDays: charge.nonWorkingDays };
}

/**
 * A vacation's charge as stored (what it cost when it was made or last edited) beside what it
 * would cost under today's schedules: balances use the first, and an admin sees both when they
 * differ (issue 40).
 */
export interface ChargeComparison {
  charged: Charge;
  current: Charge;
  /** current − charged, in the unit. */
  difference: number;
  changed: boolean;
}

export function compareCharges(charged: Charge, current: Charge): ChargeComparison {
  const unitOf = (charge: Charge) => (charge.unit === "day" ? charge.days : charge.minutes);
  const raw = unitOf(current) - unitOf(charged);
  return { charged, current, difference: charged.unit === "day" ? raw : raw / 60, changed: charged.unit !== current.unit || raw !== 0 };
}

/** Working days (whole and half) of a range between two dates: balances.ts's WorkingDayCounter. */
export type DayCounter = (range: VacationRange, from: IsoDate, to: IsoDate, calendar: HolidayCalendar) => number;

/**
 * Working days (whole and half) of a range between two dates under a person's schedules: what
 * balances count when the server passes it in (balances.ts's WorkingDayCounter, decision 0077).
 */
export function scheduleDayCounter(schedules: ScheduleSource): DayCounter {
  return (range, from, to, calendar) =>
    chargeBetween({ startDate: range.startDate, endDate: range.endDate, halfDayStart: range.halfDayStart, halfDayEnd: range.halfDayEnd }, from, to, { schedules, calendar, unit: "day" }).days;
}

/**
 * The working days a whole vacation takes, counted as its person's balances count them: with their
 * counter (scheduleDayCounter, when the company keeps schedules), else Monday–Friday. Lists,
 * e-mails, reports, exports and the request form's preview all count through this, so a request
 * shows one figure everywhere (a Monday–Thursday person's Monday–Friday week is 4 days).
 */
export function vacationWorkingDays(range: VacationRange, calendar: HolidayCalendar, countDays: DayCounter | undefined): number {
  return countDays ? countDays(range, range.startDate, range.endDate, calendar) : countWorkingDays(range, calendar);
}
