// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import { describe, expect, it } from "vitest";
import { carriedResidualUse, checkRequestFitsBalance, computeBalances, type BalanceVacation, type CarriedResidual } from "~/lib/balances";
import { carryOverDays, carryOverExpiry, reminderDue } from "~/lib/carry-over";
import { NO_HOLIDAYS } from "~/lib/working-days";

const categories = [
  { id: "yearly_allowance", balance: "yearly" },
  { id: "residual", balance: "residual" },
];

function residual(startDate: string, endDate: string, status = "approved"): BalanceVacation {
  return { startDate, endDate, status, categoryId: "residual", halfDayStart: false, halfDayEnd: false };
}

// 5 days carried from 2026, usable until 30 April 2027; the admin set 2 more by hand.
const carried: CarriedResidual = { year: 2027, days: 5, expiresOn: "2027-04-30" };
const allowance = { yearly: 22, residual: 7, specialLeave: 0 };
const base = { year: 2027, allowance, categories, calendar: NO_HOLIDAYS, carried };

describe("carryOverDays", () => {
  it("carries what is left, capped, never below zero", () => {
    expect(carryOverDays(3, 5)).toBe(3);
    expect(carryOverDays(12, 5)).toBe(5);
    expect(carryOverDays(-2, 5)).toBe(0);
    expect(carryOverDays(4, 0)).toBe(0);
  });

  it("keeps half days and drops smaller fractions of a cap", () => {
    expect(carryOverDays(2.5, 5)).toBe(2.5);
    expect(carryOverDays(9, 2.3)).toBe(2);
    expect(carryOverDays(Number.NaN, 5)).toBe(0);
  });
});

describe("carryOverExpiry", () => {
  it("is the company's month-day of the next year", () => {
    expect(carryOverExpiry(2026, "04-30")).toBe("2027-04-30");
    expect(carryOverExpiry(2026, "12-31")).toBe("2027-12-31");
  });

  it("moves 29 February to the 28th in a common year and keeps it in a leap year", () => {
    expect(carryOverExpiry(2026, "02-29")).toBe("2027-02-28");
    expect(carryOverExpiry(2027, "02-29")).toBe("2028-02-29");
  });

  it("falls back to 30 April for a malformed setting", () => {
    expect(carryOverExpiry(2026, "4-30")).toBe("2027-04-30");
    expect(carryOverExpiry(2026, "13-01")).toBe("2027-04-30");
  });
});

describe("reminderDue", () => {
  it("is due within 30 days before the expiry, the expiry day included, and not after", () => {
    expect(reminderDue("2027-03-31", "2027-04-30")).toBe(true);
    expect(reminderDue("2027-03-30", "2027-04-30")).toBe(false);
    expect(reminderDue("2027-04-30", "2027-04-30")).toBe(true);
    expect(reminderDue("2027-05-01", "2027-04-30")).toBe(false);
  });
});

describe("expiry of carried residual days", () => {
  const vacations = [residual("2027-03-01", "2027-03-02"), residual("2027-04-29", "2027-05-04", "pending")]; // 2 + (2 before, 2 after)

  it("uses carried days first and keeps the unused ones until the expiry date", () => {
    const input = { ...base, vacations, today: "2027-04-30" };
    expect(carriedResidualUse(input)).toEqual({ carried: 5, handSet: 2, heldBeforeExpiry: 4, unused: 1, expired: 0, expiresOn: "2027-04-30" });
    expect(computeBalances(input).residual).toEqual({ total: 7, used: 2, pending: 4, remaining: 1, expired: 0 });
  });

  it("lets the unused carried days lapse the day after the expiry", () => {
    const balances = computeBalances({ ...base, vacations, today: "2027-05-01" });
    expect(balances.residual).toEqual({ total: 7, used: 2, pending: 4, remaining: 0, expired: 1 });
  });

  it("counts only as many carried days as the residual an admin later lowered it to", () => {
    const lowered = { ...base, allowance: { ...allowance, residual: 3 }, vacations: [], today: "2027-06-01" };
    expect(carriedResidualUse(lowered)).toMatchObject({ carried: 3, handSet: 0, expired: 3 });
    expect(computeBalances(lowered).residual.remaining).toBe(0);
  });

  it("leaves balances without carried days as they were (no expired figure)", () => {
    expect(computeBalances({ ...base, carried: null, vacations, today: "2027-06-01" }).residual).toEqual({ total: 7, used: 2, pending: 4, remaining: 1 });
  });
});

describe("residual requests and the expiry", () => {
  const fit = (startDate: string, endDate: string, vacations: BalanceVacation[] = []) =>
    checkRequestFitsBalance({
      request: { startDate, endDate, halfDayStart: false, halfDayEnd: false, categoryId: "residual" },
      vacations,
      allowances: [{ year: 2027, ...allowance }],
      categories,
      calendar: NO_HOLIDAYS,
      carried: [carried],
    });

  it("lets carried days serve vacations up to the expiry", () => {
    expect(fit("2027-04-26", "2027-04-30")).toBeNull();
  });

  it("refuses days after the expiry beyond the hand-set residual, naming the date", () => {
    expect(fit("2027-05-03", "2027-05-05")).toEqual({ balance: "residual", year: 2027, requested: 3, remaining: 2, expiresOn: "2027-04-30" });
    expect(fit("2027-05-03", "2027-05-04")).toBeNull();
  });

  it("counts other vacations after the expiry against the hand-set residual", () => {
    expect(fit("2027-06-01", "2027-06-01", [residual("2027-05-03", "2027-05-04", "pending")])).toMatchObject({ requested: 1, remaining: 0, expiresOn: "2027-04-30" });
  });

  it("splits a request across the expiry: the days before draw on carried days", () => {
    // Thu 29 Apr – Tue 4 May: 2 days before the expiry, 2 after (the hand-set 2).
    expect(fit("2027-04-29", "2027-05-04")).toBeNull();
    expect(fit("2027-04-29", "2027-05-05")).toMatchObject({ requested: 3, remaining: 2 });
  });

  it("still reports the plain shortfall first when the whole residual does not suffice", () => {
    expect(fit("2027-03-01", "2027-03-12")).toEqual({ balance: "residual", year: 2027, requested: 10, remaining: 7 });
  });
});
