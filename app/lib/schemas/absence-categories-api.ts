// Bodies of POST /api/absence-categories and PATCH /api/absence-categories/{id} (snake_case like
// the rest of the API). Classic zod at the API boundary (parseBody takes classic schemas); each
// field's rules are the form's own.
import { z } from "zod";
import { categoryBalanceField, categoryColorField, categoryNameField, leaveUnitField } from "./absence-categories";

const sortOrder = z.number({ error: "absenceTypes.errors.sortOrderInvalid" }).int("absenceTypes.errors.sortOrderInvalid").min(0, "absenceTypes.errors.sortOrderInvalid").max(10_000, "absenceTypes.errors.sortOrderInvalid");
const flag = (key: string) => z.boolean({ error: key });

export const apiCreateAbsenceCategorySchema = z.object({
  name: z.unknown().pipe(categoryNameField),
  color: z.unknown().pipe(categoryColorField).optional(),
  balance: z.unknown().pipe(categoryBalanceField).optional(),
  requires_approval: flag("absenceTypes.errors.flagInvalid").optional(),
  sort_order: sortOrder.optional(),
  unit: z.unknown().pipe(leaveUnitField).optional().describe("day or hour; when missing, the unit of the categories drawing on the same balance, else the company's leave_unit"),
  accrues: flag("absenceTypes.errors.flagInvalid").optional().describe("Earn the yearly allowance monthly (yearly types only; every yearly type follows); when missing, as the other yearly types"),
});

export const apiUpdateAbsenceCategorySchema = z.object({
  name: z.unknown().pipe(categoryNameField).optional(),
  color: z.unknown().pipe(categoryColorField).optional(),
  balance: z.unknown().pipe(categoryBalanceField).optional(),
  requires_approval: flag("absenceTypes.errors.flagInvalid").optional(),
  active: flag("absenceTypes.errors.flagInvalid").optional(),
  sort_order: sortOrder.optional(),
  unit: z.unknown().pipe(leaveUnitField).optional().describe("day or hour; the categories drawing on the same balance change with it (refused while that balance has figures or absences this leave year)"),
  accrues: flag("absenceTypes.errors.flagInvalid").optional().describe("Earn the yearly allowance monthly (yearly types only, 409 accrual_yearly_only otherwise); every yearly type follows"),
});
