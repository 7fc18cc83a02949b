// The server half of the vacation screens' forms, shared by My calendar, Absences and Approvals:
// each route authenticates, then hands the posted form here. Answers are ActionReply with
// locale keys only.
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import { vacationRequestSchema } from "~/lib/schemas/vacation";
import { confirmationStep, needsConfirmation } from "~/utils/confirmation.server";
import { AppError, errorInit } from "~/utils/errors.server";
import { noticeOf, replyWithAppError, type ActionReply } from "~/utils/form-errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { cancelVacation, createVacation, decideVacation } from "./vacation.server";

/**
 * The `created` query parameter the pages read after a new vacation: "1" for a request awaiting
 * approval, "recorded" for one of an absence category that needs none (approved as it was made), "approved" for
 * the request of the company's only admin, whom nobody else could review (decision 0018).
 */
export type CreatedFlag = "1" | "recorded" | "approved";

export function readCreatedFlag(params: URLSearchParams): CreatedFlag | null {
  const value = params.get("created");
  return value === "1" || value === "recorded" || value === "approved" ? value : null;
}

/** Validates and creates a request; on success goes to `successUrl` (post/redirect/get, also without JS). */
export async function createVacationFromForm(formData: FormData, viewer: Viewer, successUrl: (startDate: string, created: CreatedFlag) => string) {
  const submission = parseWithZod(formData, { schema: vacationRequestSchema });
  if (submission.status !== "success") return data<ActionReply>({ result: submission.reply() }, { status: 400 });
  let created: CreatedFlag;
  let warned: string | null = null;
  try {
    const { vacation, approvedAsOnlyAdmin, ruleWarnings } = await createVacation(viewer, submission.value);
    created = approvedAsOnlyAdmin ? "approved" : vacation.status === "approved" ? "recorded" : "1";
    // The page after the redirect reads the warnings stored on the row (decision 0087), so they
    // show without JavaScript too.
    if (ruleWarnings.length > 0) warned = vacation.id;
  } catch (error) {
    if (error instanceof AppError) return replyWithAppError(error, submission.reply);
    // Spec §8: other failures show 'Falha a criar férias.' rather than an error page.
    console.error(error);
    return data<ActionReply>({ result: submission.reply({ formErrors: ["absences.form.createFailed"] }) }, { status: 500 });
  }
  const url = successUrl(submission.value.startDate, created);
  return redirect(warned ? `${url}${url.includes("?") ? "&" : "?"}warned=${encodeURIComponent(warned)}` : url);
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
 * Approve, reject or cancel one vacation by id; a cancel acts only once confirmed. Refusals (403, 404 for another company's id, 409
 * already decided) come back as an error notice with the model's status, never as an error page.
 */
export async function runRowAction(
  formData: FormData,
  viewer: Viewer,
  options: { today: string; intents: readonly RowIntent[]; askToNotifyAfterCancel?: boolean },
) {
  const parsed = rowActionSchema.safeParse({ intent: formData.get("intent"), id: formData.get("id") });
  if (!parsed.success) {
    return data<ActionReply>({ notice: { tone: "error", key: "absences.notices.invalidAction" } }, { status: 400 });
  }
  const { intent, id } = parsed.data;
  if (!options.intents.includes(intent)) {
    return data<ActionReply>({ notice: { tone: "error", key: FAILURE_KEYS[intent], detail: "errors.forbidden" } }, { status: 403 });
  }
  // Cancelling cannot be undone: without confirmed=1 (no JavaScript, no dialog) the page asks first.
  if (intent === "cancel" && needsConfirmation(formData)) return confirmationStep(formData);
  try {
    if (intent === "cancel") await cancelVacation(viewer, id, options.today);
    else await decideVacation(viewer, id, intent === "approve" ? "approved" : "rejected");
  } catch (error) {
    if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, FAILURE_KEYS[intent]) }, errorInit(error));
    // Spec §8: 'Failed to approve vacation' and the like, rather than an error page.
    console.error(error);
    return data<ActionReply>({ notice: { tone: "error", key: FAILURE_KEYS[intent] } }, { status: 500 });
  }
  // The company calendar then asks 'Queres notificar o Admin da Team?' (notifyCancellation).
  const followUp = intent === "cancel" && options.askToNotifyAfterCancel ? { intent: "notify-cancelled", id } : undefined;
  return data<ActionReply>({ notice: { tone: "success", key: SUCCESS_KEYS[intent] }, followUp }, { status: 200 });
}
