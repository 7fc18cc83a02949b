import { describe, expect, it } from "vitest";
import { formatDays, UNKNOWN_FIGURE } from "~/lib/format";

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
