// Client-safe schema of a new absence request (form and API). Messages are locale keys.
import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { calendarDays, isDateInWindow, MAX_ABSENCE_DAYS, MAX_CUSTOM_RECIPIENTS } from "~/lib/input-limits";

export const RECIPIENT_TYPES = ["team_admins", "whole_team", "entire_company", "custom"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

const isoDateField = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .refine(isIsoDate, "validation.dateInvalid")
    .refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow");

const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** "a@x.pt, b@y.pt ," → ["a@x.pt", "b@y.pt"]: trimmed, empties dropped (spec section 2). */
export function splitEmails(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

export const vacationRequestSchema = z
  .object({
    startDate: isoDateField("validation.startDateRequired"),
    endDate: isoDateField("validation.endDateRequired"),
    halfDayStart: checkbox.default(false),
    halfDayEnd: checkbox.default(false),
    description: z.string().trim().max(500, "validation.tooLong").default(""),
    categoryId: z.string({ error: "validation.categoryRequired" }).trim().min(1, "validation.categoryRequired"),
    recipientType: z.enum(RECIPIENT_TYPES, { error: "validation.recipientsInvalid" }).default("team_admins"),
    customEmails: z.string().max(2000, "validation.tooLong").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "vacation.startAfterEnd" });
    } else if (isDateInWindow(value.startDate) && isDateInWindow(value.endDate) && calendarDays(value.startDate, value.endDate) > MAX_ABSENCE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "validation.absenceTooLong" });
    }
    if (value.recipientType === "custom") {
      const emails = splitEmails(value.customEmails);
      if (emails.length === 0) ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.customEmailsRequired" });
      if (new Set(emails).size > MAX_CUSTOM_RECIPIENTS) {
        ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.tooManyRecipients" });
      }
      const bad = emails.find((email) => !z.email().safeParse(email).success);
      if (bad) ctx.addIssue({ code: "custom", path: ["customEmails"], message: "validation.customEmailsInvalid" });
    }
  });

export type VacationRequestInput = z.infer<typeof vacationRequestSchema>;
