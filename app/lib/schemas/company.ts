// The company tab's form (client-safe, zod/mini). Whether the catalogue knows the country and the
// runtime the zone is the server's check (company.server.ts).
import * as z from "zod/mini";
import { isAllowanceAmount } from "~/lib/schemas/people";
import { singleLine } from "~/lib/text-input";

/** Days as a person types them: whole or half (a request's smallest step), 0 to 366. */
const dayAmount = (key: string) =>
  z.pipe(
    z.string({ error: key }).check(z.trim(), z.regex(/^\d{1,3}([.,][05])?$/, key)),
    z.pipe(
      z.transform((value: string) => Number(value.replace(",", "."))),
      z.number().check(z.maximum(366, key)),
    ),
  );

/** Quarter hours, 0 to 8,784, for a yearly balance counted in hours (decision 0081). */
const hourAmount = () =>
  z.pipe(
    z.string({ error: "hours.errors.allowanceHours" }),
    z.transform((value: string, ctx) => {
      const hours = /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : Number.NaN;
      if (isAllowanceAmount(hours, "hour")) return hours;
      ctx.issues.push({ code: "custom", message: "hours.errors.allowanceHours", input: value });
      return z.NEVER;
    }),
  );

const yearlyAmount = (unit: "day" | "hour") => (unit === "hour" ? hourAmount() : dayAmount("companySettings.daysInvalid"));

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** "MM-DD" of a day every year has (29 February is not one). */
export function isMonthDay(value: string): boolean {
  const match = /^(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [month, day] = [Number(match[1]), Number(match[2])];
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1];
}

/**
 * The default allowance and the carry-over maximum are figures of the yearly balance, so they take
 * its unit: half days, or quarter hours when the yearly types count hours.
 */
export const companySettingsSchemaFor = (yearlyUnit: "day" | "hour" = "day") => z.object({
  name: z.string({ error: "companySettings.nameRequired" }).check(z.trim(), z.minLength(1, "companySettings.nameRequired"), z.maxLength(200, "validation.tooLong"), ...singleLine()),
  countryCode: z.string({ error: "validation.countryInvalid" }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, "validation.countryInvalid")),
  timeZone: z.string({ error: "validation.timeZoneInvalid" }).check(z.trim(), z.minLength(1, "validation.timeZoneInvalid"), z.maxLength(64, "validation.timeZoneInvalid")),
  defaultYearlyAllowance: yearlyAmount(yearlyUnit),
  carryOverMaxDays: yearlyAmount(yearlyUnit),
  carryOverExpiresOn: z.string({ error: "companySettings.monthDayInvalid" }).check(
    z.trim(),
    z.refine((value) => isMonthDay(value), "companySettings.monthDayInvalid"),
  ),
  // The leave year (decision 0080): a select of the twelve months and one of the three rules;
  // a post without them (a form of before the change) leaves them as they are.
  leaveYearStartMonth: z.optional(
    z.pipe(
      z.string({ error: "leaveYear.errors.startMonth" }).check(z.trim(), z.regex(/^(?:[1-9]|1[0-2])$/, "leaveYear.errors.startMonth")),
      z.transform((value: string) => Number(value)),
    ),
  ),
  allowanceRounding: z.optional(z.enum(["nearest", "up", "down"], { error: "leaveYear.errors.rounding" })),
  // Accrual (decision 0082): a checkbox, absent when unticked.
  accrualBookingAhead: z.optional(z.literal("on")),
  // Sickness (decision 0092): a post without it (a form of before) leaves it as it is.
  certificateAfterDays: z.optional(
    z.pipe(
      z.string({ error: "sickness.errors.afterDays" }).check(z.trim(), z.regex(/^(?:[1-9]\d{0,1}|[12]\d{2}|3[0-5]\d|36[0-5])$/, "sickness.errors.afterDays")),
      z.transform((value: string) => Number(value)),
    ),
  ),
  // A checkbox: present when ticked.
  importHolidays: z.optional(z.literal("on")),
});
