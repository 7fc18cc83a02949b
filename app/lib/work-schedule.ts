// Work schedules (docs/decisions/0077-work-schedules-hours-and-leave-years.md): which weekdays a
// person works and for how long, repeating every week or every two weeks, each from a date on.
// Pure and client-safe. Dates are calendar strings; every count is arithmetic on day numbers, so
// no time zone or daylight-saving change can move a date or shorten a day.
import { addDays, dayNumber, isIsoDate, maxDate, minDate, weekdayOfDayNumber, type IsoDate } from "./dates";

export type CycleWeeks = 1 | 2;

export interface WorkScheduleDay {
  /** 1 = Monday … 7 = Sunday (ISO 8601), as the API spells it. */
  weekday: number;
  /** Week of a two-week cycle: 1 is the week (Monday to Sunday) `validFrom` falls in. 1 when omitted. */
  week?: number;
  /** Wall-clock hours in the company's time zone; whole minutes. */
  hours: number;
}

export interface WorkSchedule {
  /** In force from this date until the next schedule's `validFrom`. */
  validFrom: IsoDate;
  cycleWeeks: CycleWeeks;
  /** Days not listed are not worked. */
  days: readonly WorkScheduleDay[];
}

/** The product's default until a company sets its own: Monday to Friday, 8 hours. */
export const DEFAULT_WORK_SCHEDULE: WorkSchedule = Object.freeze({
  // Any date serves: a one-week cycle has no anchor to keep.
  validFrom: "1970-01-01",
  cycleWeeks: 1,
  days: Object.freeze([1, 2, 3, 4, 5].map((weekday) => Object.freeze({ weekday, hours: 8 }))),
});

/** The longest day a schedule may hold. */
export const MAX_SCHEDULED_HOURS = 24;

interface CompiledSchedule {
  /** Day number of the Monday of the week `validFrom` falls in: where a cycle's week 1 begins. */
  anchor: number;
  /** Minutes of each day of the cycle, Monday of week 1 first. */
  minutes: number[];
  /** 1 where the cycle's day is worked. */
  worked: number[];
  minutesPerCycle: number;
  daysPerCycle: number;
}

// Rows arrive as fresh objects per request, and a page asks the same schedule thousands of times.
const compiledSchedules = new WeakMap<WorkSchedule, CompiledSchedule>();

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** Whole minutes: hours such as 7.6 (a 38-hour week over five days) are not exact in binary. */
export function minutesOfHours(hours: number): number {
  return Number.isFinite(hours) && hours > 0 ? Math.round(hours * 60) : 0;
}

function compile(schedule: WorkSchedule): CompiledSchedule {
  let compiled = compiledSchedules.get(schedule);
  if (compiled) return compiled;
  const length = schedule.cycleWeeks === 2 ? 14 : 7;
  const minutes = new Array<number>(length).fill(0);
  for (const day of schedule.days) {
    // Validation refuses these; a row that slipped through must not overwrite week 1's day.
    const week = day.week ?? 1;
    if (!Number.isInteger(day.weekday) || day.weekday < 1 || day.weekday > 7 || !(week === 1 || (week === 2 && length === 14))) continue;
    minutes[(week - 1) * 7 + day.weekday - 1] = Math.min(minutesOfHours(day.hours), MAX_SCHEDULED_HOURS * 60);
  }
  const from = dayNumber(schedule.validFrom);
  const worked = minutes.map((value): number => (value > 0 ? 1 : 0));
  compiled = {
    anchor: from - mod(weekdayOfDayNumber(from) - 1, 7),
    minutes,
    worked,
    minutesPerCycle: minutes.reduce((sum, value) => sum + value, 0),
    daysPerCycle: worked.reduce((sum, value) => sum + value, 0),
  };
  compiledSchedules.set(schedule, compiled);
  return compiled;
}

/**
 * The schedule's minutes on a date. Two-week cycles count weeks from the week `validFrom` falls
 * in, not from the year's first week, so the same fortnight keeps its rhythm across New Year.
 * Dates before `validFrom` follow the same rhythm backwards: callers that resolve a timeline never
 * ask them, and pro-rata measures a year with the schedule nearest in time.
 */
export function scheduledMinutes(schedule: WorkSchedule, date: IsoDate): number {
  const compiled = compile(schedule);
  return compiled.minutes[mod(dayNumber(date) - compiled.anchor, compiled.minutes.length)];
}

export function scheduledHours(schedule: WorkSchedule, date: IsoDate): number {
  return scheduledMinutes(schedule, date) / 60;
}

/** Whether the schedule has hours on the date and the date is not a holiday of the person's work place. */
export function isScheduledWorkingDay(schedule: WorkSchedule, date: IsoDate, isHoliday: (date: IsoDate) => boolean = () => false): boolean {
  return scheduledMinutes(schedule, date) > 0 && !isHoliday(date);
}

/** Sum of a per-cycle-day figure over whole cycles, then the remainder: a century costs as much as a week. */
function sumOverCycle(compiled: CompiledSchedule, values: readonly number[], perCycle: number, from: IsoDate, to: IsoDate): number {
  const first = dayNumber(from);
  const days = dayNumber(to) - first + 1;
  if (days <= 0) return 0;
  const length = values.length;
  let total = Math.floor(days / length) * perCycle;
  const offset = mod(first - compiled.anchor, length);
  for (let i = 0; i < days % length; i++) total += values[(offset + i) % length];
  return total;
}

/** Dates from `from` to `to`, both included, the schedule has hours on (holidays not considered). */
export function scheduledDaysBetween(schedule: WorkSchedule, from: IsoDate, to: IsoDate): number {
  const compiled = compile(schedule);
  return sumOverCycle(compiled, compiled.worked, compiled.daysPerCycle, from, to);
}

/** The schedule's minutes from `from` to `to`, both included (holidays not considered). */
export function scheduledMinutesBetween(schedule: WorkSchedule, from: IsoDate, to: IsoDate): number {
  const compiled = compile(schedule);
  return sumOverCycle(compiled, compiled.minutes, compiled.minutesPerCycle, from, to);
}

/** Each cycle day's minutes capped at `capMinutes`, summed over the dates: "n hours a day" over a range. */
export function cappedMinutesBetween(schedule: WorkSchedule, capMinutes: number, from: IsoDate, to: IsoDate): number {
  const compiled = compile(schedule);
  const capped = compiled.minutes.map((value) => Math.min(value, capMinutes));
  return sumOverCycle(compiled, capped, capped.reduce((sum, value) => sum + value, 0), from, to);
}

/** Schedules measured per cycle, for a screen to show "4 days, 32 h a week". */
export function weeklyFigures(schedule: WorkSchedule): { daysPerWeek: number; hoursPerWeek: number } {
  const compiled = compile(schedule);
  const weeks = compiled.minutes.length / 7;
  return { daysPerWeek: compiled.daysPerCycle / weeks, hoursPerWeek: compiled.minutesPerCycle / 60 / weeks };
}

/** A stretch of consecutive dates under one schedule. */
export interface ScheduleSegment {
  from: IsoDate;
  to: IsoDate;
  schedule: WorkSchedule;
}

/** Where the schedules of a range come from: a person's timeline, or the one a vacation was charged with. */
export interface ScheduleSource {
  /** Consecutive segments covering `from`..`to` exactly, in date order; none when `from` is after `to`. */
  segments(from: IsoDate, to: IsoDate): ScheduleSegment[];
}

export interface ScheduleTimeline extends ScheduleSource {
  /** The schedule in force on a date. */
  at(date: IsoDate): WorkSchedule;
}

/** Latest schedule of a list (sorted by `validFrom`) in force on a date, or null. */
function inForce(sorted: readonly WorkSchedule[], date: IsoDate): WorkSchedule | null {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle].validFrom <= date) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? sorted[low - 1] : null;
}

// Two rows from the same date are refused by validation; should they reach here, the later row in
// the list wins (a stable sort keeps their order), as the later write would.
const byValidFrom = (rows: readonly WorkSchedule[]) => rows.filter((row) => isIsoDate(row.validFrom)).sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));

/**
 * A person's schedules over time: their own row in force on a date, else the company default in
 * force then, else the product's default. A row from 1 March changes nothing before 1 March.
 */
export function scheduleTimeline(own: readonly WorkSchedule[] = [], companyDefaults: readonly WorkSchedule[] = []): ScheduleTimeline {
  const ownSorted = byValidFrom(own);
  const defaultsSorted = byValidFrom(companyDefaults);
  const at = (date: IsoDate) => inForce(ownSorted, date) ?? inForce(defaultsSorted, date) ?? DEFAULT_WORK_SCHEDULE;
  const changes = [...new Set([...ownSorted, ...defaultsSorted].map((row) => row.validFrom))].sort();
  return {
    at,
    segments(from, to) {
      if (from > to) return [];
      const segments: ScheduleSegment[] = [];
      let start = from;
      for (const change of changes) {
        if (change <= start) continue;
        if (change > to) break;
        segments.push({ from: start, to: addDays(change, -1), schedule: at(start) });
        start = change;
      }
      segments.push({ from: start, to, schedule: at(start) });
      // A company default changing under a person's own row leaves them on the same schedule.
      return segments.reduce<ScheduleSegment[]>((merged, segment) => {
        const last = merged[merged.length - 1];
        if (last && last.schedule === segment.schedule) last.to = segment.to;
        else merged.push(segment);
        return merged;
      }, []);
    },
  };
}

/** Everyone on one schedule: the product's default, or a single row. */
export function constantSchedule(schedule: WorkSchedule = DEFAULT_WORK_SCHEDULE): ScheduleTimeline {
  return { at: () => schedule, segments: (from, to) => (from > to ? [] : [{ from, to, schedule }]) };
}

/**
 * The segments a vacation was charged with, to store beside it: a schedule changed later leaves
 * the vacation's figure as it was until the vacation is edited (issue 40).
 */
export function freezeSchedules(source: ScheduleSource, from: IsoDate, to: IsoDate): ScheduleSegment[] {
  return source.segments(from, to).map(({ from, to, schedule }) => ({ from, to, schedule: { validFrom: schedule.validFrom, cycleWeeks: schedule.cycleWeeks, days: schedule.days.map((day) => ({ ...day })) } }));
}

/** A source that answers from frozen segments where they cover a date, and from `fallback` elsewhere. */
export function frozenSchedules(frozen: readonly ScheduleSegment[], fallback: ScheduleSource): ScheduleSource {
  const sorted = [...frozen].sort((a, b) => (a.from < b.from ? -1 : 1));
  return {
    segments(from, to) {
      if (from > to) return [];
      const segments: ScheduleSegment[] = [];
      let cursor = from;
      for (const segment of sorted) {
        if (segment.to < cursor) continue;
        if (segment.from > to) break;
        if (segment.from > cursor) segments.push(...fallback.segments(cursor, addDays(segment.from, -1)));
        const end = minDate(segment.to, to);
        segments.push({ from: maxDate(segment.from, cursor), to: end, schedule: segment.schedule });
        cursor = addDays(end, 1);
        if (cursor > to) return segments;
      }
      segments.push(...fallback.segments(cursor, to));
      return segments;
    },
  };
}

/** What is wrong with a schedule as an admin or the API sent it; an empty list when nothing is. */
export type WorkScheduleProblem = "valid_from" | "cycle_weeks" | "weekday" | "week" | "hours" | "duplicate_day";

export function workScheduleProblems(schedule: WorkSchedule): WorkScheduleProblem[] {
  const problems = new Set<WorkScheduleProblem>();
  if (!isIsoDate(schedule.validFrom)) problems.add("valid_from");
  if (schedule.cycleWeeks !== 1 && schedule.cycleWeeks !== 2) problems.add("cycle_weeks");
  const seen = new Set<string>();
  for (const day of schedule.days) {
    const week = day.week ?? 1;
    if (!Number.isInteger(day.weekday) || day.weekday < 1 || day.weekday > 7) problems.add("weekday");
    if (week !== 1 && !(week === 2 && schedule.cycleWeeks === 2)) problems.add("week");
    // Whole minutes, so that every sum of hours is exact.
    const minutes = day.hours * 60;
    if (!Number.isFinite(day.hours) || day.hours < 0 || day.hours > MAX_SCHEDULED_HOURS || Math.abs(minutes - Math.round(minutes)) > 1e-9) problems.add("hours");
    const key = `${week}-${day.weekday}`;
    if (seen.has(key)) problems.add("duplicate_day");
    seen.add(key);
  }
  return [...problems];
}

/** A person's (or the company's) list of schedules: each valid, no two from the same date. */
export function workScheduleListProblems(schedules: readonly WorkSchedule[]): (WorkScheduleProblem | "duplicate_valid_from")[] {
  const problems = new Set<WorkScheduleProblem | "duplicate_valid_from">();
  const dates = new Set<IsoDate>();
  for (const schedule of schedules) {
    for (const problem of workScheduleProblems(schedule)) problems.add(problem);
    if (dates.has(schedule.validFrom)) problems.add("duplicate_valid_from");
    dates.add(schedule.validFrom);
  }
  return [...problems];
}

/**
 * The Monday-to-Friday dates from `from` to `to` a person's schedules have no hours on (a four-day
 * week's Fridays): what a calendar shades on the person's row. Weekends are left out, since the
 * calendars shade them already; a month asks ~20 dates.
 */
export function unscheduledWeekdays(source: ScheduleSource, from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  for (const segment of source.segments(from, to)) {
    const compiled = compile(segment.schedule);
    // Most people work every weekday: a year of My Calendar then walks no dates at all.
    if (compiled.minutes.every((minutes, i) => minutes > 0 || i % 7 >= 5)) continue;
    const first = dayNumber(segment.from);
    const last = dayNumber(segment.to);
    for (let day = first, weekday = weekdayOfDayNumber(first); day <= last; day++, weekday = (weekday + 1) % 7) {
      if (weekday !== 0 && weekday !== 6 && compiled.minutes[mod(day - compiled.anchor, compiled.minutes.length)] === 0) dates.push(addDays(segment.from, day - first));
    }
  }
  return dates;
}
