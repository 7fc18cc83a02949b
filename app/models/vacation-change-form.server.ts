// The server half of the change forms (the absence's change page and Approvals): each route
// authenticates, then hands the posted form here. Success redirects (post/redirect/get, so it
// works without JavaScript) with `changed=<outcome>`; a refusal answers a notice with the model's status.
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { vacationRequestSchema } from "~/lib/schemas/vacation";
import { AppError, errorInit } from "~/utils/errors.server";
import { noticeOf, type ActionReply } from "~/utils/form-errors.server";
import type { Viewer } from "~/utils/permissions.server";
import { decideVacationChange, proposeVacationChange, withdrawVacationChange } from "./vacation-change.server";

export const CHANGE_INTENTS = ["change-propose", "change-approve", "change-reject", "change-withdraw"] as const;
export type ChangeOutcome = "proposed" | "changed" | "approved" | "rejected" | "withdrawn";

const OUTCOMES: readonly ChangeOutcome[] = ["proposed", "changed", "approved", "rejected", "withdrawn"];

/** The `changed` query parameter after a change form, for the page's notice. */
export function readChangeOutcome(params: URLSearchParams): ChangeOutcome | null {
  const value = params.get("changed");
  return OUTCOMES.find((outcome) => outcome === value) ?? null;
}

export function isChangeIntent(value: unknown): value is (typeof CHANGE_INTENTS)[number] {
  return CHANGE_INTENTS.some((intent) => intent === value);
}

const idsSchema = z.object({ vacationId: z.string().trim().min(1).max(64), changeId: z.string().trim().max(64).optional() });

const HOUR_FIELDS = ["startTime", "endTime", "hoursPerDay"] as const;
const PROPOSAL_FIELDS = ["categoryId", "startDate", "endDate", "halfDayStart", "halfDayEnd", ...HOUR_FIELDS] as const;

function hourFieldsOf(formData: FormData) {
  const fields: Partial<Record<(typeof HOUR_FIELDS)[number], string>> = {};
  for (const name of HOUR_FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string" && value.trim() !== "") fields[name] = value;
  }
  return fields;
}

/**
 * A refused proposal: the notice, and the form as it was posted (so a page rendered without
 * JavaScript keeps what was typed) with the message beside the field it is about.
 */
function refusedProposal(formData: FormData, message: string | undefined, field: PropertyKey | undefined): ActionReply {
  const initialValue = Object.fromEntries(PROPOSAL_FIELDS.flatMap((name) => (typeof formData.get(name) === "string" ? [[name, formData.get(name) as string]] : [])));
  const error = message && typeof field === "string" && (PROPOSAL_FIELDS as readonly string[]).includes(field) ? { [field]: [message] } : {};
  return { notice: { tone: "error", key: "leaveChange.notices.failed", detail: message }, result: { status: "error", initialValue, error } };
}

async function proposeFromForm(formData: FormData, viewer: Viewer, vacationId: string, successUrl: (outcome: ChangeOutcome, vacationId: string) => string) {
  const parsed = vacationRequestSchema.safeParse({
    startDate: formData.get("startDate") ?? "",
    endDate: formData.get("endDate") ?? "",
    halfDayStart: formData.get("halfDayStart") ?? false,
    halfDayEnd: formData.get("halfDayEnd") ?? false,
    categoryId: formData.get("categoryId") ?? "",
    // The hour fields as the request form sends them (an empty field is no field).
    ...hourFieldsOf(formData),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<ActionReply>(refusedProposal(formData, issue?.message, issue?.path[0]), { status: 400 });
  }
  try {
    const change = await proposeVacationChange(viewer, vacationId, parsed.data);
    return redirect(successUrl(change.status === "pending" ? "proposed" : "changed", vacationId));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [field] = Object.keys(error.fields);
    return data<ActionReply>({ ...refusedProposal(formData, error.message, field), notice: noticeOf(error, "leaveChange.notices.failed") }, errorInit(error));
  }
}

export async function runChangeAction(formData: FormData, viewer: Viewer, successUrl: (outcome: ChangeOutcome, vacationId: string) => string) {
  const intent = formData.get("intent");
  const ids = idsSchema.safeParse({ vacationId: formData.get("vacationId"), changeId: formData.get("changeId") ?? undefined });
  if (!isChangeIntent(intent) || !ids.success) return data<ActionReply>({ notice: { tone: "error", key: "absences.notices.invalidAction" } }, { status: 400 });
  const { vacationId, changeId = "" } = ids.data;
  try {
    let outcome: ChangeOutcome;
    if (intent === "change-propose") return await proposeFromForm(formData, viewer, vacationId, successUrl);
    if (intent === "change-withdraw") {
      await withdrawVacationChange(viewer, vacationId, changeId);
      outcome = "withdrawn";
    } else {
      const decision = intent === "change-approve" ? "approved" : "rejected";
      await decideVacationChange(viewer, vacationId, changeId, decision);
      outcome = decision;
    }
    return redirect(successUrl(outcome, vacationId));
  } catch (error) {
    if (error instanceof AppError) return data<ActionReply>({ notice: noticeOf(error, "leaveChange.notices.failed") }, errorInit(error));
    throw error;
  }
}
