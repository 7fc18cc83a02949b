// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// Audit dates are days of the reader's company's time zone: when they start, and how a moment reads.
import { describe, expect, it } from "vitest";
import { formatMoment, isoDateTimeIn, zonedDateTime, zonedDayEnd, zonedDayStart } from "~/lib/zoned-time";

describe("days of a time zone", () => {
  it("starts a Lisbon day at its midnight in winter and in summer", () => {
    expect(zonedDayStart("2026-01-15", "Europe/Lisbon").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(zonedDayStart("2026-07-11", "Europe/Lisbon").toISOString()).toBe("2026-07-10T23:00:00.000Z");
    expect(zonedDayEnd("2026-07-10", "Europe/Lisbon").toISOString()).toBe("2026-07-10T23:00:00.000Z");
  });

  it("handles the days the clocks change, also where midnight itself is skipped", () => {
    // Lisbon moves to summer time at 01:00 UTC on 29 March 2026: that day still starts at 00:00 UTC.
    expect(zonedDayStart("2026-03-29", "Europe/Lisbon").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(zonedDayStart("2026-03-30", "Europe/Lisbon").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // Santiago de Chile skips from 00:00 to 01:00 on 6 September 2026: the day begins at 01:00 local.
    const start = zonedDayStart("2026-09-06", "America/Santiago");
    expect(zonedDateTime(start, "America/Santiago")).toEqual({ date: "2026-09-06", time: "01:00:00" });
    expect(zonedDateTime(new Date(start.getTime() - 1000), "America/Santiago").date).toBe("2026-09-05");
  });

  it("writes moments for spreadsheets and for people, 24-hour in every language", () => {
    const moment = new Date("2026-07-10T23:30:05Z");
    expect(isoDateTimeIn(moment, "Europe/Lisbon")).toBe("2026-07-11 00:30:05");
    expect(isoDateTimeIn(moment, "UTC")).toBe("2026-07-10 23:30:05");
    expect(formatMoment(moment, "en", "Europe/Lisbon")).toBe("11\u00a0Jul\u00a02026\u00a000:30");
    expect(formatMoment(moment, "pt", "Europe/Lisbon")).toMatch(/^11.*jul.*2026\u00a000:30$/);
  });
});
