// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, eachDay } from "~/lib/dates";
import { carryOverExpiry } from "~/lib/carry-over";
import { leaveYear, leaveYearLabel, leaveYearOf, leaveYearsBetween, parseLeaveYearStartMonth, splitByLeaveYear } from "~/lib/leave-year";

describe("the company's leave year", () => {
  it("is the calendar year when it starts in January", () => {
    expect(leaveYear(2026, 1)).toEqual({ year: 2026, startMonth: 1, firstDay: "2026-01-01", lastDay: "2026-12-31", label: "2026" });
    expect(leaveYearOf("2026-12-31", 1).label).toBe("2026");
  });

  it("runs twelve months from another month, labelled across the two years", () => {
    expect(leaveYear(2026, 4)).toEqual({ year: 2026, startMonth: 4, firstDay: "2026-04-01", lastDay: "2027-03-31", label: "2026/27" });
    expect(leaveYear(2027, 5).lastDay).toBe("2028-04-30");
    // A leap February ends a leave year that starts in March.
    expect(leaveYear(2027, 3).lastDay).toBe("2028-02-29");
    expect(leaveYearLabel(2099, 4)).toBe("2099/00");
    expect(leaveYearOf("2026-03-31", 4).label).toBe("2025/26");
    expect(leaveYearOf("2026-04-01", 4).label).toBe("2026/27");
    expect(leaveYearOf("2027-01-15", 4).year).toBe(2026);
  });

  it("reads its start month, January for anything but 1–12", () => {
    expect(parseLeaveYearStartMonth(4)).toBe(4);
    expect(parseLeaveYearStartMonth("05")).toBe(5);
    for (const value of [0, 13, 4.5, "", "april", null, undefined]) expect(parseLeaveYearStartMonth(value)).toBe(1);
  });

  it("holds every date once: consecutive years meet without a gap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 12 }), (n, month) => {
        const date = addDays("2000-01-01", n);
        const year = leaveYearOf(date, month);
        expect(year.firstDay <= date && date <= year.lastDay).toBe(true);
        expect(addDays(year.lastDay, 1)).toBe(leaveYear(year.year + 1, month).firstDay);
      }),
      { numRuns: 200 },
    );
  });

  it("splits a range at its boundaries, half days staying at the range's own ends", () => {
    const range = { startDate: "2026-03-28", endDate: "2026-04-03", halfDayStart: true, halfDayEnd: true };
    expect(splitByLeaveYear(range, 4)).toEqual([
      { leaveYear: leaveYear(2025, 4), range: { startDate: "2026-03-28", endDate: "2026-03-31", halfDayStart: true, halfDayEnd: false } },
      { leaveYear: leaveYear(2026, 4), range: { startDate: "2026-04-01", endDate: "2026-04-03", halfDayStart: false, halfDayEnd: true } },
    ]);
    expect(splitByLeaveYear(range, 1)).toEqual([{ leaveYear: leaveYear(2026, 1), range }]);
    expect(leaveYearsBetween("2025-05-01", "2028-04-30", 5).map((year) => year.label)).toEqual(["2025/26", "2026/27", "2027/28"]);
    expect(leaveYearsBetween("2026-01-02", "2026-01-01", 5)).toEqual([]);
  });

  it("splits any range into parts that cover its dates exactly once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 900 }), fc.integer({ min: 1, max: 12 }), (start, span, month) => {
        const range = { startDate: addDays("2020-01-01", start), endDate: addDays("2020-01-01", start + span) };
        const dates = splitByLeaveYear(range, month).flatMap(({ leaveYear, range: part }) => {
          expect(part.startDate >= leaveYear.firstDay && part.endDate <= leaveYear.lastDay).toBe(true);
          return [...eachDay(part.startDate, part.endDate)];
        });
        expect(dates).toEqual([...eachDay(range.startDate, range.endDate)]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("carried days' expiry in a leave year", () => {
  it("is unchanged for a January leave year", () => {
    expect(carryOverExpiry(2026, "04-30")).toBe("2027-04-30");
    expect(carryOverExpiry(2026, "04-30", 1)).toBe("2027-04-30");
    expect(carryOverExpiry(2027, "02-29", 1)).toBe("2028-02-29");
  });

  it("falls inside the next leave year when it starts later", () => {
    // Days carried out of 2026/27 (April start) are used in 2027/28.
    expect(carryOverExpiry(2026, "04-30", 4)).toBe("2027-04-30");
    expect(carryOverExpiry(2026, "03-31", 4)).toBe("2028-03-31");
    expect(carryOverExpiry(2026, "02-29", 4)).toBe("2028-02-29");
    expect(carryOverExpiry(2025, "02-29", 4)).toBe("2027-02-28");
    // A malformed setting still ends in the next leave year: 30 April of it.
    expect(carryOverExpiry(2026, "bad", 5)).toBe("2028-04-30");
  });
});
