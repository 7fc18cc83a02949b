// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { leaveYear } from "~/lib/leave-year";
import { accrualLimit, accrue, prorateAllowance, roundAllowance, type ProrationInput } from "~/lib/proration";
import { scheduleTimeline, type WorkSchedule } from "~/lib/work-schedule";

const weekly = (validFrom: string, hoursByWeekday: Record<number, number>): WorkSchedule => ({
  validFrom,
  cycleWeeks: 1,
  days: Object.entries(hoursByWeekday).map(([weekday, hours]) => ({ weekday: Number(weekday), hours })),
});
const fourDays = (validFrom: string) => weekly(validFrom, { 1: 8, 2: 8, 3: 8, 4: 8 });
const year2027 = leaveYear(2027, 1);

const input = (overrides: Partial<ProrationInput>): ProrationInput => ({
  allowance: 22,
  unit: "day",
  leaveYear: year2027,
  schedules: scheduleTimeline(),
  rounding: "nearest",
  ...overrides,
});

describe("rounding an allowance", () => {
  it("rounds days to half days and hours to quarter hours, by the company's rule", () => {
    expect([roundAllowance(11.09, "day", "nearest"), roundAllowance(11.09, "day", "up"), roundAllowance(11.09, "day", "down")]).toEqual([11, 11.5, 11]);
    expect(roundAllowance(11.25, "day", "nearest")).toBe(11.5);
    expect([roundAllowance(88.7, "hour", "nearest"), roundAllowance(88.7, "hour", "up"), roundAllowance(88.7, "hour", "down")]).toEqual([88.75, 88.75, 88.5]);
  });

  it("does not round an exact share away from itself through binary error", () => {
    // 1 h × 309 of 412 scheduled minutes, measured in hours, is ¾ h on paper.
    const share = (1 * (309 / 60)) / (412 / 60);
    expect(share).toBe(0.7500000000000001);
    expect(roundAllowance(share, "hour", "up")).toBe(0.75);
    expect(roundAllowance(0.1 + 0.2, "hour", "up")).toBe(0.5);
    expect(roundAllowance(0.5 + 1e-12, "day", "up")).toBe(0.5);
  });
});

describe("pro-rata by scheduled working days", () => {
  it("leaves the allowance whole for someone employed all the leave year, whatever their schedule did", () => {
    const changed = scheduleTimeline([fourDays("2027-03-01")]);
    expect(prorateAllowance(input({ schedules: changed }))).toMatchObject({ prorated: false, total: 22, overdraft: 0 });
    expect(prorateAllowance(input({ firstDay: "2020-05-04", lastDay: "2030-01-01" })).total).toBe(22);
  });

  it("counts working days, not calendar days: a joiner on a Saturday earns no more than on the Monday after", () => {
    // 1 May 2027 is a Saturday.
    const saturday = prorateAllowance(input({ firstDay: "2027-05-01" }));
    const monday = prorateAllowance(input({ firstDay: "2027-05-03" }));
    expect(saturday.exact).toBe(monday.exact);
    // 2027 has 261 weekdays; 1 May–31 December is 35 whole weeks.
    expect(saturday).toMatchObject({ basis: "schedule", yearMeasure: 261, employedMeasure: 175, employedFrom: "2027-05-01", employedTo: "2027-12-31" });
    // 22 × 175 / 261 = 14.75: a tie, which "nearest" rounds up.
    expect([saturday.total, prorateAllowance(input({ firstDay: "2027-05-01", rounding: "up" })).total, prorateAllowance(input({ firstDay: "2027-05-01", rounding: "down" })).total]).toEqual([15, 15, 14.5]);
  });

  it("measures a part-timer's year with their own schedule, not the company default before they joined", () => {
    // Joins on Thursday 1 July 2027 on a four-day week: 105 of the year's 208 Monday–Thursdays,
    // where measuring January–June by the company's five-day default would give 105 of 234.
    const joiner = prorateAllowance(input({ allowance: 20, firstDay: "2027-07-01", schedules: scheduleTimeline([fourDays("2027-07-01")]) }));
    expect(joiner).toMatchObject({ yearMeasure: 208, employedMeasure: 105, total: 10 });
  });

  it("prorates a leaver, and shows what they took beyond it as an overdraft", () => {
    // Leaves on Wednesday 30 June 2027 having taken 15 days: 129 of 261 working days → 10.87 → 11.
    const leaver = prorateAllowance(input({ lastDay: "2027-06-30", taken: 15 }));
    expect(leaver).toMatchObject({ employedFrom: "2027-01-01", employedTo: "2027-06-30", employedMeasure: 129, total: 11, taken: 15, overdraft: 4 });
    expect(prorateAllowance(input({ lastDay: "2027-06-30", taken: 9 })).overdraft).toBe(0);
  });

  it("prorates hours by scheduled hours, to the quarter hour", () => {
    // 160 h a year; joins on 1 July 2027 on Monday 8 h, Tuesday 4 h.
    const schedules = scheduleTimeline([weekly("2027-07-01", { 1: 8, 2: 4 })]);
    const joiner = prorateAllowance(input({ allowance: 160, unit: "hour", firstDay: "2027-07-01", schedules }));
    // 2027 has 52 Mondays and 52 Tuesdays; from 1 July, 26 Mondays and 26 Tuesdays.
    expect(joiner).toMatchObject({ yearMeasure: 52 * 12, employedMeasure: 26 * 12, total: 80 });
  });

  it("follows a leave year that starts in April", () => {
    const april = leaveYear(2026, 4);
    const joiner = prorateAllowance(input({ leaveYear: april, firstDay: "2026-10-01" }));
    expect(joiner).toMatchObject({ employedFrom: "2026-10-01", employedTo: "2027-03-31" });
    expect(joiner.total).toBe(roundAllowance((22 * joiner.employedMeasure) / joiner.yearMeasure, "day", "nearest"));
  });

  it("gives nothing in a year the person is not employed in, and falls back to calendar days for a schedule with no hours", () => {
    expect(prorateAllowance(input({ firstDay: "2028-01-03" }))).toMatchObject({ employedFrom: null, total: 0 });
    expect(prorateAllowance(input({ lastDay: "2026-12-31", taken: 1 }))).toMatchObject({ total: 0, overdraft: 1 });
    const none = prorateAllowance(input({ firstDay: "2027-07-02", schedules: scheduleTimeline([weekly("2020-01-01", {})]) }));
    expect(none).toMatchObject({ basis: "calendar_days", yearMeasure: 365, employedMeasure: 183, total: 11 });
  });

  it("never gives a joiner more than the whole allowance, nor a later joiner more than an earlier one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 364 }), fc.constantFrom("nearest" as const, "up" as const, "down" as const), (a, b, rounding) => {
        const [early, late] = [Math.min(a, b), Math.max(a, b)].map((n) => prorateAllowance(input({ firstDay: addDays("2027-01-01", n), rounding })).total);
        expect(early).toBeGreaterThanOrEqual(late);
        expect(early).toBeLessThanOrEqual(22);
      }),
      { numRuns: 50 },
    );
  });
});

describe("accrual", () => {
  it("earns 1/12 for each month of the leave year that has started", () => {
    expect(accrue({ allowance: 24, unit: "day", leaveYear: year2027, asOf: "2027-01-01", rounding: "nearest" })).toMatchObject({ monthsStarted: 1, earned: 2 });
    expect(accrue({ allowance: 24, unit: "day", leaveYear: year2027, asOf: "2027-03-31", rounding: "nearest" })).toMatchObject({ monthsStarted: 3, earned: 6 });
    expect(accrue({ allowance: 24, unit: "day", leaveYear: year2027, asOf: "2027-12-31", rounding: "nearest" })).toMatchObject({ monthsStarted: 12, earned: 24 });
    // 22 / 12 × 5 = 9.17.
    expect(accrue({ allowance: 22, unit: "day", leaveYear: year2027, asOf: "2027-05-20", rounding: "up" })).toMatchObject({ exact: 22 * 5 / 12, earned: 9.5 });
  });

  it("counts from the first day of employment, and stops at the last", () => {
    const joiner = accrue({ allowance: 24, unit: "day", leaveYear: year2027, firstDay: "2027-07-15", asOf: "2027-09-01", rounding: "nearest" });
    expect(joiner).toMatchObject({ monthsStarted: 3, earned: 6 });
    expect(accrue({ allowance: 24, unit: "day", leaveYear: year2027, firstDay: "2027-07-15", asOf: "2027-07-14", rounding: "nearest" }).monthsStarted).toBe(0);
    const leaver = accrue({ allowance: 24, unit: "day", leaveYear: year2027, lastDay: "2027-06-10", asOf: "2027-12-01", rounding: "nearest" });
    expect(leaver).toMatchObject({ monthsStarted: 6, earned: 12 });
  });

  it("follows a leave year from April and never exceeds the year's (prorated) total", () => {
    const april = leaveYear(2026, 4);
    expect(accrue({ allowance: 12, unit: "hour", leaveYear: april, asOf: "2027-01-05", rounding: "nearest" }).monthsStarted).toBe(10);
    expect(accrue({ allowance: 24, total: 11, unit: "day", leaveYear: year2027, asOf: "2027-12-01", rounding: "nearest" }).earned).toBe(11);
  });

  it("lets a person book what is earned, or the whole year when booking ahead is allowed", () => {
    const accrual = accrue({ allowance: 24, unit: "day", leaveYear: year2027, asOf: "2027-02-10", rounding: "nearest" });
    expect(accrualLimit(accrual, false)).toBe(4);
    expect(accrualLimit(accrual, true)).toBe(24);
  });
});
