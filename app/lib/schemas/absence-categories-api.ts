// Bodies of POST /api/absence-categories and PATCH /api/absence-categories/{id} (snake_case like
// the rest of the API). Classic zod at the API boundary (parseBody takes classic schemas); each
// field's rules are the form's own.
import { z } from "zod";
import { categoryBalanceField, categoryColorField, categoryNameField, leaveUnitField } from "./absence-categories";

const sortOrder = z.number({ error: "absenceTypes.errors.sortOrderInvalid" }).int("absenceTypes.errors.sortOrderInvalid").min(0, "absenceTypes.errors.sortOrderInvalid").max(10_000, "absenceTypes.errors.sortOrderInvalid");
const flag = (key: string) => z.boolean({ error: key });
// Leave-type rules (decision 0087): a limit or null (no rule), each with warn | block.
const ruleDays = (key: string, min: number) => z.number({ error: key }).int(key).min(min, key).max(3650, key).nullable();
const ruleMode = z.enum(["warn", "block"], { error: "leaveRules.errors.modeInvalid" });
const ruleFields = {
  min_notice_days: ruleDays("leaveRules.errors.noticeInvalid", 0).optional().describe("Calendar days between today (company time zone) and the first day; null: no rule"),
  min_notice_mode: ruleMode.optional().describe("warn: the request goes through with a warning; block: 409"),
  max_consecutive_days: ruleDays("leaveRules.errors.consecutiveInvalid", 1).optional().describe("Most working days one request may take; null: no rule"),
  max_consecutive_mode: ruleMode.optional(),
  min_request_days: z.number({ error: "leaveRules.errors.shortestInvalid" }).min(0.5, "leaveRules.errors.shortestInvalid").max(365, "leaveRules.errors.shortestInvalid").multipleOf(0.5, "leaveRules.errors.shortestInvalid").nullable().optional().describe("Fewest working days one request may take (1: no half days); types counted in days; null: no rule"),
  min_request_mode: ruleMode.optional(),
  // Sickness and its certificate (decision 0092).
  reported: flag("absenceTypes.errors.flagInvalid").optional().describe("Reported, not requested (sickness): recorded at once, so requires_approval is false"),
  document_required: flag("absenceTypes.errors.flagInvalid").optional(),
  document_after_days: z.number({ error: "sickness.errors.afterDays" }).int("sickness.errors.afterDays").min(1, "sickness.errors.afterDays").max(365, "sickness.errors.afterDays").nullable().optional().describe("From which working day the document is asked for; null: the company's certificate_after_days"),
  document_mode: ruleMode.optional().describe("warn: asked for; block: due (overdue reminder, admins' list)"),
};

export const apiCreateAbsenceCategorySchema = z.object({
  name: z.unknown().pipe(categoryNameField),
  color: z.unknown().pipe(categoryColorField).optional(),
  balance: z.unknown().pipe(categoryBalanceField).optional(),
  requires_approval: flag("absenceTypes.errors.flagInvalid").optional(),
  sort_order: sortOrder.optional(),
  unit: z.unknown().pipe(leaveUnitField).optional().describe("day or hour; when missing, the unit of the categories drawing on the same balance, else the company's leave_unit"),
  accrues: flag("absenceTypes.errors.flagInvalid").optional().describe("Earn the yearly allowance monthly (yearly types only; every yearly type follows); when missing, as the other yearly types"),
  ...ruleFields,
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
  ...ruleFields,
});

type RuleBody = { [K in keyof typeof ruleFields]?: z.infer<(typeof ruleFields)[K]> };

/** The rule and document fields of either body, in the models' names: one mapping for create and update. */
export function categoryRulesOf(body: RuleBody & { sort_order?: number; unit?: z.infer<typeof leaveUnitField>; accrues?: boolean }) {
  return {
    sortOrder: body.sort_order,
    unit: body.unit,
    accrues: body.accrues,
    minNoticeDays: body.min_notice_days,
    minNoticeMode: body.min_notice_mode,
    maxConsecutiveDays: body.max_consecutive_days,
    maxConsecutiveMode: body.max_consecutive_mode,
    minRequestDays: body.min_request_days,
    minRequestMode: body.min_request_mode,
    reported: body.reported,
    documentRequired: body.document_required,
    documentAfterDays: body.document_after_days,
    documentMode: body.document_mode,
  };
}
