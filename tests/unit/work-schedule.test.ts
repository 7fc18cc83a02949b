// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, eachDay } from "~/lib/dates";
import {
  constantSchedule,
  DEFAULT_WORK_SCHEDULE,
  freezeSchedules,
  frozenSchedules,
  isScheduledWorkingDay,
  scheduledDaysBetween,
  scheduledHours,
  scheduledMinutes,
  scheduledMinutesBetween,
  scheduleTimeline,
  weeklyFigures,
  workScheduleListProblems,
  workScheduleProblems,
  type WorkSchedule,
} from "~/lib/work-schedule";

const weekly = (validFrom: string, hoursByWeekday: Record<number, number>): WorkSchedule => ({
  validFrom,
  cycleWeeks: 1,
  days: Object.entries(hoursByWeekday).map(([weekday, hours]) => ({ weekday: Number(weekday), hours })),
});

// Monday–Thursday, 8 h: the four-day week of the issue.
const fourDays = weekly("2026-03-01", { 1: 8, 2: 8, 3: 8, 4: 8 });

describe("the schedule of a date", () => {
  it("is the product's Monday–Friday 8 h by default", () => {
    // 2026-11-23 is a Monday.
    expect([...eachDay("2026-11-23", "2026-11-29")].map((date) => scheduledHours(DEFAULT_WORK_SCHEDULE, date))).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect(weeklyFigures(DEFAULT_WORK_SCHEDULE)).toEqual({ daysPerWeek: 5, hoursPerWeek: 40 });
  });

  it("anchors a two-week cycle on the week its validFrom falls in, not on the year's first week", () => {
    // From Wednesday 7 January 2027: week 1 is 4–10 January (long week), week 2 is 11–17 January.
    const fortnight: WorkSchedule = {
      validFrom: "2027-01-07",
      cycleWeeks: 2,
      days: [...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, hours: 8 })), ...[1, 2, 3].map((weekday) => ({ weekday, week: 2, hours: 8 }))],
    };
    const hours = (from: string) => [...eachDay(from, addDays(from, 6))].map((date) => scheduledHours(fortnight, date));
    expect(hours("2027-01-04")).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect(hours("2027-01-11")).toEqual([8, 8, 8, 0, 0, 0, 0]);
    expect(hours("2027-01-18")).toEqual([8, 8, 8, 8, 8, 0, 0]);
    // Across New Year the rhythm goes on: 52 weeks later is a week 1 again, 53 weeks later a week 2.
    expect(hours("2028-01-03")).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect(hours("2028-01-10")).toEqual([8, 8, 8, 0, 0, 0, 0]);
    // The same fortnight from a week later is the other way round.
    const later = { ...fortnight, validFrom: "2027-01-14" };
    expect([...eachDay("2027-01-11", "2027-01-17")].map((date) => scheduledHours(later, date))).toEqual([8, 8, 8, 8, 8, 0, 0]);
    expect([...eachDay("2027-01-18", "2027-01-24")].map((date) => scheduledHours(later, date))).toEqual([8, 8, 8, 0, 0, 0, 0]);
    expect(weeklyFigures(fortnight)).toEqual({ daysPerWeek: 4, hoursPerWeek: 32 });
  });

  it("keeps hours such as 7.6 (a 38-hour week) as whole minutes", () => {
    const dutch = weekly("2026-01-01", { 1: 7.6, 2: 7.6, 3: 7.6, 4: 7.6, 5: 7.6 });
    expect(scheduledMinutes(dutch, "2026-11-23")).toBe(456);
    expect(scheduledMinutesBetween(dutch, "2026-11-23", "2026-11-29")).toBe(38 * 60);
  });

  it("is a working day when it has hours and is not a holiday", () => {
    const holiday = (date: string) => date === "2026-11-26";
    expect(isScheduledWorkingDay(fourDays, "2026-11-23", holiday)).toBe(true);
    expect(isScheduledWorkingDay(fourDays, "2026-11-26", holiday)).toBe(false);
    expect(isScheduledWorkingDay(fourDays, "2026-11-27", holiday)).toBe(false);
    expect(isScheduledWorkingDay(fourDays, "2026-11-27")).toBe(false);
  });

  it("counts days and minutes arithmetically, like the day-by-day walk", () => {
    const schedule = fc.record({
      validFrom: fc.integer({ min: dayNumber("2020-01-01"), max: dayNumber("2030-12-31") }).map((n) => addDays("1970-01-01", n)),
      cycleWeeks: fc.constantFrom(1 as const, 2 as const),
      days: fc.array(fc.record({ weekday: fc.integer({ min: 1, max: 7 }), week: fc.constantFrom(1, 2), hours: fc.constantFrom(0, 2, 4, 7.5, 8) }), { maxLength: 14 }),
    });
    const range = fc.tuple(fc.integer({ min: dayNumber("2019-01-01"), max: dayNumber("2031-12-31") }), fc.integer({ min: 0, max: 500 }));
    fc.assert(
      fc.property(schedule, range, (row, [start, span]) => {
        const from = addDays("1970-01-01", start);
        const to = addDays(from, span);
        const dates = [...eachDay(from, to)];
        expect(scheduledDaysBetween(row, from, to)).toBe(dates.filter((date) => scheduledMinutes(row, date) > 0).length);
        expect(scheduledMinutesBetween(row, from, to)).toBe(dates.reduce((sum, date) => sum + scheduledMinutes(row, date), 0));
      }),
      { numRuns: 100 },
    );
  });
});

describe("a person's schedules over time", () => {
  const companyDefault = weekly("2026-06-01", { 1: 6, 2: 6, 3: 6, 4: 6, 5: 6 });
  const own = weekly("2026-09-01", { 1: 4, 3: 4 });

  it("is their own row in force, else the company default in force, else the product's", () => {
    const timeline = scheduleTimeline([own], [companyDefault]);
    expect(timeline.at("2026-05-31")).toBe(DEFAULT_WORK_SCHEDULE);
    expect(timeline.at("2026-06-01")).toBe(companyDefault);
    expect(timeline.at("2026-08-31")).toBe(companyDefault);
    expect(timeline.at("2026-09-01")).toBe(own);
    expect(timeline.at("2099-01-01")).toBe(own);
  });

  it("gives consecutive segments over a range, one per schedule in force", () => {
    const timeline = scheduleTimeline([own], [companyDefault, weekly("2026-10-01", { 1: 1 })]);
    expect(timeline.segments("2026-05-30", "2026-12-31")).toEqual([
      { from: "2026-05-30", to: "2026-05-31", schedule: DEFAULT_WORK_SCHEDULE },
      { from: "2026-06-01", to: "2026-08-31", schedule: companyDefault },
      // The company default changing on 1 October leaves the person on their own row.
      { from: "2026-09-01", to: "2026-12-31", schedule: own },
    ]);
    expect(timeline.segments("2026-07-01", "2026-07-01")).toEqual([{ from: "2026-07-01", to: "2026-07-01", schedule: companyDefault }]);
    expect(timeline.segments("2026-07-02", "2026-07-01")).toEqual([]);
  });

  it("freezes the segments a vacation was charged with, and answers from them later", () => {
    const before = scheduleTimeline([own], [companyDefault]);
    const frozen = freezeSchedules(before, "2026-08-24", "2026-09-04");
    // JSON, to be stored on the vacation.
    const stored = JSON.parse(JSON.stringify(frozen)) as typeof frozen;
    const after = scheduleTimeline([own, weekly("2026-08-15", { 5: 8 })], [companyDefault]);
    const source = frozenSchedules(stored, after);
    const minutes = (from: string, to: string, src: { segments: typeof before.segments }) =>
      src.segments(from, to).reduce((sum, segment) => sum + scheduledMinutesBetween(segment.schedule, segment.from, segment.to), 0);
    expect(minutes("2026-08-24", "2026-09-04", source)).toBe(minutes("2026-08-24", "2026-09-04", before));
    // Outside the frozen dates (an edit that lengthens the vacation) today's schedules answer.
    expect(minutes("2026-08-17", "2026-08-23", source)).toBe(minutes("2026-08-17", "2026-08-23", after));
    expect(source.segments("2026-08-20", "2026-09-10").map(({ from, to }) => [from, to])).toEqual([
      ["2026-08-20", "2026-08-23"],
      ["2026-08-24", "2026-08-31"],
      ["2026-09-01", "2026-09-04"],
      ["2026-09-05", "2026-09-10"],
    ]);
  });

  it("is one schedule for everyone when there are no rows", () => {
    expect(constantSchedule().segments("2026-01-01", "2026-12-31")).toEqual([{ from: "2026-01-01", to: "2026-12-31", schedule: DEFAULT_WORK_SCHEDULE }]);
    expect(scheduleTimeline().at("2026-01-01")).toBe(DEFAULT_WORK_SCHEDULE);
  });
});

describe("what is wrong with a schedule", () => {
  it("accepts the default and a fortnight", () => {
    expect(workScheduleProblems(DEFAULT_WORK_SCHEDULE)).toEqual([]);
    expect(workScheduleProblems({ validFrom: "2026-01-05", cycleWeeks: 2, days: [{ weekday: 1, hours: 7.6 }, { weekday: 1, week: 2, hours: 4.25 }] })).toEqual([]);
  });

  it("names each problem once", () => {
    expect(workScheduleProblems({ validFrom: "2026-02-30", cycleWeeks: 3 as never, days: [] })).toEqual(["valid_from", "cycle_weeks"]);
    expect(workScheduleProblems({ validFrom: "2026-01-05", cycleWeeks: 1, days: [{ weekday: 0, hours: 8 }, { weekday: 8, hours: 8 }] })).toEqual(["weekday"]);
    expect(workScheduleProblems({ validFrom: "2026-01-05", cycleWeeks: 1, days: [{ weekday: 1, week: 2, hours: 8 }] })).toEqual(["week"]);
    for (const hours of [-1, 24.5, Number.NaN, 7.123]) expect(workScheduleProblems({ validFrom: "2026-01-05", cycleWeeks: 1, days: [{ weekday: 1, hours }] })).toEqual(["hours"]);
    expect(workScheduleProblems({ validFrom: "2026-01-05", cycleWeeks: 1, days: [{ weekday: 1, hours: 8 }, { weekday: 1, week: 1, hours: 4 }] })).toEqual(["duplicate_day"]);
    expect(workScheduleListProblems([fourDays, { ...fourDays }])).toEqual(["duplicate_valid_from"]);
  });

  it("ignores, when counting, a day validation refuses, rather than letting it overwrite another", () => {
    const stray: WorkSchedule = { validFrom: "2026-01-05", cycleWeeks: 1, days: [{ weekday: 1, hours: 8 }, { weekday: 1, week: 2, hours: 2 }, { weekday: 9, hours: 8 }] };
    expect(scheduledHours(stray, "2026-11-23")).toBe(8);
    expect(scheduledMinutesBetween(stray, "2026-11-23", "2026-11-29")).toBe(480);
  });
});
