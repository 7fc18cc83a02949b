// Client-safe schema of the closure form (zod/mini, like every schema the browser runs). Messages
// are locale keys (public/locales/*/closures.json).
import * as z from "zod/mini";
import { isIsoDate } from "~/lib/dates";
import { isDateInWindow } from "~/lib/input-limits";
import { singleLine } from "~/lib/text-input";

export const MAX_CLOSURE_NAME_LENGTH = 80;

const dateField = (requiredKey: string) =>
  z.string({ error: requiredKey }).check(
    z.trim(),
    z.minLength(1, requiredKey),
    z.refine(isIsoDate, "validation.dateInvalid"),
    z.refine((value) => !isIsoDate(value) || isDateInWindow(value), "validation.dateOutOfWindow"),
  );

const idField = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

export const closureFormSchema = z
  .object({
    name: z
      .string({ error: "closures.validation.nameRequired" })
      .check(z.trim(), z.minLength(1, "closures.validation.nameRequired"), z.maxLength(MAX_CLOSURE_NAME_LENGTH, "closures.validation.nameTooLong"), ...singleLine()),
    startDate: dateField("validation.startDateRequired"),
    endDate: dateField("validation.endDateRequired"),
    categoryId: z.string({ error: "validation.categoryRequired" }).check(z.trim(), z.minLength(1, "validation.categoryRequired"), z.maxLength(64)),
    scope: z.enum(["company", "teams"], { error: "closures.validation.scopeRequired" }),
    teamIds: z.array(idField).check(z.maxLength(200)),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.startDate > value.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "vacation.startAfterEnd" });
      if (value.scope === "teams" && value.teamIds.length === 0) ctx.addIssue({ code: "custom", path: ["teamIds"], message: "closures.validation.teamsRequired" });
    }),
  );

export type ClosureForm = z.infer<typeof closureFormSchema>;

export const closureIdSchema = z.object({ closureId: idField });
