// A request's fields as the form and the API send them, turned into what leave-charge.ts charges
// (decision 0081). Client-safe: the request form's live count and the server read the fields
// through the same function, so the form shows what the server will charge.
import type { IsoDate } from "./dates";
import { chargeRequest, minutesOfTime, type LeaveRequest, type LeaveUnit } from "./leave-charge";
import { constantSchedule, type ScheduleSource } from "./work-schedule";
import type { HolidayCalendar } from "./working-days";

/** Quarter hours: the step of the form's time fields (900 s) and of an allowance in hours. */
export const QUARTER_HOUR_MINUTES = 15;
export const MIN_HOURS_PER_DAY = 0.25;
export const MAX_HOURS_PER_DAY = 24;

export interface RequestFields {
  startDate: IsoDate;
  endDate: IsoDate;
  halfDayStart?: boolean;
  halfDayEnd?: boolean;
  startTime?: string | null;
  endTime?: string | null;
  hoursPerDay?: number | null;
}

/** What is wrong with a request's hour fields: a locale key (group "hours") and the field it belongs to. */
export interface RequestFieldProblem {
  key: string;
  field: "startTime" | "endTime" | "hoursPerDay" | "halfDayStart";
}

export type ReadRequest = { ok: true; request: LeaveRequest } | { ok: false; problem: RequestFieldProblem };

/** "HH:MM" on a quarter hour, "24:00" included (an end at midnight). */
export function isQuarterTime(time: string): boolean {
  const minutes = minutesOfTime(time);
  return minutes !== null && minutes % QUARTER_HOUR_MINUTES === 0;
}

/** 0.25 to 24 hours in quarter steps. */
export function isQuarterHours(hours: number): boolean {
  return Number.isFinite(hours) && hours >= MIN_HOURS_PER_DAY && hours <= MAX_HOURS_PER_DAY && Number.isInteger(hours * 4);
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value !== "";

/**
 * The request the fields make for a category counting `unit`. A day category takes no hour
 * fields; an hour category takes start and end times on one day, or hours a day over a range, or
 * neither (whole days, each charged its scheduled hours; half days charged half, as the issue's
 * "half day on a 4 h day is 2 h"), never hour fields and half days together.
 */
export function readLeaveRequest(fields: RequestFields, unit: LeaveUnit): ReadRequest {
  const hasTime = present(fields.startTime) || present(fields.endTime);
  const hasHours = fields.hoursPerDay != null;
  const days: LeaveRequest = { startDate: fields.startDate, endDate: fields.endDate, halfDayStart: Boolean(fields.halfDayStart), halfDayEnd: Boolean(fields.halfDayEnd) };
  if (unit === "day") {
    if (hasTime) return { ok: false, problem: { key: "hours.errors.dayCategory", field: present(fields.startTime) ? "startTime" : "endTime" } };
    if (hasHours) return { ok: false, problem: { key: "hours.errors.dayCategory", field: "hoursPerDay" } };
    return { ok: true, request: days };
  }
  if (!hasTime && !hasHours) return { ok: true, request: days };
  if (hasTime && hasHours) return { ok: false, problem: { key: "hours.errors.timeOrHours", field: "hoursPerDay" } };
  if (fields.halfDayStart || fields.halfDayEnd) return { ok: false, problem: { key: "hours.errors.halfDayWithHours", field: "halfDayStart" } };
  if (hasHours) {
    if (!isQuarterHours(fields.hoursPerDay!)) return { ok: false, problem: { key: "hours.errors.hoursPerDay", field: "hoursPerDay" } };
    return { ok: true, request: { kind: "hours", startDate: fields.startDate, endDate: fields.endDate, hoursPerDay: fields.hoursPerDay! } };
  }
  if (!present(fields.startTime)) return { ok: false, problem: { key: "hours.errors.startTimeRequired", field: "startTime" } };
  if (!present(fields.endTime)) return { ok: false, problem: { key: "hours.errors.endTimeRequired", field: "endTime" } };
  if (!isQuarterTime(fields.startTime) || fields.startTime === "24:00") return { ok: false, problem: { key: "hours.errors.timeInvalid", field: "startTime" } };
  if (!isQuarterTime(fields.endTime)) return { ok: false, problem: { key: "hours.errors.timeInvalid", field: "endTime" } };
  if (minutesOfTime(fields.endTime)! <= minutesOfTime(fields.startTime)!) return { ok: false, problem: { key: "hours.errors.endBeforeStart", field: "endTime" } };
  if (fields.startDate !== fields.endDate) return { ok: false, problem: { key: "hours.errors.timeOneDay", field: "endTime" } };
  return { ok: true, request: { kind: "time", date: fields.startDate, startTime: fields.startTime, endTime: fields.endTime } };
}

/** A stored request's columns: the hour fields are null for a request in days. */
export interface StoredRequest {
  startDate: IsoDate;
  endDate: IsoDate;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  startTime?: string | null;
  endTime?: string | null;
  hoursPerDay?: number | null;
}

/** The request a stored row was made as, to charge it again (lists, e-mails, exports). */
export function storedRequest(row: StoredRequest): LeaveRequest {
  if (row.startTime && row.endTime) return { kind: "time", date: row.startDate, startTime: row.startTime, endTime: row.endTime };
  if (row.hoursPerDay != null) return { kind: "hours", startDate: row.startDate, endDate: row.endDate, hoursPerDay: row.hoursPerDay };
  return { startDate: row.startDate, endDate: row.endDate, halfDayStart: row.halfDayStart, halfDayEnd: row.halfDayEnd };
}

/**
 * The hours a stored request of an hour category is charged, as createVacation charged it; null
 * when it cannot be charged (a malformed row shows a dash rather than breaking a list).
 */
export function chargedHours(row: StoredRequest, calendar: HolidayCalendar, schedules: ScheduleSource | undefined): number | null {
  try {
    return chargeRequest(storedRequest(row), { schedules: schedules ?? constantSchedule(), calendar, unit: "hour" }).amount;
  } catch {
    return null;
  }
}
