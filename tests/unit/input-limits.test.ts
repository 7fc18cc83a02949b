import { describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";
import { calendarDays, FIRST_DATE, isDateInWindow, LAST_DATE, MAX_VACATION_DAYS, MAX_CUSTOM_RECIPIENTS } from "~/lib/input-limits";
import { apiAllowanceUpsertSchema, apiCreateVacationSchema } from "~/lib/schemas/api";
import { readVacationFilters } from "~/lib/vacation-filters";
import { vacationRequestSchema } from "~/lib/schemas/vacation";

const request = (fields: Record<string, unknown>) =>
  vacationRequestSchema.safeParse({ categoryId: "yearly_allowance", startDate: "2027-03-01", endDate: "2027-03-05", ...fields });
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("date window and span of a vacation", () => {
  it("refuses dates outside 2000–2100 with a message a person understands", () => {
    expect(messages(request({ startDate: "1000-01-06", endDate: "9999-12-30" }))).toEqual({
      startDate: "validation.dateOutOfWindow",
      endDate: "validation.dateOutOfWindow",
    });
    expect(messages(request({ startDate: "1999-12-31", endDate: "2000-01-03" }))).toEqual({ startDate: "validation.dateOutOfWindow" });
    expect(messages(request({ startDate: "2100-12-31", endDate: "2101-01-01" }))).toEqual({ endDate: "validation.dateOutOfWindow" });
    expect(request({ startDate: FIRST_DATE, endDate: "2000-01-07" }).success).toBe(true);
    expect(request({ startDate: "2100-12-25", endDate: LAST_DATE }).success).toBe(true);
  });

  it("keeps the plain invalid-date message for a date that does not exist", () => {
    expect(messages(request({ startDate: "2027-02-30" }))).toEqual({ startDate: "validation.dateInvalid" });
  });

  it("accepts up to 366 calendar days (a leap year of sick leave) and refuses one day more", () => {
    expect(calendarDays("2028-01-01", "2028-12-31")).toBe(MAX_VACATION_DAYS);
    expect(request({ startDate: "2028-01-01", endDate: "2028-12-31" }).success).toBe(true);
    expect(messages(request({ startDate: "2028-01-01", endDate: "2029-01-01" }))).toEqual({ endDate: "validation.absenceTooLong" });
  });

  it("maps the same messages onto the API's field names", () => {
    const parsed = apiCreateVacationSchema.safeParse({ start_date: "1000-01-06", end_date: "9999-12-30" });
    expect(messages(parsed)).toEqual({ start_date: "validation.dateOutOfWindow", end_date: "validation.dateOutOfWindow" });
    expect(messages(apiCreateVacationSchema.safeParse({ start_date: "2027-01-01", end_date: "2028-06-01" }))).toEqual({ end_date: "validation.absenceTooLong" });
  });

  it("bounds the search filters to the same window", () => {
    expect(readVacationFilters(new URLSearchParams("date_from=2027-01-01&date_to=2027-12-31")).invalid).toEqual({});
    expect(readVacationFilters(new URLSearchParams("date_from=1000-01-01&date_to=9999-12-31")).invalid).toEqual({
      date_from: "validation.dateOutOfWindow",
      date_to: "validation.dateOutOfWindow",
    });
    expect(isDateInWindow("2100-12-31")).toBe(true);
    expect(isDateInWindow("2101-01-01")).toBe(false);
    expect(isDateInWindow(undefined)).toBe(false);
  });
});

describe("custom recipients of one request", () => {
  const emails = (n: number) => Array.from({ length: n }, (_, i) => `person${i}@elsewhere.test`).join(", ");

  it("allows 10 and refuses 11 with a message", () => {
    expect(request({ recipientType: "custom", customEmails: emails(MAX_CUSTOM_RECIPIENTS) }).success).toBe(true);
    expect(messages(request({ recipientType: "custom", customEmails: emails(MAX_CUSTOM_RECIPIENTS + 1) }))).toEqual({
      customEmails: "validation.tooManyRecipients",
    });
    const api = apiCreateVacationSchema.safeParse({
      start_date: "2027-03-01",
      end_date: "2027-03-02",
      notification_recipients: { type: "custom", emails: emails(60).split(", ") },
    });
    expect(messages(api)).toEqual({ notification_recipients: "validation.tooManyRecipients" });
  });
});

describe("limit messages", () => {
  it("name the numbers the code enforces, in every language", () => {
    for (const language of ["pt", "en", "es"] as const) {
      const validation = resources[language].common.validation as Record<string, string>;
      expect(validation.dateOutOfWindow).toMatch(new RegExp(`${FIRST_DATE.slice(0, 4)}.*${LAST_DATE.slice(0, 4)}`));
      expect(validation.absenceTooLong).toContain(String(MAX_VACATION_DAYS));
      expect(validation.tooManyRecipients).toContain(String(MAX_CUSTOM_RECIPIENTS));
    }
  });
});

describe("allowance upsert values", () => {
  const body = (fields: Record<string, unknown>) => ({ userId: "u1", year: 2027, yearlyAllowance: 22, residualAllowance: 2, specialLeaveAllowance: 0, ...fields });
  const messages = (fields: Record<string, unknown>) => {
    const parsed = apiAllowanceUpsertSchema.safeParse(body(fields));
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it("refuses null, empty, blank, lists, booleans, objects and non-numbers with the spec message, never as 0", () => {
    for (const bad of [null, "", "   ", [], [5], true, {}, "abc", "Infinity", -1, 1.3, Number.NaN]) {
      expect(messages({ yearlyAllowance: bad }), JSON.stringify(bad)).toEqual({ yearlyAllowance: "allowance.yearlyInvalid" });
      expect(messages({ residualAllowance: bad })).toEqual({ residualAllowance: "allowance.residualInvalid" });
      expect(messages({ specialLeaveAllowance: bad })).toEqual({ specialLeaveAllowance: "allowance.specialLeaveInvalid" });
    }
    expect(messages({ yearlyAllowance: undefined })).toEqual({ yearlyAllowance: "allowance.yearlyInvalid" });
  });

  it("accepts numbers and numeric strings, halves included", () => {
    const parsed = apiAllowanceUpsertSchema.parse(body({ yearlyAllowance: "22.5", residualAllowance: 0, specialLeaveAllowance: " 3 " }));
    expect(parsed).toMatchObject({ yearlyAllowance: 22.5, residualAllowance: 0, specialLeaveAllowance: 3 });
  });
});
