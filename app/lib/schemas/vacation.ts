// Client-safe schema of a new vacation request (form and API). Messages are locale keys.
// zod/mini, like every schema the browser runs (see auth.ts).
import * as z from "zod/mini";
import { multiLine } from "~/lib/text-input";
import { isIsoDate } from "~/lib/dates";
import { calendarDays, isDateInWindow, MAX_VACATION_DAYS, MAX_CUSTOM_RECIPIENTS } from "~/lib/input-limits";

export const RECIPIENT_TYPES = ["team_admins", "whole_team", "entire_company", "custom"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

const isoDateField = (requiredKey: string) =>
  z.string({ error: requiredKey }).check(
    z.trim(),
    z.minLength(1, requiredKey),
    z.refine(isIsoDate, "validation.dateInvalid"),
    z.refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow"),
  );

const checkbox = z.pipe(
  z.transform((value: unknown) => value === "on" || value === "true" || value === true),
  z.boolean(),
);

const emailFormat = z.email();

/** "a@x.pt, b@y.pt ," → ["a@x.pt", "b@y.pt"]: trimmed, empties dropped (spec section 2). */
export function splitEmails(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

// A request in hours (decision 0081): checked whole by readLeaveRequest once the category's unit
// is known; here only the shape, so a day category's form never shows an hour field's error.
const timeField = z.optional(z.string({ error: "hours.errors.timeInvalid" }).check(z.trim(), z.maxLength(5, "hours.errors.timeInvalid"), z.regex(/^(\d{2}:\d{2})?$/, "hours.errors.timeInvalid")));

/** "6,5" (pt, es) and "6.5" both read as 6.5 hours. */
const hoursField = z.optional(
  z.pipe(
    z.union([z.string(), z.number()], { error: "hours.errors.hoursPerDay" }),
    z.transform((value: string | number, ctx) => {
      const hours = typeof value === "number" ? value : /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : Number.NaN;
      if (Number.isFinite(hours)) return hours;
      ctx.issues.push({ code: "custom", message: "hours.errors.hoursPerDay", input: value });
      return z.NEVER;
    }),
  ),
);

export const vacationRequestSchema = z
  .object({
    startDate: isoDateField("validation.startDateRequired"),
    endDate: isoDateField("validation.endDateRequired"),
    halfDayStart: z._default(checkbox, false),
    halfDayEnd: z._default(checkbox, false),
    description: z._default(z.string().check(z.trim(), z.maxLength(500, "validation.tooLong"), ...multiLine()), ""),
    categoryId: z.string({ error: "validation.categoryRequired" }).check(z.trim(), z.minLength(1, "validation.categoryRequired")),
    recipientType: z._default(z.enum(RECIPIENT_TYPES, { error: "validation.recipientsInvalid" }), "team_admins"),
    customEmails: z.optional(z.string().check(z.maxLength(2000, "validation.tooLong"))),
    startTime: timeField,
    endTime: timeField,
    hoursPerDay: hoursField,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.startDate > value.endDate) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: "vacation.startAfterEnd" });
      } else if (isDateInWindow(value.startDate) && isDateInWindow(value.endDate) && calendarDays(value.startDate, value.endDate) > MAX_VACATION_DAYS) {
        ctx.addIssue({ code: "custom", path: ["endDate"], message: "validation.absenceTooLong" });
      }
      if (value.recipientType === "custom") {
        const emails = splitEmails(value.customEmails);
        if (emails.length === 0) ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.customEmailsRequired" });
        if (new Set(emails).size > MAX_CUSTOM_RECIPIENTS) {
          ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.tooManyRecipients" });
        }
        const bad = emails.find((email) => !emailFormat.safeParse(email).success);
        if (bad) ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.customEmailsInvalid" });
      }
    }),
  );

export type VacationRequestInput = z.infer<typeof vacationRequestSchema>;
