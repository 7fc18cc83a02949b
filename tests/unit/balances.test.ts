// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
import { describe, expect, it } from "vitest";
import {
  checkRequestFitsBalance,
  computeBalances,
  exceedsShownBalance,
  parseCategoryBalance,
  statusEffect,
  type BalanceVacation,
} from "~/lib/balances";
import { buildHolidayIndex, holidayCalendarFor, NO_HOLIDAYS, type HolidayRow } from "~/lib/working-days";

const holidays: HolidayRow[] = [
  { date: "2026-01-01", countryCode: "PT", region: null, isRecurring: true },
  { date: "2026-12-25", countryCode: "PT", region: null, isRecurring: true },
  { date: "2026-06-01", countryCode: "PT", region: "PT-20", isRecurring: true },
  { date: "2026-10-12", countryCode: "ES", region: null, isRecurring: true },
];
const index = buildHolidayIndex(holidays);
const portugal = holidayCalendarFor(index, { countryCode: "PT" }, "PT");

const categories = [
  { id: "yearly_allowance", balance: "yearly" },
  { id: "residual", balance: "residual" },
  { id: "special_leave", balance: "special" },
  { id: "sick", balance: "none" },
  { id: "legacy", balance: "something-else" },
];

function vacation(
  startDate: string,
  endDate: string,
  status: string,
  categoryId = "yearly_allowance",
  half: Partial<BalanceVacation> = {},
): BalanceVacation {
  return { startDate, endDate, status, categoryId, halfDayStart: false, halfDayEnd: false, ...half };
}

const vacations: BalanceVacation[] = [
  vacation("2026-11-23", "2026-11-27", "approved"), // 5
  vacation("2026-12-21", "2026-12-25", "pending"), // 4: Christmas on Friday
  vacation("2026-07-01", "2026-07-03", "rejected"),
  vacation("2026-07-13", "2026-07-17", "cancelled"),
  vacation("2026-07-06", "2026-07-06", "awaiting_hr", "yearly_allowance", { halfDayStart: true }), // 0.5 pending
  vacation("2026-01-02", "2026-01-02", "approved", "residual"), // 1
  vacation("2026-03-02", "2026-03-06", "approved", "sick"),
  vacation("2026-03-09", "2026-03-13", "approved", "legacy"),
  vacation("2026-03-16", "2026-03-20", "approved", "deleted_category"),
  vacation("2026-12-28", "2027-01-05", "approved", "special_leave"), // 4 in 2026, 2 in 2027
  vacation("2025-11-24", "2025-11-28", "approved"),
];

const allowance = { yearly: 22, residual: 3, specialLeave: 2 };

describe("status and category mapping", () => {
  it("counts approved as used, rejected and cancelled as nothing, anything else as pending", () => {
    expect(statusEffect("approved")).toBe("used");
    expect(statusEffect("pending")).toBe("pending");
    expect(statusEffect("rejected")).toBe("none");
    expect(statusEffect("cancelled")).toBe("none");
    expect(statusEffect("on_hold")).toBe("pending");
    expect(statusEffect("")).toBe("pending");
  });

  it("maps stored category balances, unknown values to none", () => {
    expect(parseCategoryBalance("yearly")).toBe("yearly");
    expect(parseCategoryBalance("residual")).toBe("residual");
    expect(parseCategoryBalance("special")).toBe("special");
    expect(parseCategoryBalance("none")).toBe("none");
    expect(parseCategoryBalance("Yearly")).toBe("none");
    expect(parseCategoryBalance("")).toBe("none");
  });
});

describe("computeBalances", () => {
  const balances2026 = computeBalances({ year: 2026, allowance, vacations, categories, calendar: portugal });

  it("splits yearly days into used, pending (including unknown statuses) and remaining", () => {
    expect(balances2026.yearly).toEqual({ total: 22, used: 5, pending: 4.5, remaining: 12.5 });
  });

  it("draws each category on its own balance and ignores categories drawing on none or unknown", () => {
    expect(balances2026.residual).toEqual({ total: 3, used: 1, pending: 0, remaining: 2 });
  });

  it("counts only the part of a year-spanning vacation inside the year, and lets remaining go negative", () => {
    expect(balances2026.special).toEqual({ total: 2, used: 4, pending: 0, remaining: -2 });
  });

  it("gives totals of 0 when the year has no allowance", () => {
    const balances2027 = computeBalances({ year: 2027, allowance: null, vacations, categories, calendar: portugal });
    expect(balances2027).toEqual({
      yearly: { total: 0, used: 0, pending: 0, remaining: 0 },
      residual: { total: 0, used: 0, pending: 0, remaining: 0 },
      special: { total: 0, used: 2, pending: 0, remaining: -2 },
    });
  });

  it("counts nothing from vacations of other years", () => {
    const balances2025 = computeBalances({ year: 2025, allowance, vacations, categories, calendar: portugal });
    expect(balances2025.yearly).toEqual({ total: 22, used: 5, pending: 0, remaining: 17 });
    expect(balances2025.special.used).toBe(0);
  });

  it("excludes weekends and holidays of the given calendar", () => {
    const christmasWeek = [vacation("2026-12-21", "2026-12-27", "approved")];
    expect(computeBalances({ year: 2026, allowance, vacations: christmasWeek, categories, calendar: portugal }).yearly.used).toBe(4);
    expect(computeBalances({ year: 2026, allowance, vacations: christmasWeek, categories, calendar: NO_HOLIDAYS }).yearly.used).toBe(5);
  });

  it("counts a half day taken on 29 February of a leap year", () => {
    const leapDay = [vacation("2028-02-29", "2028-02-29", "approved", "yearly_allowance", { halfDayEnd: true })];
    expect(computeBalances({ year: 2028, allowance, vacations: leapDay, categories, calendar: portugal }).yearly.used).toBe(0.5);
  });

  it("returns full totals when there are no vacations", () => {
    const empty = computeBalances({ year: 2026, allowance, vacations: [], categories, calendar: portugal });
    expect(empty.yearly).toEqual({ total: 22, used: 0, pending: 0, remaining: 22 });
    expect(empty.special).toEqual({ total: 2, used: 0, pending: 0, remaining: 2 });
  });

  it("throws RangeError for a vacation with invalid dates instead of misstating the balance", () => {
    const broken = [vacation("2026-11-27", "2026-11-23", "approved")];
    expect(() => computeBalances({ year: 2026, allowance, vacations: broken, categories, calendar: portugal })).toThrow(RangeError);
  });
});


describe("checkRequestFitsBalance", () => {
  const allowances = [{ year: 2026, ...allowance }];
  const base = { vacations, allowances, categories, calendar: portugal };
  const request = (startDate: string, endDate: string, categoryId = "yearly_allowance", half: Partial<BalanceVacation> = {}) => ({
    startDate,
    endDate,
    categoryId,
    halfDayStart: false,
    halfDayEnd: false,
    ...half,
  });

  it("fits when the request is within what remains after used and pending days", () => {
    // 12.5 yearly days remain in 2026.
    expect(checkRequestFitsBalance({ ...base, request: request("2026-02-02", "2026-02-13") })).toBeNull();
  });

  it("fits when the request uses exactly what remains, half days included", () => {
    // 2 Feb to 18 Feb 2026 is 13 working days; a half first day makes it 12.5.
    const halfFirstDay = request("2026-02-02", "2026-02-18", "yearly_allowance", { halfDayStart: true });
    expect(checkRequestFitsBalance({ ...base, request: halfFirstDay })).toBeNull();
  });

  it("reports the shortfall when the request exceeds what remains", () => {
    expect(checkRequestFitsBalance({ ...base, request: request("2026-02-02", "2026-02-18") })).toEqual({
      balance: "yearly",
      year: 2026,
      requested: 13,
      remaining: 12.5,
    });
  });

  it("checks each year of a request spanning a year end against that year's balance", () => {
    // 2026 has 12.5 yearly days left; 2027 has no allowance row.
    expect(checkRequestFitsBalance({ ...base, request: request("2026-12-29", "2027-01-04") })).toEqual({
      balance: "yearly",
      year: 2027,
      requested: 1,
      remaining: 0,
    });
    const with2027 = [...allowances, { year: 2027, yearly: 22, residual: 0, specialLeave: 0 }];
    expect(checkRequestFitsBalance({ ...base, allowances: with2027, request: request("2026-12-29", "2027-01-04") })).toBeNull();
  });

  it("reports the first year that falls short", () => {
    // Residual: 2 days left in 2026, none in 2027.
    expect(checkRequestFitsBalance({ ...base, request: request("2026-12-28", "2027-01-05", "residual") })).toEqual({
      balance: "residual",
      year: 2026,
      requested: 4,
      remaining: 2,
    });
  });

  it("uses the balance of the request's category", () => {
    // Special leave is already overdrawn (remaining −2) in 2026.
    const halfDay = request("2026-02-02", "2026-02-02", "special_leave", { halfDayEnd: true });
    expect(checkRequestFitsBalance({ ...base, request: halfDay })).toEqual({
      balance: "special",
      year: 2026,
      requested: 0.5,
      remaining: -2,
    });
  });

  it("always fits categories drawing on no allowance, or unknown to the list", () => {
    expect(checkRequestFitsBalance({ ...base, request: request("2026-01-05", "2026-12-31", "sick") })).toBeNull();
    expect(checkRequestFitsBalance({ ...base, request: request("2026-01-05", "2026-12-31", "legacy") })).toBeNull();
    expect(checkRequestFitsBalance({ ...base, request: request("2026-01-05", "2026-12-31", "no_such_category") })).toBeNull();
  });

  it("fits a request with no working days even when the balance is overdrawn", () => {
    expect(checkRequestFitsBalance({ ...base, request: request("2026-12-26", "2026-12-27", "special_leave") })).toBeNull();
  });

  it("ignores a year the request takes nothing from", () => {
    // Sat 30 and Sun 31 Dec 2028 take nothing from an overdrawn 2028; 2 and 3 Jan 2029 fit 2029.
    const overdrawn2028 = [vacation("2028-03-06", "2028-03-10", "approved")];
    const rows = [
      { year: 2028, yearly: 1, residual: 0, specialLeave: 0 },
      { year: 2029, yearly: 22, residual: 0, specialLeave: 0 },
    ];
    expect(
      checkRequestFitsBalance({ ...base, vacations: overdrawn2028, allowances: rows, request: request("2028-12-30", "2029-01-03") }),
    ).toBeNull();
  });

  it("counts pending requests as holding their days", () => {
    const pendingOnly = [vacation("2026-03-02", "2026-03-13", "pending")];
    const rows = [{ year: 2026, yearly: 10, residual: 0, specialLeave: 0 }];
    const oneDay = request("2026-04-06", "2026-04-06");
    expect(checkRequestFitsBalance({ ...base, vacations: pendingOnly, allowances: rows, request: oneDay })).toEqual({
      balance: "yearly",
      year: 2026,
      requested: 1,
      remaining: 0,
    });
  });

  it("rejects an invalid request range with a RangeError", () => {
    expect(() => checkRequestFitsBalance({ ...base, request: request("2026-02-10", "2026-02-02") })).toThrow(RangeError);
  });
});

describe("balances in hours (decision 0081)", () => {
  const categories = [
    { id: "yearly_allowance", balance: "yearly", unit: "hour" },
    { id: "residual", balance: "residual", unit: "hour" },
    { id: "special_leave", balance: "special", unit: "day" },
  ];
  const allowance = { yearly: 160, residual: 0, specialLeave: 2 };

  it("counts an hour balance's requests in hours (by time, hours a day, whole days at 8 h) and names the unit", () => {
    const vacations: BalanceVacation[] = [
      { categoryId: "yearly_allowance", status: "pending", startDate: "2027-03-03", endDate: "2027-03-03", halfDayStart: false, halfDayEnd: false, startTime: "09:00", endTime: "13:00" },
      { categoryId: "yearly_allowance", status: "approved", startDate: "2027-03-08", endDate: "2027-03-12", halfDayStart: false, halfDayEnd: false, hoursPerDay: 2.5 },
      { categoryId: "yearly_allowance", status: "approved", startDate: "2027-03-15", endDate: "2027-03-16", halfDayStart: false, halfDayEnd: true },
      { categoryId: "special_leave", status: "approved", startDate: "2027-03-17", endDate: "2027-03-17", halfDayStart: false, halfDayEnd: false },
    ];
    const balances = computeBalances({ year: 2027, allowance, vacations, categories, calendar: NO_HOLIDAYS });
    expect(balances.yearly).toEqual({ total: 160, used: 12.5 + 12, pending: 4, remaining: 131.5, unit: "hour" });
    expect(balances.special).toEqual({ total: 2, used: 1, pending: 0, remaining: 1 });
  });

  it("refuses an hour request beyond the hours left, and says the unit", () => {
    const vacations: BalanceVacation[] = [{ categoryId: "yearly_allowance", status: "approved", startDate: "2027-03-01", endDate: "2027-03-19", halfDayStart: false, halfDayEnd: false }];
    const request = { categoryId: "yearly_allowance", startDate: "2027-03-22", endDate: "2027-03-22", halfDayStart: false, halfDayEnd: false, startTime: "09:00", endTime: "10:15" };
    // 15 days of 8 h: 40 h left; 1.25 h fits, and 8 h a day for a week (40 h), but not six days (48 h).
    const allowances = [{ year: 2027, ...allowance }];
    expect(checkRequestFitsBalance({ request, vacations, allowances, categories, calendar: NO_HOLIDAYS })).toBeNull();
    expect(checkRequestFitsBalance({ request: { ...request, endDate: "2027-03-26", startTime: null, endTime: null, hoursPerDay: 8 }, vacations, allowances, categories, calendar: NO_HOLIDAYS })).toBeNull();
    expect(checkRequestFitsBalance({ request: { ...request, endDate: "2027-03-29", startTime: null, endTime: null, hoursPerDay: 8 }, vacations, allowances, categories, calendar: NO_HOLIDAYS })).toEqual({
      balance: "yearly",
      year: 2027,
      requested: 48,
      remaining: 40,
      unit: "hour",
    });
  });

  it("warns in the request form against the leave year shown, not the calendar year", () => {
    // Leave year 2026 from April: 1 April 2026 – 31 March 2027.
    expect(exceedsShownBalance(5, 3, { startDate: "2027-03-10", endDate: "2027-03-12" }, 2026, 4)).toBe(true);
    expect(exceedsShownBalance(2, 3, { startDate: "2027-03-10", endDate: "2027-03-12" }, 2026, 4)).toBe(false);
    // Reaching into 2027/28: the server checks each year apart.
    expect(exceedsShownBalance(5, 3, { startDate: "2027-03-31", endDate: "2027-04-02" }, 2026, 4)).toBe(false);
  });
});

describe("an accruing yearly allowance (decision 0082)", () => {
  const allowance = { yearly: 22, residual: 0, specialLeave: 0 };
  const taken = [vacation("2026-02-02", "2026-02-06", "approved"), vacation("2026-03-02", "2026-03-03", "pending")];
  const input = { year: 2026, allowance, vacations: taken, categories, calendar: portugal };

  it("adds what is earned and what may be booked now, leaving the year's figures as they were", () => {
    const plain = computeBalances(input).yearly;
    expect(plain).toEqual({ total: 22, used: 5, pending: 2, remaining: 15 });
    expect(computeBalances({ ...input, accrual: { earned: 9, limit: 9 } }).yearly).toEqual({ ...plain, earned: 9, available: 2 });
    // Booking ahead: the limit is the year's total, so what may be booked is what remains.
    expect(computeBalances({ ...input, accrual: { earned: 9, limit: 22 } }).yearly).toMatchObject({ earned: 9, available: 15 });
  });

  it("refuses beyond what is earned, naming it, only when it is the tighter limit", () => {
    const fit = { allowances: [{ ...allowance, year: 2026 }], vacations: taken, categories, calendar: portugal };
    // 4–6 May: 3 working days; 9 earned − 7 held leaves 2.
    const may = { startDate: "2026-05-04", endDate: "2026-05-06", halfDayStart: false, halfDayEnd: false, categoryId: "yearly_allowance" };
    expect(checkRequestFitsBalance({ ...fit, request: may, accruals: [{ year: 2026, earned: 9, limit: 9 }] })).toEqual({ balance: "yearly", year: 2026, requested: 3, remaining: 2, earned: 9 });
    expect(checkRequestFitsBalance({ ...fit, request: may, accruals: [{ year: 2026, earned: 9, limit: 22 }] })).toBeNull();
    // Residual and special never accrue: an accrual given for the year leaves them alone.
    expect(checkRequestFitsBalance({ ...fit, request: { ...may, categoryId: "special_leave" }, accruals: [{ year: 2026, earned: 0, limit: 0 }] })).toMatchObject({ balance: "special" });
    expect(checkRequestFitsBalance({ ...fit, request: { ...may, categoryId: "special_leave" }, accruals: [{ year: 2026, earned: 0, limit: 0 }] })).not.toHaveProperty("earned");
  });
});
