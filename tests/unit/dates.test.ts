// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { addDays, dayOfWeek, firstDayOfYear, fromUtcDate, isIsoDate, isoDate, isWeekend, lastDayOfYear, todayIn, toUtcDate } from "~/lib/dates";

describe("calendar dates", () => {
  it("accepts only real YYYY-MM-DD dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("2026-01-01T00:00:00Z")).toBe(false);
    expect(isIsoDate(20260101)).toBe(false);
  });

  it("adds days across months, leap days and years", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-02-29", 1)).toBe("2024-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });

  it("does not shift over daylight-saving changes", () => {
    // Europe/Lisbon moves clocks on 2026-03-29 and 2026-10-25; local-time arithmetic would slip here.
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(toUtcDate("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
  });

  it("knows weekends", () => {
    expect(dayOfWeek("2026-11-21")).toBe(6);
    expect(isWeekend("2026-11-21")).toBe(true);
    expect(isWeekend("2026-11-22")).toBe(true);
    expect(isWeekend("2026-11-23")).toBe(false);
  });

  it("gives today in a time zone, not in UTC", () => {
    const instant = new Date("2026-12-31T23:30:00Z");
    expect(todayIn("Europe/Lisbon", instant)).toBe("2026-12-31");
    expect(todayIn("Europe/Madrid", instant)).toBe("2027-01-01");
    expect(todayIn("America/Sao_Paulo", instant)).toBe("2026-12-31");
  });
});

describe("toUtcDate / fromUtcDate", () => {
  it("round-trip every day of a leap year and its neighbours", () => {
    let date = "2023-12-25";
    for (let i = 0; i < 400; i++) {
      const next = addDays(date, 1);
      expect(toUtcDate(next).toISOString().slice(0, 10)).toBe(next);
      expect(next > date).toBe(true);
      date = next;
    }
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2023-03-01", -1)).toBe("2023-02-28");
  });

  it("pads early years and reads unpadded input like before", () => {
    expect(fromUtcDate(new Date(Date.UTC(987, 0, 5)))).toBe("0987-01-05");
    expect(toUtcDate("2027-1-5").toISOString().slice(0, 10)).toBe("2027-01-05");
  });
});

describe("isIsoDate and the year's first and last day without a Date (hot in reports)", () => {
  // The definition it replaced: whatever Date.UTC gives back unchanged.
  const byDate = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [, y, m, d] = match.map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  };
  const pad = (n: number, width: number) => String(n).padStart(width, "0");

  it("agrees with the Date-based definition on any four-digit year, month and day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const value = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
        expect(isIsoDate(value)).toBe(byDate(value));
      }),
      { numRuns: 5000 },
    );
    for (const value of ["0050-01-01", "0000-01-01", "0100-02-29", "2000-02-29", "1900-02-29", "9999-12-31", "２０２６-01-01", " 2026-01-01"]) {
      expect(isIsoDate(value), value).toBe(byDate(value));
    }
  });

  it("refuses any ten characters that are not digits where digits belong", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(..."0123456789-+ .e１"), { minLength: 10, maxLength: 10 }), (chars) => {
        const value = chars.join("");
        expect(isIsoDate(value)).toBe(byDate(value));
      }),
      { numRuns: 5000 },
    );
    for (const value of ["2026-0a-01", "+026-01-01", "2026-01-0 ", "2026-01- 1", "2026-1e-01", "2026/01/01"]) expect(isIsoDate(value), value).toBe(false);
  });

  it("gives the same first and last day as isoDate", () => {
    for (const year of [-5, 0, 99, 999, 1000, 2026, 9999, 10000, 2026.5]) {
      expect(firstDayOfYear(year)).toBe(isoDate(year, 1, 1));
      expect(lastDayOfYear(year)).toBe(isoDate(year, 12, 31));
    }
  });
});
