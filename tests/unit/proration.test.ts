import { describe, expect, it } from "vitest";
import { proratedAllowance } from "~/lib/proration";

describe("a yearly allowance prorated from the first day of work", () => {
  it("is whole for people who were there on 1 January (or whose start is unknown)", () => {
    expect(proratedAllowance(22, 2027, null)).toBe(22);
    expect(proratedAllowance(22, 2027, "2027-01-01")).toBe(22);
    expect(proratedAllowance(22, 2027, "2019-06-01")).toBe(22);
  });

  it("is the share of the year left, to the nearest half day", () => {
    // 1 July 2027: 184 of 365 days → 11.09 → 11.
    expect(proratedAllowance(22, 2027, "2027-07-01")).toBe(11);
    // 1 October 2027: 92 of 365 → 5.55 → 5.5.
    expect(proratedAllowance(22, 2027, "2027-10-01")).toBe(5.5);
    // The last day of the year still earns its share: 22/365 → 0.06 → 0.
    expect(proratedAllowance(22, 2027, "2027-12-31")).toBe(0);
    // Leap years count 366 days: 1 March 2028 leaves 306 → 18.39 → 18.5.
    expect(proratedAllowance(22, 2028, "2028-03-01")).toBe(18.5);
  });

  it("is nothing for a year before the person starts", () => {
    expect(proratedAllowance(22, 2027, "2028-02-01")).toBe(0);
  });
});
