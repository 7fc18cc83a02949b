// Client-safe schemas of the absence-types forms (company settings) and their fields, which the
// API's schemas reuse (absence-types-api.ts). Messages are locale keys. zod/mini, like every schema
// the browser runs (see auth.ts).
import * as z from "zod/mini";
import { BALANCE_KINDS } from "~/lib/absence-types";
import { MAX_ABSENCE_TYPE_NAME } from "~/lib/input-limits";

export const DEFAULT_TYPE_COLOR = "#00897b";

export const typeNameField = z
  .string({ error: "absenceTypes.errors.nameRequired" })
  .check(z.trim(), z.minLength(1, "absenceTypes.errors.nameRequired"), z.maxLength(MAX_ABSENCE_TYPE_NAME, "absenceTypes.errors.nameTooLong"));

export const typeColorField = z
  .string({ error: "absenceTypes.errors.colorInvalid" })
  .check(z.trim(), z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, "absenceTypes.errors.colorInvalid"));

export const typeBalanceField = z.enum(BALANCE_KINDS, { error: "absenceTypes.errors.balanceInvalid" });

// An unticked checkbox sends nothing: absent is "no".
const checkbox = z.pipe(
  z.transform((value: unknown) => value === "on" || value === "true" || value === true),
  z.boolean(),
);

export const absenceTypeSchema = z.object({
  name: typeNameField,
  color: typeColorField,
  balance: typeBalanceField,
  requiresApproval: z._default(checkbox, false),
});

export type AbsenceTypeInput = z.infer<typeof absenceTypeSchema>;

export const updateAbsenceTypeSchema = z.extend(absenceTypeSchema, { typeId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Row actions (deactivate, activate, delete) name the type only. */
export const absenceTypeRowSchema = z.object({ typeId: z.string().check(z.minLength(1), z.maxLength(64)) });
