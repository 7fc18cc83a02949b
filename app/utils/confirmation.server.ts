// The server half of "destructive actions ask first" (see app/components/confirm.tsx). With
// JavaScript the page asks in a dialog and posts `confirmed=1`; without it, the first POST only
// answers with the question, and the page offers a "Yes" form carrying the same fields plus
// `confirmed=1`. Only that second POST acts.
import { data } from "@remix-run/node";
import type { ActionReply } from "./form-errors.server";

export const CONFIRMED_FIELD = "confirmed";

/** True when a destructive POST has not been confirmed yet: answer with `confirmationStep`. */
export function needsConfirmation(formData: FormData): boolean {
  return formData.get(CONFIRMED_FIELD) !== "1";
}

export interface ConfirmationStepData {
  /** The posted fields (text only), for the page to post again with `confirmed=1`. */
  fields: Record<string, string>;
}

/** The answer to an unconfirmed POST: nothing happened, here is what to post to go ahead. */
export function confirmationStep(formData: FormData) {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== CONFIRMED_FIELD) fields[name] = value;
  }
  return data<ActionReply>({ confirm: { fields } }, { status: 200 });
}
