// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Date safety (issue 16): the unit suite runs under TZ=UTC, Pacific/Kiritimati (UTC+14) and
// America/Los_Angeles (`npm run test:time-zones`). Every date here must come out the same in all of them:
// across the turn of the year, on 29 February, and over the daylight-saving changes of Lisbon
// (the demo company's zone) and of Los Angeles, where local-time arithmetic classically slips a day.
import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, eachDay, isoDate, isWeekend, todayIn, toUtcDate, type IsoDate } from "~/lib/dates";
import { formatDate, formatDateRange, formatIsoDate } from "~/lib/format";
import { firstDayOfMonth, lastDayOfMonth, monthOf, shiftMonth } from "~/lib/month-param";
import { countWorkingDays, holidayCalendar, NO_HOLIDAYS, splitWorkingDaysByYear } from "~/lib/working-days";
import { zonedDayEnd, zonedDayStart, zonedDateTime } from "~/lib/zoned-time";

const LISBON = "Europe/Lisbon";
const YEARS = [2024, 2025, 2026, 2027, 2028, 2029, 2030];
const full = (startDate: IsoDate, endDate: IsoDate) => ({ startDate, endDate, halfDayStart: false, halfDayEnd: false });

/** The last Sunday of a month, worked out with UTC fields only (independent of the code under test). */
function lastSunday(year: number, month: number): IsoDate {
  const day = new Date(Date.UTC(year, month, 0));
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

/** The n-th (1-based) Sunday of a month. */
function nthSunday(year: number, month: number, n: number): IsoDate {
  const day = new Date(Date.UTC(year, month - 1, 1));
  day.setUTCDate(1 + ((7 - day.getUTCDay()) % 7) + (n - 1) * 7);
  return day.toISOString().slice(0, 10);
}

/** A zone's offset from UTC in minutes at an instant, read from the zone database. */
function offsetIn(timeZone: string, instant: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

describe("the zone the suite runs in", () => {
  it("is the one TZ names (so test:tz really runs the suite three times)", () => {
    const zone = process.env.TZ;
    if (!zone) return;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone === "UTC" ? "UTC" : zone);
  });
});

// Lisbon's (the company's) and Los Angeles' (one of the runner's zones): local-time arithmetic
// slips on the runner's own changes, so both sets are checked under every TZ.
const DST_SUNDAYS = [
  { zone: LISBON, sundays: YEARS.flatMap((year) => [lastSunday(year, 3), lastSunday(year, 10)]) },
  { zone: "America/Los_Angeles", sundays: YEARS.flatMap((year) => [nthSunday(year, 3, 2), nthSunday(year, 11, 1)]) },
];

describe("daylight-saving Sundays of Lisbon and Los Angeles", () => {
  const changes = DST_SUNDAYS.flatMap(({ sundays }) => sundays);

  it("really are the days the clocks change (the premise of the tests below)", () => {
    for (const { zone, sundays } of DST_SUNDAYS) {
      for (const sunday of sundays) {
        expect(dayOfWeek(sunday), sunday).toBe(0);
        // Lisbon changes at 01:00 UTC, Los Angeles at 10:00 UTC (02:00 local).
        expect(offsetIn(zone, `${sunday}T00:30:00Z`), `${zone} ${sunday}`).not.toBe(offsetIn(zone, `${sunday}T12:00:00Z`));
      }
    }
  });

  it("do not change the working days of a vacation over them", () => {
    for (const sunday of changes) {
      const monday = addDays(sunday, -6);
      // A whole week, Monday to Sunday, and Thursday to Tuesday across the change: as any other week.
      expect(countWorkingDays(full(monday, sunday), NO_HOLIDAYS), sunday).toBe(5);
      expect(countWorkingDays(full(addDays(monday, 7), addDays(sunday, 7)), NO_HOLIDAYS), sunday).toBe(5);
      expect(countWorkingDays(full(addDays(sunday, -3), addDays(sunday, 2)), NO_HOLIDAYS), sunday).toBe(4);
      expect(countWorkingDays(full(addDays(sunday, -10), addDays(sunday, -5)), NO_HOLIDAYS), sunday).toBe(4);
    }
  });

  it("are one calendar day each when walked, added to or named", () => {
    for (const sunday of changes) {
      const days = [...eachDay(addDays(sunday, -1), addDays(sunday, 1))];
      expect(days).toEqual([addDays(sunday, -1), sunday, addDays(sunday, 1)]);
      expect(days.map(isWeekend)).toEqual([true, true, false]);
      expect(toUtcDate(sunday).toISOString()).toBe(`${sunday}T00:00:00.000Z`);
      expect(formatIsoDate(sunday, "en", { day: "numeric" })).toBe(String(Number(sunday.slice(8, 10))));
      expect(formatIsoDate(sunday, "pt", { weekday: "long" })).toBe("domingo");
    }
  });

  it("start Lisbon's day at the right instant, and 'today' turns at Lisbon's midnight", () => {
    // 2026: clocks go forward at 01:00 UTC on 29 March and back at 01:00 UTC on 25 October.
    expect(zonedDayStart("2026-03-29", LISBON).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(zonedDayStart("2026-03-30", LISBON).toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(zonedDayStart("2026-10-25", LISBON).toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(zonedDayEnd("2026-10-25", LISBON).toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(todayIn(LISBON, new Date("2026-03-29T23:30:00Z"))).toBe("2026-03-30");
    expect(todayIn(LISBON, new Date("2026-10-24T23:30:00Z"))).toBe("2026-10-25");
    expect(todayIn(LISBON, new Date("2026-10-25T23:30:00Z"))).toBe("2026-10-25");
    expect(zonedDateTime(new Date("2026-10-25T01:30:00Z"), LISBON)).toEqual({ date: "2026-10-25", time: "01:30:00" });
  });
});

describe("the turn of the year", () => {
  it("is the same day everywhere for a date, and each zone's own for 'today'", () => {
    const instant = new Date("2026-12-31T12:00:00Z");
    expect(todayIn("Pacific/Kiritimati", instant)).toBe("2027-01-01");
    expect(todayIn("America/Los_Angeles", instant)).toBe("2026-12-31");
    expect(todayIn(LISBON, instant)).toBe("2026-12-31");
    expect(formatDate("2026-12-31", "en")).toMatch(/31.*2026/);
    expect(formatDate("2027-01-01", "pt")).toMatch(/1.*2027/);
    expect(formatDateRange("2026-12-30", "2027-01-02", "en")).toMatch(/30.*2026.*2.*2027/);
  });

  it("splits a vacation between the two years' allowances by working days", () => {
    // Wed 30 Dec 2026 … Tue 5 Jan 2027, New Year's Day a holiday: 2 days in 2026, 2 in 2027.
    const calendar = holidayCalendar([{ date: "2020-01-01", countryCode: "PT", isRecurring: true }], { countryCode: "PT" }, "PT");
    expect(countWorkingDays(full("2026-12-30", "2027-01-05"), calendar)).toBe(4);
    expect(splitWorkingDaysByYear(full("2026-12-30", "2027-01-05"), calendar)).toEqual({ 2026: 2, 2027: 2 });
  });

  it("moves months without slipping", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(lastDayOfMonth("2026-12")).toBe("2026-12-31");
    expect(firstDayOfMonth("2027-01")).toBe("2027-01-01");
    expect(monthOf("2026-12-31")).toBe("2026-12");
  });
});

describe("29 February", () => {
  it("exists only in leap years, and counts as a working day when it is a weekday", () => {
    expect(isoDate(2028, 2, 29)).toBe("2028-02-29");
    expect(isoDate(2027, 2, 29)).toBe("2027-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    // Mon 28 Feb … Wed 1 Mar 2028: three working days; 2024's fell on a Thursday.
    expect(countWorkingDays(full("2028-02-28", "2028-03-01"), NO_HOLIDAYS)).toBe(3);
    expect(countWorkingDays(full("2024-02-29", "2024-02-29"), NO_HOLIDAYS)).toBe(1);
    expect(formatIsoDate("2028-02-29", "en", { day: "numeric", month: "long" })).toBe("29 February");
    expect(lastDayOfMonth("2028-02")).toBe("2028-02-29");
    expect(lastDayOfMonth("2100-02")).toBe("2100-02-28");
  });

  it("is a recurring holiday only in the years that have it", () => {
    const calendar = holidayCalendar([{ date: "2024-02-29", countryCode: "PT", isRecurring: true }], { countryCode: "PT" }, "PT");
    expect(calendar.isHoliday("2028-02-29")).toBe(true);
    expect(calendar.isHoliday("2027-02-28")).toBe(false);
    expect(calendar.isHoliday("2027-03-01")).toBe(false);
    expect(countWorkingDays(full("2028-02-28", "2028-03-01"), calendar)).toBe(2);
  });
});
