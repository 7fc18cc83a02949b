// A request keeps the charge it was made with (issue 40, decision 0083): createVacation stores the
// work schedules of its dates (Vacation.chargedSchedules), and every amount of a pending or
// approved request is counted with them, so a schedule changed later moves no request made before
// it until the request is made again. Admins also see what the request would cost today.
//
// The column is not in the absences' covering index (decision 0053), so it is read apart: only in
// a company that keeps schedules (without any, every request was charged Monday–Friday and still
// is), in one query per page for the rows the page already holds.
import type { Prisma } from "~/generated/prisma/client";
import { isIsoDate, type IsoDate } from "~/lib/dates";
import { chargeRequest, compareCharges, scheduleDayCounter, type ChargeComparison, type DayCounter, type LeaveUnit } from "~/lib/leave-charge";
import { storedRequest, type StoredRequest } from "~/lib/leave-request";
import { constantSchedule, freezeSchedules, frozenSchedules, workScheduleProblems, type ScheduleSegment, type ScheduleSource, type ScheduleTimeline, type WorkSchedule } from "~/lib/work-schedule";
import type { WorkingDayCounter } from "~/lib/balances";
import type { HolidayCalendar } from "~/lib/working-days";
import type { DbClient } from "~/utils/db.server";

/** What a page knows of its people's schedules (loadScheduleTimelines answers it). */
export interface Timelines {
  any: boolean;
  timelineOf(userId: string): ScheduleTimeline;
  countDaysOf(userId: string): WorkingDayCounter | undefined;
}

/** A stored request as the charge reads it. */
export interface ChargedRow extends StoredRequest {
  id: string;
  userId: string;
}

/**
 * The text to store with a new request: its schedules from its first to its last date (one
 * segment per schedule, a few hundred bytes). A company without schedules stores Monday–Friday's,
 * so a default set up later does not move the requests already made.
 */
export function chargedSchedulesText(schedules: ScheduleSource | undefined, from: IsoDate, to: IsoDate): string {
  return segmentsText((schedules ?? constantSchedule()).segments(from, to));
}

// A page compares thousands of stored texts with what the timelines give today; the few schedules
// they share are spelled once each (the text is freezeSchedules' segments as JSON).
const scheduleTexts = new WeakMap<WorkSchedule, string>();

function scheduleText(schedule: WorkSchedule): string {
  let text = scheduleTexts.get(schedule);
  if (text === undefined) scheduleTexts.set(schedule, (text = JSON.stringify(freezeSchedules(constantSchedule(schedule), schedule.validFrom, schedule.validFrom)[0].schedule)));
  return text;
}

function segmentsText(segments: readonly ScheduleSegment[]): string {
  return `[${segments.map((segment) => `{"from":${JSON.stringify(segment.from)},"to":${JSON.stringify(segment.to)},"schedule":${scheduleText(segment.schedule)}}`).join(",")}]`;
}

/**
 * The stored segments, or null when the text is not a list of valid segments (edited by hand): such
 * a request is charged with the person's schedules, as one made before the column existed.
 */
export function parseChargedSchedules(text: string | null | undefined): ScheduleSegment[] | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return null;
  const segments: ScheduleSegment[] = [];
  for (const item of parsed as { from?: unknown; to?: unknown; schedule?: Partial<WorkSchedule> }[]) {
    const schedule = item?.schedule;
    if (!isIsoDate(item?.from) || !isIsoDate(item?.to) || item.from > item.to || !schedule || !Array.isArray(schedule.days)) return null;
    const candidate = { validFrom: schedule.validFrom as IsoDate, cycleWeeks: schedule.cycleWeeks as WorkSchedule["cycleWeeks"], days: schedule.days };
    if (workScheduleProblems(candidate).length) return null;
    segments.push({ from: item.from, to: item.to, schedule: candidate });
  }
  return segments;
}

/** The statuses whose amounts count: a rejected or cancelled request charges nothing to keep. */
const UNCOUNTED = ["rejected", "cancelled"];

/**
 * The stored schedules of the counted requests matching `where` (a page's rows, or a balance's
 * years), by id; none read when the company keeps no schedules. One statement.
 */
export async function readChargedSchedules(db: DbClient, timelines: Pick<Timelines, "any">, where: Prisma.VacationWhereInput): Promise<Map<string, string>> {
  if (!timelines.any) return new Map();
  const rows = await db.vacation.findMany({ where: { AND: [where, { status: { notIn: UNCOUNTED }, chargedSchedules: { not: null } }] }, select: { id: true, chargedSchedules: true } });
  return new Map(rows.map((row) => [row.id, row.chargedSchedules!]));
}

// Bound values per statement: SQLite's limit is 32,766, and an export may hold 100,000 rows.
const IDS_PER_STATEMENT = 10_000;

/** The same, for the rows a page holds (by id, in the viewer's company): one statement per 10,000 rows. */
export async function readChargedSchedulesOf(db: DbClient, timelines: Pick<Timelines, "any">, companyId: string, rows: readonly { id: string; status: string }[]): Promise<Map<string, string>> {
  const ids = rows.filter((row) => !UNCOUNTED.includes(row.status)).map((row) => row.id);
  if (!timelines.any || ids.length === 0) return new Map();
  const parts: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) parts.push(ids.slice(start, start + IDS_PER_STATEMENT));
  const maps = await Promise.all(parts.map((part) => readChargedSchedules(db, timelines, { companyId, id: { in: part } })));
  return maps.length === 1 ? maps[0] : new Map(maps.flatMap((map) => [...map]));
}

/** The stored text of rows read whole (an e-mail's or the decision page's one request): no query. */
export function storedChargesOf(rows: readonly { id: string; status: string; chargedSchedules: string | null }[]): Map<string, string> {
  return new Map(rows.flatMap((row) => (row.chargedSchedules && !UNCOUNTED.includes(row.status) ? [[row.id, row.chargedSchedules] as const] : [])));
}

export interface ChargedSources {
  /** The schedules a request was charged with, when they are not what its person's timeline says today; else null. */
  frozenOf(row: ChargedRow): ScheduleSource | null;
  /** What a request is counted with: its frozen schedules, else its person's (undefined: Monday–Friday, no schedules kept). */
  schedulesOf(row: ChargedRow): ScheduleSource | undefined;
  /** Its working-day counter (vacationWorkingDays takes it). */
  countDaysOf(row: ChargedRow): DayCounter | undefined;
  /** The charge kept and the charge under today's schedules, when they differ: what an admin sees. */
  comparisonOf(row: ChargedRow, calendar: HolidayCalendar, unit: LeaveUnit): ChargeComparison | null;
}

/**
 * A page's view of its requests' charges. A stored text equal to what the person's timeline gives
 * today (nearly every request) is not even parsed: the request counts with the shared timeline.
 */
export function chargedSources(timelines: Timelines, stored: ReadonlyMap<string, string>): ChargedSources {
  const cache = new Map<string, ScheduleSource | null>();
  const frozenOf = (row: ChargedRow): ScheduleSource | null => {
    if (!timelines.any) return null;
    let source = cache.get(row.id);
    if (source !== undefined) return source;
    source = null;
    const text = stored.get(row.id);
    if (text) {
      const live = timelines.timelineOf(row.userId);
      if (text !== segmentsText(live.segments(row.startDate, row.endDate))) {
        const segments = parseChargedSchedules(text);
        if (segments) source = frozenSchedules(segments, live);
      }
    }
    cache.set(row.id, source);
    return source;
  };
  const counters = new Map<string, DayCounter>();
  return {
    frozenOf,
    schedulesOf: (row) => frozenOf(row) ?? (timelines.any ? timelines.timelineOf(row.userId) : undefined),
    countDaysOf(row) {
      const frozen = frozenOf(row);
      if (!frozen) return timelines.countDaysOf(row.userId);
      let counter = counters.get(row.id);
      if (!counter) counters.set(row.id, (counter = scheduleDayCounter(frozen)));
      return counter;
    },
    comparisonOf(row, calendar, unit) {
      const frozen = frozenOf(row);
      if (!frozen) return null;
      try {
        const request = storedRequest(row);
        const charged = chargeRequest(request, { schedules: frozen, calendar, unit });
        const current = chargeRequest(request, { schedules: timelines.timelineOf(row.userId), calendar, unit });
        const comparison = compareCharges(charged, current);
        return comparison.changed ? comparison : null;
      } catch {
        // A malformed row shows its one figure rather than breaking a list.
        return null;
      }
    },
  };
}

/** What a screen shows of a changed charge: both amounts in the request's unit. */
export interface ChargeChange {
  unit: LeaveUnit;
  charged: number;
  current: number;
}

export function chargeChangeOf(comparison: ChargeComparison | null): ChargeChange | undefined {
  return comparison ? { unit: comparison.charged.unit, charged: comparison.charged.amount, current: comparison.current.amount } : undefined;
}
