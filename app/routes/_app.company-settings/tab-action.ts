import type { data } from "@remix-run/node";
import type { SignedInViewer } from "~/utils/auth.server";
import type { ActionReply } from "~/utils/form-errors.server";

/** What the route hands a tab's action: the form is already read; `intent` is "<tab>.<verb>". */
export interface TabActionArgs {
  viewer: SignedInViewer;
  request: Request;
  formData: FormData;
  intent: string;
}

/** Every tab answers in the one shape of HTML actions (or a redirect); null: not its intent. */
export type TabActionResult = ReturnType<typeof data<ActionReply>> | Response | null;
