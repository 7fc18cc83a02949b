// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, eachDay, firstDayOfYear, lastDayOfYear, maxDate, minDate, monthDayOf, yearOf } from "~/lib/dates";
import { nationalHolidays } from "~/models/holiday-catalogue.server";
import { buildHolidayIndex, countWorkingDays, countWorkingDaysInYear, holidayCalendar, holidayCalendarFor, isWorkingDay, NO_HOLIDAYS, rangesOverlap, splitWorkingDaysByYear, type HolidayCalendar, type HolidayRow } from "~/lib/working-days";
import { spanCovers, spanOfVacations, spanOfVacationsTouching } from "~/lib/holiday-spans";

const fullDays = (startDate: string, endDate: string) => ({ startDate, endDate, halfDayStart: false, halfDayEnd: false });

// PT: New Year and Christmas recur; Good Friday 2026 is a one-off row. Azores (PT-20) has its own day.
const rows: HolidayRow[] = [
  { date: "2020-01-01", countryCode: "PT", region: null, isRecurring: true },
  { date: "2026-12-25", countryCode: "PT", isRecurring: true },
  { date: "2026-04-03", countryCode: "PT", region: null, isRecurring: false },
  { date: "2026-06-01", countryCode: "PT", region: "PT-20", isRecurring: true },
  { date: "2026-05-21", countryCode: "ES", region: null, isRecurring: false },
  { date: "2024-02-29", countryCode: "XL", region: null, isRecurring: true },
];
const index = buildHolidayIndex(rows);
const portugal = holidayCalendarFor(index, { countryCode: "PT" }, "PT");

describe("date helpers added for working days", () => {
  it("walks inclusive ranges across month, year and leap-day boundaries", () => {
    expect([...eachDay("2028-02-28", "2028-03-01")]).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect([...eachDay("2026-12-31", "2027-01-01")]).toEqual(["2026-12-31", "2027-01-01"]);
    expect([...eachDay("2026-03-29", "2026-03-29")]).toEqual(["2026-03-29"]);
    expect([...eachDay("2026-03-30", "2026-03-29")]).toEqual([]);
  });

  it("does not slip over daylight-saving changes", () => {
    expect([...eachDay("2026-10-24", "2026-10-26")]).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
  });

  it("gives year bounds, month-day keys and min/max", () => {
    expect(firstDayOfYear(2027)).toBe("2027-01-01");
    expect(lastDayOfYear(2026)).toBe("2026-12-31");
    expect(monthDayOf("2028-02-29")).toBe("02-29");
    expect(maxDate("2026-01-02", "2025-12-31")).toBe("2026-01-02");
    expect(minDate("2026-01-02", "2025-12-31")).toBe("2025-12-31");
  });
});

describe("holiday calendar", () => {
  it("repeats recurring holidays every year, before and after the row's year", () => {
    expect(portugal.isHoliday("2026-01-01")).toBe(true);
    expect(portugal.isHoliday("2019-01-01")).toBe(true);
    expect(portugal.isHoliday("2031-12-25")).toBe(true);
    expect(portugal.isHoliday("2026-01-02")).toBe(false);
  });

  it("keeps non-recurring holidays on their date only", () => {
    expect(portugal.isHoliday("2026-04-03")).toBe(true);
    expect(portugal.isHoliday("2027-04-03")).toBe(false);
    expect(portugal.isHoliday("2025-04-03")).toBe(false);
  });

  it("has a recurring 29 February only in leap years", () => {
    const leap = holidayCalendarFor(index, { countryCode: "XL" }, "PT");
    expect(leap.isHoliday("2028-02-29")).toBe(true);
    expect(leap.isHoliday("2027-02-28")).toBe(false);
    expect(leap.isHoliday("2027-03-01")).toBe(false);
    expect(isWorkingDay("2028-02-29", leap)).toBe(false);
    expect(countWorkingDays(fullDays("2028-02-28", "2028-03-01"), leap)).toBe(2);
    expect(countWorkingDays(fullDays("2027-02-26", "2027-03-01"), leap)).toBe(2);
  });

  it("uses the user's work country, falling back to the company's", () => {
    const spain = holidayCalendarFor(index, { countryCode: "ES" }, "PT");
    expect(spain.isHoliday("2026-05-21")).toBe(true);
    expect(spain.isHoliday("2026-12-25")).toBe(false);

    const noCountry = holidayCalendarFor(index, { countryCode: null }, "PT");
    expect(noCountry.isHoliday("2026-12-25")).toBe(true);
    expect(holidayCalendarFor(index, { countryCode: "  " }, "PT").isHoliday("2026-12-25")).toBe(true);
    expect(holidayCalendarFor(index, {}, "ES").isHoliday("2026-05-21")).toBe(true);
  });

  it("matches country and region codes regardless of case and spaces", () => {
    expect(holidayCalendarFor(index, { countryCode: " pt " }, "ES").isHoliday("2026-12-25")).toBe(true);
    expect(holidayCalendarFor(index, { countryCode: "PT", region: "pt-20" }, "PT").isHoliday("2026-06-01")).toBe(true);
  });

  it("applies regional holidays only to users of that region, plus the national ones", () => {
    const azores = holidayCalendarFor(index, { countryCode: "PT", region: "PT-20" }, "PT");
    const madeira = holidayCalendarFor(index, { countryCode: "PT", region: "PT-30" }, "PT");
    expect(azores.isHoliday("2027-06-01")).toBe(true);
    expect(azores.isHoliday("2026-12-25")).toBe(true);
    expect(madeira.isHoliday("2027-06-01")).toBe(false);
    expect(portugal.isHoliday("2027-06-01")).toBe(false);
    expect(madeira.isHoliday("2026-12-25")).toBe(true);
  });

  it("does not apply a region's holidays to the same region name in another country", () => {
    expect(holidayCalendarFor(index, { countryCode: "ES", region: "PT-20" }, "PT").isHoliday("2026-06-01")).toBe(false);
  });

  it("has no holidays for a country without rows", () => {
    const france = holidayCalendarFor(index, { countryCode: "FR" }, "PT");
    expect(france.isHoliday("2026-12-25")).toBe(false);
    expect(holidayCalendar([], { countryCode: "PT" }, "PT").isHoliday("2026-12-25")).toBe(false);
  });

  it("skips malformed rows instead of failing", () => {
    const calendar = holidayCalendar(
      [
        { date: "2026-02-30", countryCode: "PT", isRecurring: false },
        { date: "2026-12-08", countryCode: "", isRecurring: true },
        { date: "2026-12-01", countryCode: "PT", isRecurring: true },
      ],
      { countryCode: "PT" },
      "PT",
    );
    expect(calendar.isHoliday("2026-12-01")).toBe(true);
    expect(calendar.isHoliday("2026-12-08")).toBe(false);
  });

  it("reuses one calendar per country and region", () => {
    expect(holidayCalendarFor(index, { countryCode: "pt" }, "ES")).toBe(holidayCalendarFor(index, { countryCode: "PT" }, "PT"));
  });

  it("works with the catalogue's Portuguese holidays", async () => {
    const calendar = holidayCalendar(
      (await nationalHolidays("PT", 2026)).map((holiday) => ({ ...holiday, countryCode: "PT", isRecurring: false })),
      { countryCode: "PT" },
      "PT",
    );
    // April 2026: Good Friday 3rd, Easter 5th (Sunday), Liberty Day 25th (Saturday).
    expect(countWorkingDays(fullDays("2026-04-01", "2026-04-30"), calendar)).toBe(21);
  });
});

describe("isWorkingDay", () => {
  it("excludes Saturdays, Sundays and holidays", () => {
    expect(isWorkingDay("2026-11-20", portugal)).toBe(true);
    expect(isWorkingDay("2026-11-21", portugal)).toBe(false);
    expect(isWorkingDay("2026-11-22", portugal)).toBe(false);
    expect(isWorkingDay("2026-12-25", portugal)).toBe(false);
    expect(isWorkingDay("2026-12-25", NO_HOLIDAYS)).toBe(true);
  });
});

describe("countWorkingDays", () => {
  it("counts a full working week and skips the weekend inside a range", () => {
    expect(countWorkingDays(fullDays("2026-11-23", "2026-11-27"), portugal)).toBe(5);
    expect(countWorkingDays(fullDays("2026-11-20", "2026-11-23"), portugal)).toBe(2);
    expect(countWorkingDays(fullDays("2026-11-21", "2026-11-22"), portugal)).toBe(0);
  });

  it("skips holidays", () => {
    // Mon 21 Dec to Fri 25 Dec 2026, Christmas on Friday.
    expect(countWorkingDays(fullDays("2026-12-21", "2026-12-25"), portugal)).toBe(4);
    expect(countWorkingDays(fullDays("2026-12-21", "2026-12-25"), NO_HOLIDAYS)).toBe(5);
  });

  it("counts across a year end", () => {
    // Mon 28 Dec 2026 to Tue 5 Jan 2027: 4 days in 2026, New Year (Fri) off, 4 and 5 Jan.
    expect(countWorkingDays(fullDays("2026-12-28", "2027-01-05"), portugal)).toBe(6);
  });

  it("counts half first and last days", () => {
    expect(countWorkingDays({ ...fullDays("2026-11-23", "2026-11-27"), halfDayStart: true }, portugal)).toBe(4.5);
    expect(countWorkingDays({ ...fullDays("2026-11-23", "2026-11-27"), halfDayEnd: true }, portugal)).toBe(4.5);
    expect(countWorkingDays({ ...fullDays("2026-11-23", "2026-11-27"), halfDayStart: true, halfDayEnd: true }, portugal)).toBe(4);
  });

  it("counts a one-day half day as 0.5, including the contradictory both-flags case", () => {
    const day = fullDays("2026-11-23", "2026-11-23");
    expect(countWorkingDays(day, portugal)).toBe(1);
    expect(countWorkingDays({ ...day, halfDayStart: true }, portugal)).toBe(0.5);
    expect(countWorkingDays({ ...day, halfDayEnd: true }, portugal)).toBe(0.5);
    expect(countWorkingDays({ ...day, halfDayStart: true, halfDayEnd: true }, portugal)).toBe(0.5);
  });

  it("ignores half-day flags on weekends and holidays", () => {
    // Sat 21 Nov to Fri 27 Nov 2026: the half flag on Saturday changes nothing.
    expect(countWorkingDays({ ...fullDays("2026-11-21", "2026-11-27"), halfDayStart: true }, portugal)).toBe(5);
    // Mon 21 Dec to Fri 25 Dec (Christmas): a half last day on the holiday changes nothing.
    expect(countWorkingDays({ ...fullDays("2026-12-21", "2026-12-25"), halfDayEnd: true }, portugal)).toBe(4);
    expect(countWorkingDays({ ...fullDays("2026-12-25", "2026-12-25"), halfDayStart: true }, portugal)).toBe(0);
    expect(countWorkingDays({ ...fullDays("2026-11-22", "2026-11-22"), halfDayEnd: true }, portugal)).toBe(0);
  });

  it("counts leap days", () => {
    expect(countWorkingDays(fullDays("2028-02-28", "2028-03-01"), NO_HOLIDAYS)).toBe(3);
    expect(countWorkingDays(fullDays("2028-02-01", "2028-02-29"), NO_HOLIDAYS)).toBe(21);
  });

  it("rejects a start after the end and invalid dates with a RangeError", () => {
    expect(() => countWorkingDays(fullDays("2026-11-27", "2026-11-23"), portugal)).toThrow(RangeError);
    expect(() => countWorkingDays(fullDays("2027-02-29", "2027-03-01"), portugal)).toThrow(RangeError);
    expect(() => countWorkingDays(fullDays("2026-11-23", "2026-11-23T00:00:00Z"), portugal)).toThrow(RangeError);
    expect(() => countWorkingDays(fullDays("", "2026-11-23"), portugal)).toThrow(RangeError);
  });
});

describe("splitWorkingDaysByYear", () => {
  it("splits a request across a year end so each year's allowance is drawn separately", () => {
    expect(splitWorkingDaysByYear(fullDays("2026-12-28", "2027-01-05"), portugal)).toEqual({ 2026: 4, 2027: 2 });
  });

  it("applies half days only to the year holding that end of the range", () => {
    const range = { startDate: "2026-12-28", endDate: "2027-01-05", halfDayStart: true, halfDayEnd: true };
    expect(splitWorkingDaysByYear(range, portugal)).toEqual({ 2026: 3.5, 2027: 1.5 });
  });

  it("lists a year the range touches even when it takes no working day from it", () => {
    // Fri 31 Dec 2027, then the weekend (New Year on Saturday), Mon 3 and Tue 4 Jan 2028.
    expect(splitWorkingDaysByYear(fullDays("2027-12-31", "2028-01-04"), portugal)).toEqual({ 2027: 1, 2028: 2 });
    // The only 2027 day is New Year's Day.
    expect(splitWorkingDaysByYear(fullDays("2026-12-26", "2027-01-01"), portugal)).toEqual({ 2026: 4, 2027: 0 });
  });

  it("returns a single year for a range inside it", () => {
    expect(splitWorkingDaysByYear(fullDays("2026-11-23", "2026-11-27"), portugal)).toEqual({ 2026: 5 });
  });

  it("covers every year of a multi-year range", () => {
    const split = splitWorkingDaysByYear(fullDays("2026-12-31", "2028-01-03"), NO_HOLIDAYS);
    expect(Object.keys(split)).toEqual(["2026", "2027", "2028"]);
    expect(split[2027]).toBe(261);
  });

  it("throws RangeError like countWorkingDays", () => {
    expect(() => splitWorkingDaysByYear(fullDays("2027-01-01", "2026-12-31"), portugal)).toThrow(RangeError);
  });
});

describe("countWorkingDaysInYear", () => {
  it("counts only the part inside the year and 0 outside it", () => {
    const range = fullDays("2026-12-28", "2027-01-05");
    expect(countWorkingDaysInYear(range, 2026, portugal)).toBe(4);
    expect(countWorkingDaysInYear(range, 2027, portugal)).toBe(2);
    expect(countWorkingDaysInYear(range, 2025, portugal)).toBe(0);
    expect(countWorkingDaysInYear(range, 2028, portugal)).toBe(0);
  });
});

describe("rangesOverlap", () => {
  const a = { startDate: "2026-11-23", endDate: "2026-11-27" };

  it("detects shared dates, including touching ends (inclusive)", () => {
    expect(rangesOverlap(a, { startDate: "2026-11-27", endDate: "2026-12-01" })).toBe(true);
    expect(rangesOverlap(a, { startDate: "2026-11-20", endDate: "2026-11-23" })).toBe(true);
    expect(rangesOverlap(a, { startDate: "2026-11-24", endDate: "2026-11-24" })).toBe(true);
    expect(rangesOverlap(a, { startDate: "2026-11-01", endDate: "2026-12-31" })).toBe(true);
  });

  it("is symmetric and false for disjoint ranges", () => {
    const b = { startDate: "2026-11-28", endDate: "2026-11-30" };
    expect(rangesOverlap(a, b)).toBe(false);
    expect(rangesOverlap(b, a)).toBe(false);
    const lastDay = { startDate: "2026-12-31", endDate: "2026-12-31" };
    expect(rangesOverlap(lastDay, { startDate: "2027-01-01", endDate: "2027-01-02" })).toBe(false);
  });

  it("treats a morning and an afternoon vacation on the same date as overlapping", () => {
    const morning = { startDate: "2026-11-23", endDate: "2026-11-23", halfDayEnd: true };
    const afternoon = { startDate: "2026-11-23", endDate: "2026-11-23", halfDayStart: true };
    expect(rangesOverlap(morning, afternoon)).toBe(true);
  });
});

// The day-by-day count the arithmetic one replaced: the reference it must always agree with.
function countDayByDay(range: { startDate: string; endDate: string; halfDayStart: boolean; halfDayEnd: boolean }, calendar: HolidayCalendar, from = range.startDate, to = range.endDate) {
  let total = 0;
  for (const date of eachDay(from, to)) {
    if (!isWorkingDay(date, calendar)) continue;
    const half = (range.halfDayStart && date === range.startDate) || (range.halfDayEnd && date === range.endDate);
    total += half ? 0.5 : 1;
  }
  return total;
}

describe("working days counted arithmetically", () => {
  const day = fc.integer({ min: dayNumber("1990-01-01"), max: dayNumber("2110-12-31") });
  const toIso = (n: number) => addDays("1970-01-01", n);
  const holidayRow = fc.record({
    date: fc.oneof(day.map(toIso), fc.constantFrom("2024-02-29", "2000-02-29", "2026-12-25", "2026-01-01")),
    countryCode: fc.constantFrom("PT", "pt ", "ES"),
    region: fc.constantFrom(null, "PT-20", "pt-30"),
    isRecurring: fc.boolean(),
  });
  const person = fc.record({ countryCode: fc.constantFrom(null, "PT", "ES", "FR"), region: fc.constantFrom(null, "PT-20", "PT-30") });
  // Mostly short ranges (where the remainder days and the edges matter), some over decades.
  const span = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 20_000 }));
  const range = fc.record({ start: day, span, halfDayStart: fc.boolean(), halfDayEnd: fc.boolean() }).map(({ start, span, halfDayStart, halfDayEnd }) => ({
    startDate: toIso(start),
    endDate: toIso(Math.min(start + span, dayNumber("2110-12-31"))),
    halfDayStart,
    halfDayEnd,
  }));

  it("agrees with the day-by-day count on random ranges and holiday sets", () => {
    fc.assert(
      fc.property(fc.array(holidayRow, { maxLength: 30 }), person, range, (rows, who, vacation) => {
        const calendar = holidayCalendar(rows, who, "PT");
        expect(countWorkingDays(vacation, calendar)).toBe(countDayByDay(vacation, calendar));
      }),
      { numRuns: 400 },
    );
  });

  it("agrees per year too", () => {
    fc.assert(
      fc.property(fc.array(holidayRow, { maxLength: 20 }), range, (rows, vacation) => {
        const calendar = holidayCalendar(rows, { countryCode: "PT", region: "PT-20" }, "PT");
        const year = yearOf(vacation.startDate) + (yearOf(vacation.endDate) > yearOf(vacation.startDate) ? 1 : 0);
        const from = maxDate(vacation.startDate, firstDayOfYear(year));
        const to = minDate(vacation.endDate, lastDayOfYear(year));
        expect(countWorkingDaysInYear(vacation, year, calendar)).toBe(countDayByDay(vacation, calendar, from, to));
      }),
      { numRuns: 300 },
    );
  });

  it("counts a weekday holiday once when it is both recurring and one-off, national and regional", () => {
    const calendar = holidayCalendar(
      [
        { date: "2026-12-25", countryCode: "PT", isRecurring: true },
        { date: "2027-12-25", countryCode: "PT", region: "PT-20", isRecurring: true },
        { date: "2026-12-25", countryCode: "PT", isRecurring: false },
        { date: "2026-12-24", countryCode: "PT", isRecurring: false },
        { date: "2026-12-24", countryCode: "PT", region: "PT-20", isRecurring: false },
      ],
      { countryCode: "PT", region: "PT-20" },
      "PT",
    );
    // Mon 21 – Fri 25 Dec 2026: 24th and 25th off.
    expect(countWorkingDays(fullDays("2026-12-21", "2026-12-25"), calendar)).toBe(3);
    expect(calendar.weekdayHolidaysBetween("2026-12-21", "2026-12-25")).toBe(2);
  });

  it("never walks the days: a century and nine millennia ask the calendar as little as a week", async () => {
    const real = holidayCalendar(
      [...(await nationalHolidays("PT", 2026)), ...(await nationalHolidays("PT", 2027))].map((holiday) => ({ ...holiday, countryCode: "PT", isRecurring: false })),
      { countryCode: "PT" },
      "PT",
    );
    // Counts what the counting asks of the calendar; speed itself is measured by `npm run bench`.
    const asked = { days: 0, spans: 0 };
    const calendar: HolidayCalendar = {
      isHoliday: (date) => (asked.days++, real.isHoliday(date)),
      weekdayHolidaysBetween: (from, to) => (asked.spans++, real.weekdayHolidaysBetween(from, to)),
    };
    const century = fullDays("2000-01-01", "2099-12-31");
    expect(countWorkingDays(century, calendar)).toBe(countDayByDay(century, real));
    for (const range of [fullDays("2026-12-21", "2026-12-27"), century, fullDays("1000-01-06", "9999-12-30")]) {
      asked.days = 0;
      asked.spans = 0;
      countWorkingDays(range, calendar);
      expect(asked).toEqual({ days: 0, spans: 1 });
    }
  });

  it("counts ranges over several 400-year cycles like the day-by-day count", () => {
    const calendar = holidayCalendar(rows, { countryCode: "XL" }, "PT");
    const centuries = { startDate: "1599-12-30", endDate: "2801-03-01", halfDayStart: true, halfDayEnd: false };
    expect(countWorkingDays(centuries, calendar)).toBe(countDayByDay(centuries, calendar));
    expect(countWorkingDays(centuries, portugal)).toBe(countDayByDay(centuries, portugal));
  });
});

describe("the dates a caller reads holidays for", () => {
  it("widens a period by the longest vacation on each side", () => {
    expect(spanOfVacationsTouching("2027-01-01", "2027-12-31")).toEqual({ startDate: "2026-01-01", endDate: "2028-12-30" });
  });

  it("spans the given vacations, and nothing at all for none", () => {
    const span = spanOfVacations([
      { startDate: "2027-03-01", endDate: "2027-03-05" },
      { startDate: "2026-12-28", endDate: "2027-01-04" },
      { startDate: "2031-06-02", endDate: "2031-06-02" },
    ]);
    expect(span).toEqual({ startDate: "2026-12-28", endDate: "2031-06-02" });
    const none = spanOfVacations([]);
    expect(spanCovers(span, none)).toBe(true);
    expect(none.startDate > none.endDate).toBe(true);
  });

  it("says whether one span lies within another", () => {
    const year = { startDate: "2027-01-01", endDate: "2027-12-31" };
    expect(spanCovers(year, { startDate: "2027-02-01", endDate: "2027-12-31" })).toBe(true);
    expect(spanCovers(year, { startDate: "2027-12-27", endDate: "2028-01-07" })).toBe(false);
    expect(spanCovers(null, { startDate: "1999-01-01", endDate: "2101-01-01" })).toBe(true);
  });
});
