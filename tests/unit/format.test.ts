// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDateRange, formatDays, formatIsoDate, formatLeaveAmount, UNKNOWN_FIGURE } from "~/lib/format";

describe("formatDays", () => {
  it("shows whole numbers without decimals", () => {
    expect(formatDays(2, "en")).toBe("2");
    expect(formatDays(0, "en")).toBe("0");
    expect(formatDays(22, "pt")).toBe("22");
    expect(formatDays(-3, "es")).toBe("-3");
  });

  it("shows halves with one decimal and the locale's separator", () => {
    expect(formatDays(2.5, "en")).toBe("2.5");
    expect(formatDays(2.5, "pt")).toBe("2,5");
    expect(formatDays(2.5, "es")).toBe("2,5");
    expect(formatDays(0.5, "pt")).toBe("0,5");
    expect(formatDays(-1.5, "en")).toBe("-1.5");
  });

  it("defaults to Portuguese", () => {
    expect(formatDays(12.5)).toBe("12,5");
  });

  it("rounds other fractions to one decimal without printing a needless .0 or -0", () => {
    expect(formatDays(2.96, "en")).toBe("3");
    expect(formatDays(2.25, "en")).toBe("2.3");
    expect(formatDays(1 / 3, "pt")).toBe("0,3");
    expect(formatDays(-0.01, "en")).toBe("0");
    expect(formatDays(-0, "en")).toBe("0");
  });

  it("shows a dash for unknown values", () => {
    expect(formatDays(null)).toBe(UNKNOWN_FIGURE);
    expect(formatDays(undefined, "en")).toBe(UNKNOWN_FIGURE);
    expect(formatDays(Number.NaN, "en")).toBe(UNKNOWN_FIGURE);
    expect(formatDays(Number.POSITIVE_INFINITY, "en")).toBe(UNKNOWN_FIGURE);
  });
});

// No-break spaces keep a date on one line; the tests spell them out.
const nb = (text: string) => text.replace(/ /g, "\u00a0");

describe("formatLeaveAmount: an amount in its unit", () => {
  const plain = (text: string) => text.replace(/\u00a0/g, " ");
  it("writes days with the language's word and hours with h, in quarter hours", () => {
    expect(plain(formatLeaveAmount(2.5, "day", "pt"))).toBe("2,5 dias");
    expect(plain(formatLeaveAmount(1, "day", "en"))).toBe("1 day");
    expect(plain(formatLeaveAmount(3, "day", "es"))).toBe("3 días");
    expect(plain(formatLeaveAmount(6, "hour", "pt"))).toBe("6 h");
    expect(plain(formatLeaveAmount(6.25, "hour", "pt"))).toBe("6,25 h");
    expect(plain(formatLeaveAmount(7.5, "hour", "en"))).toBe("7.5 h");
    expect(formatLeaveAmount(null, "hour", "en")).toBe(UNKNOWN_FIGURE);
  });
});

describe("formatDate: one readable style per language", () => {
  it("names the month, in each language", () => {
    expect(formatDate("2026-08-03", "en")).toBe(nb("3 Aug 2026"));
    expect(formatDate("2026-08-03", "es")).toBe(nb("3 ago 2026"));
    expect(formatDate("2026-08-03", "pt")).toBe(nb("3 de ago. de 2026"));
  });

  it("never breaks a date: every space is a no-break space", () => {
    for (const language of ["pt", "en", "es"]) {
      expect(formatDate("2026-12-31", language)).not.toMatch(/[ \u2009\u202f]/);
      expect(formatDateRange("2026-12-30", "2027-01-04", language)).not.toMatch(/[ \u2009\u202f]/);
    }
  });

  it("falls back to Portuguese for an unknown language", () => {
    expect(formatDate("2026-01-05", "de")).toBe(formatDate("2026-01-05", "pt"));
  });
});

describe("formatDateRange", () => {
  it("shares the month and year of the two ends", () => {
    expect(formatDateRange("2026-08-03", "2026-08-07", "en")).toBe(nb("3 – 7 Aug 2026"));
    expect(formatDateRange("2026-08-03", "2026-08-07", "es")).toBe(nb("3–7 ago 2026"));
    expect(formatDateRange("2026-08-03", "2026-08-07", "pt")).toBe(nb("3 – 7 de ago. de 2026"));
  });

  it("spells out what differs across months and years", () => {
    expect(formatDateRange("2026-07-30", "2026-08-04", "en")).toBe(nb("30 Jul – 4 Aug 2026"));
    expect(formatDateRange("2026-12-30", "2027-01-04", "es")).toBe(nb("30 dic 2026 – 4 ene 2027"));
    expect(formatDateRange("2026-12-30", "2027-01-04", "pt")).toBe(nb("30 de dez. de 2026 – 4 de jan. de 2027"));
  });

  it("shows a one-day range as that date", () => {
    expect(formatDateRange("2026-05-01", "2026-05-01", "en")).toBe(formatDate("2026-05-01", "en"));
  });
});

describe("dates are calendar dates, whatever the time zone of the machine", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles", "Europe/Lisbon"]) {
    it(`keeps 1 January 2026 on 1 January in ${zone}`, () => {
      process.env.TZ = zone;
      expect(formatDate("2026-01-01", "en")).toBe(nb("1 Jan 2026"));
      expect(formatDateRange("2025-12-31", "2026-01-01", "en")).toBe(nb("31 Dec 2025 – 1 Jan 2026"));
      expect(formatIsoDate("2026-01-01", "pt", { weekday: "long" })).toBe("quinta-feira");
    });
  }
});
