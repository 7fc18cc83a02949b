// Client-safe schemas of the absence-types forms (company settings) and their fields, which the
// API's schemas reuse (absence-categories-api.ts). Messages are locale keys. zod/mini, like every schema
// the browser runs (see auth.ts).
import * as z from "zod/mini";
import { singleLine } from "~/lib/text-input";
import { BALANCE_KINDS } from "~/lib/absence-categories";
import { LEAVE_UNITS } from "~/lib/leave-charge";
import { RULE_MODES } from "~/lib/leave-rules";
import { MAX_ABSENCE_CATEGORY_NAME } from "~/lib/input-limits";

export const DEFAULT_TYPE_COLOR = "#00897b";

export const categoryNameField = z
  .string({ error: "absenceTypes.errors.nameRequired" })
  .check(z.trim(), z.minLength(1, "absenceTypes.errors.nameRequired"), z.maxLength(MAX_ABSENCE_CATEGORY_NAME, "absenceTypes.errors.nameTooLong"), ...singleLine());

export const categoryColorField = z
  .string({ error: "absenceTypes.errors.colorInvalid" })
  .check(z.trim(), z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, "absenceTypes.errors.colorInvalid"));

export const categoryBalanceField = z.enum(BALANCE_KINDS, { error: "absenceTypes.errors.balanceInvalid" });

export const leaveUnitField = z.enum(LEAVE_UNITS as ["day", "hour"], { error: "hours.errors.unitInvalid" });

// An unticked checkbox sends nothing: absent is "no".
const checkbox = z.pipe(
  z.transform((value: unknown) => value === "on" || value === "true" || value === true),
  z.boolean(),
);

// Leave-type rules (decision 0087): an empty box is no rule (null), so clearing it removes the rule.
const ruleLimit = (key: string, min: number, max: number, step: number) =>
  z.pipe(
    z.optional(z.coerce.number({ error: key }).check(z.gte(min, key), z.lte(max, key), z.multipleOf(step, key))),
    z.transform((value: number | undefined) => value ?? null),
  );
export const ruleModeField = z._default(z.enum(RULE_MODES, { error: "leaveRules.errors.modeInvalid" }), "block");

const ruleFields = {
  minNoticeDays: ruleLimit("leaveRules.errors.noticeInvalid", 0, 3650, 1),
  minNoticeMode: ruleModeField,
  maxConsecutiveDays: ruleLimit("leaveRules.errors.consecutiveInvalid", 1, 3650, 1),
  maxConsecutiveMode: ruleModeField,
  minRequestDays: ruleLimit("leaveRules.errors.shortestInvalid", 0.5, 365, 0.5),
  minRequestMode: ruleModeField,
};

export const absenceCategorySchema = z.object({
  name: categoryNameField,
  color: categoryColorField,
  balance: categoryBalanceField,
  requiresApproval: z._default(checkbox, false),
  // Absent (an older form), the category counts like its balance's others (decision 0081).
  unit: z.optional(leaveUnitField),
  // Ticked: the yearly allowance accrues (decision 0082); unticked on a new type: as the others.
  accrues: z.optional(checkbox),
  ...ruleFields,
  // Sickness and its document (decision 0092): reported, and a document from the Nth working day
  // (empty: the company's day).
  reported: z._default(checkbox, false),
  documentRequired: z._default(checkbox, false),
  documentAfterDays: ruleLimit("sickness.errors.afterDays", 1, 365, 1),
  documentMode: ruleModeField,
});

export type AbsenceCategoryInput = z.infer<typeof absenceCategorySchema>;

// Editing, the box shows the type's flag: unticked is "no".
export const updateAbsenceCategorySchema = z.extend(absenceCategorySchema, { typeId: z.string().check(z.minLength(1), z.maxLength(64)), accrues: z._default(checkbox, false) });

/** Row actions (deactivate, activate, delete) name the category only. */
export const absenceCategoryRowSchema = z.object({ typeId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The company's unit for new categories (the absence-types screen). */
export const companyLeaveUnitSchema = z.object({ leaveUnit: leaveUnitField });
