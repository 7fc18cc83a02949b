// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The pure rules of a closure (decision 0085): the runs booked never touch a day already on leave or
// outside employment, start and end on working days, and cover every working day left.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, eachDay } from "~/lib/dates";
import { casesOf, parseClosureChoice, planClosureFor } from "~/lib/closures";

const START = "2031-12-22";
const day = (offset: number) => addDays(START, offset);

describe("planClosureFor", () => {
  it("books every working day left and nothing else", () => {
    const property = fc.property(
      fc.integer({ min: 0, max: 20 }),
      fc.array(fc.tuple(fc.integer({ min: -5, max: 25 }), fc.integer({ min: 0, max: 4 })), { maxLength: 3 }),
      fc.option(fc.integer({ min: -3, max: 23 }), { nil: null }),
      fc.option(fc.integer({ min: -3, max: 23 }), { nil: null }),
      fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
      (length, leaveSpans, first, last, weekdays) => {
        const closure = { startDate: START, endDate: day(length) };
        const leave = leaveSpans.map(([from, days]) => ({ startDate: day(from), endDate: day(from + days) }));
        const isWorkingDay = (date: string) => weekdays.includes(dayOfWeek(date));
        const firstDay = first === null ? null : day(first);
        const lastDay = last === null ? null : day(last);
        const plan = planClosureFor(closure, { firstDay, lastDay, leave, isWorkingDay });
        const booked = new Set(plan.segments.flatMap((segment) => [...eachDay(segment.startDate, segment.endDate)]));
        for (const date of eachDay(closure.startDate, closure.endDate)) {
          const employed = (!firstDay || date >= firstDay) && (!lastDay || date <= lastDay);
          const onLeave = leave.some((range) => range.startDate <= date && date <= range.endDate);
          if (!employed || onLeave) expect(booked.has(date)).toBe(false);
          else if (isWorkingDay(date)) expect(booked.has(date)).toBe(true);
        }
        for (const segment of plan.segments) {
          expect(isWorkingDay(segment.startDate) && isWorkingDay(segment.endDate)).toBe(true);
        }
      },
    );
    fc.assert(property, { numRuns: 300 });
  });

  it("names a joiner, a leaver and leave held as cases", () => {
    const plan = planClosureFor(
      { startDate: "2031-12-24", endDate: "2032-01-02" },
      { firstDay: "2031-12-29", lastDay: "2031-12-31", leave: [{ startDate: "2031-12-20", endDate: "2031-12-24" }], isWorkingDay: () => true },
    );
    expect(plan.segments).toEqual([{ startDate: "2031-12-29", endDate: "2031-12-31" }]);
    expect(casesOf(plan, true)).toEqual(["negative", "onLeave", "joins", "leaves"]);
  });
});

describe("parseClosureChoice", () => {
  it("reads what the form posts and nothing else", () => {
    expect(parseClosureChoice("charge")).toEqual({ kind: "charge" });
    expect(parseClosureChoice("skip")).toEqual({ kind: "skip" });
    expect(parseClosureChoice("type:sick_leave")).toEqual({ kind: "type", categoryId: "sick_leave" });
    expect(parseClosureChoice("type:")).toBeNull();
    expect(parseClosureChoice("")).toBeNull();
    expect(parseClosureChoice(null)).toBeNull();
  });
});
