// The server half of the absence screens' forms, shared by My calendar, Absences and Approvals:
// each route authenticates, then hands the posted form here. Answers carry locale keys only.
import { parseWithZod } from "~/lib/form-parse";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { vacationRequestSchema } from "~/lib/schemas/vacation";
import { cancelVacation, createVacation, decideVacation } from "~/models/vacation.server";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError } from "~/utils/errors.server";
import { replyWithAppError } from "~/utils/form-errors.server";
import type { Notice } from "./action-notice";

interface Actor {
  id: string;
  role: string;
}


/** Validates and creates a request; on success goes to `successUrl` (post/redirect/get, also without JS). */
export async function createAbsenceFromForm(formData: FormData, companyId: string, requester: Actor, successUrl: (startDate: string) => string) {
  const submission = parseWithZod(formData, { schema: vacationRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), values: {} as Record<string, string> }, { status: 400 });
  try {
    await createVacation(companyId, requester, submission.value);
  } catch (error) {
    if (error instanceof AppError) return replyWithAppError(error, submission.reply);
    // Spec §8: other failures show 'Falha a criar férias.' rather than an error page.
    console.error(error);
    return data({ result: submission.reply({ formErrors: ["absences.form.createFailed"] }), values: {} as Record<string, string> }, { status: 500 });
  }
  return redirect(successUrl(submission.value.startDate));
}

export const ROW_INTENTS = ["approve", "reject", "cancel"] as const;
export type RowIntent = (typeof ROW_INTENTS)[number];

const rowActionSchema = z.object({ intent: z.enum(ROW_INTENTS), id: z.string().trim().min(1).max(64) });

const FAILURE_KEYS: Record<RowIntent, string> = {
  approve: "absences.notices.approveFailed",
  reject: "absences.notices.rejectFailed",
  cancel: "absences.notices.cancelFailed",
};

const SUCCESS_KEYS: Record<RowIntent, string> = {
  approve: "absences.notices.approved",
  reject: "absences.notices.rejected",
  cancel: "absences.notices.cancelled",
};

/**
 * Approve, reject or cancel one absence by id; a cancel acts only once confirmed. Refusals (403, 404 for another company's id, 409
 * already decided) come back as an error notice with the model's status, never as an error page.
 */
export async function runRowAction(formData: FormData, companyId: string, actor: Actor, options: { today: string; intents: readonly RowIntent[] }) {
  const parsed = rowActionSchema.safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) {
    return data({ notice: { tone: "error", key: "absences.notices.invalidAction" } satisfies Notice }, { status: 400 });
  }
  const { intent, id } = parsed.data;
  if (!options.intents.includes(intent)) {
    return data({ notice: { tone: "error", key: FAILURE_KEYS[intent], detail: "errors.forbidden" } satisfies Notice }, { status: 403 });
  }
  // Cancelling cannot be undone: without confirmed=1 (no JavaScript, no dialog) the page asks first.
  if (intent === "cancel" && needsConfirmation(formData)) return confirmationStep(formData);
  try {
    if (intent === "cancel") await cancelVacation(companyId, actor, id, options.today);
    else await decideVacation(companyId, actor, id, intent === "approve" ? "approved" : "rejected");
  } catch (error) {
    if (!(error instanceof AppError)) console.error(error);
    const notice: Notice = {
      tone: "error",
      key: FAILURE_KEYS[intent],
      ...(error instanceof AppError ? { detail: error.message, values: error.fields } : {}),
    };
    return data({ notice }, { status: error instanceof AppError ? error.status : 500 });
  }
  return data({ notice: { tone: "success", key: SUCCESS_KEYS[intent] } satisfies Notice }, { status: 200 });
}
