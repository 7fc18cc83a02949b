// Client-safe schemas of the Users tab (edit a person, their allowances, bulk allowances). Messages
// are locale keys. zod/mini, like every schema the browser runs. Choices: docs/decisions/0019-people-and-allowances.md.
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";

/** Largest photo file accepted; the multipart body limit (5 MB) leaves room for the other fields. */
export const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
/** Image types a photo may be (sniffed again on the server: the browser's type is only a hint). */
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** No allowance can be more days than a year has. */
export const MAX_ALLOWANCE_DAYS = 366;

/** Allowances are whole or half days: half days exist (a half first or last day of a vacation). */
export function isAllowanceDays(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_ALLOWANCE_DAYS && Number.isInteger(value * 2);
}

/** No allowance in hours can be more hours than a year has. */
export const MAX_ALLOWANCE_HOURS = MAX_ALLOWANCE_DAYS * 24;

/** An allowance of a balance counting hours (decision 0081): quarter hours, as requests are. */
export function isAllowanceHours(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_ALLOWANCE_HOURS && Number.isInteger(value * 4);
}

/** A figure of a balance in `unit`. */
export function isAllowanceAmount(value: number, unit: "day" | "hour"): boolean {
  return unit === "hour" ? isAllowanceHours(value) : isAllowanceDays(value);
}

export const ALLOWANCE_MESSAGES = {
  yearly: "allowance.yearlyInvalid",
  residual: "allowance.residualInvalid",
  specialLeave: "allowance.specialLeaveInvalid",
} as const;

/** The unit of each allowance field's balance (decision 0081); days for every one by default. */
export interface AllowanceFieldUnits {
  yearly: "day" | "hour";
  residual: "day" | "hour";
  special: "day" | "hour";
}

const IN_DAYS: AllowanceFieldUnits = { yearly: "day", residual: "day", special: "day" };

/**
 * "2,5" (pt, es) and "2.5" both read as 2.5; anything else that is no number of the balance's unit
 * (half days, or quarter hours for a balance in hours) is `key`, or the hours' message.
 */
const allowanceDays = (key: string, unit: "day" | "hour" = "day") =>
  z.pipe(
    z.string({ error: key }),
    z.transform((value: string, ctx) => {
      const days = /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(",", ".")) : Number.NaN;
      if (isAllowanceAmount(days, unit)) return days;
      ctx.issues.push({ code: "custom", message: unit === "hour" ? "hours.errors.allowanceHours" : key, input: value });
      return z.NEVER;
    }),
  );

const year = z.pipe(
  z.string({ error: "people.validation.yearInvalid" }),
  z.transform((value: string, ctx) => {
    const parsed = /^\d{4}$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (parsed >= 2000 && parsed <= 2100) return parsed;
    ctx.issues.push({ code: "custom", message: "people.validation.yearInvalid", input: value });
    return z.NEVER;
  }),
);

const personId = z.string({ error: "errors.userNotFound" }).check(z.minLength(1, "errors.userNotFound"), z.maxLength(100, "errors.userNotFound"));

/** A team id, or NO_TEAM: a select always sends one, so "absent" never means "no team". */
export const NO_TEAM = "none";

export const personSchema = z.object({
  userId: personId,
  fullName: z.string({ error: "validation.fullNameRequired" }).check(z.trim(), z.minLength(1, "validation.fullNameRequired"), z.maxLength(200, "validation.tooLong"), ...singleLine()),
  photo: z.optional(
    z.file().check(
      z.maxSize(MAX_PHOTO_BYTES, "people.validation.photoTooLarge"),
      z.refine((file) => (PHOTO_TYPES as readonly string[]).includes(file.type), "validation.pictureInvalid"),
    ),
  ),
  removePhoto: z.optional(z.literal("on")),
  role: z.optional(z.enum(["user", "admin", "owner"], { error: "validation.roleInvalid" })),
  teamId: z.optional(z.string().check(z.maxLength(100))),
  // Empty: the company's country (and no region).
  countryCode: z.optional(
    z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, "people.validation.countryInvalid")),
  ),
  region: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9-]{1,10}$/, "people.validation.regionInvalid"))),
});

/** A person's allowances of a year, each in its balance's unit (the form and the action pass the company's). */
export const allowanceSchemaFor = (units: AllowanceFieldUnits = IN_DAYS) =>
  z.object({
    userId: personId,
    year,
    yearly: allowanceDays(ALLOWANCE_MESSAGES.yearly, units.yearly),
    residual: allowanceDays(ALLOWANCE_MESSAGES.residual, units.residual),
    specialLeave: allowanceDays(ALLOWANCE_MESSAGES.specialLeave, units.special),
  });

export const allowanceSchema = allowanceSchemaFor();

/** A year's allowances for a selection of people or everyone; residual and special leave left empty keep what each person has. */
export const bulkAllowanceSchemaFor = (units: AllowanceFieldUnits = IN_DAYS) =>
  z
    .object({
      scope: z.enum(["selected", "everyone"], { error: "people.bulk.scopeInvalid" }),
      // One ticked box arrives as a string, several as a list.
      userIds: z.optional(
        z.pipe(
          z.transform((value: unknown) => (Array.isArray(value) ? value : [value])),
          z.array(personId).check(z.maxLength(1000, "people.bulk.tooMany")),
        ),
      ),
      year,
      yearly: allowanceDays(ALLOWANCE_MESSAGES.yearly, units.yearly),
      residual: z.optional(allowanceDays(ALLOWANCE_MESSAGES.residual, units.residual)),
      specialLeave: z.optional(allowanceDays(ALLOWANCE_MESSAGES.specialLeave, units.special)),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.scope === "selected" && !value.userIds?.length) {
          ctx.addIssue({ code: "custom", path: ["userIds"], message: "people.bulk.noneSelected" });
        }
      }),
    );

