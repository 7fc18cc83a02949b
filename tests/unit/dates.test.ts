import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek, isIsoDate, isWeekend, todayIn, toUtcDate } from "~/lib/dates";

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
