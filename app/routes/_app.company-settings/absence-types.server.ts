// The absence-types tab's data and form actions (intents "absence-types.*"). To be built (issue 10).
import type { SignedInViewer } from "~/utils/auth.server";
import type { TabActionArgs, TabActionResult } from "./tab-action";

export async function loadAbsenceTypesTab(_viewer: SignedInViewer, _url: URL) {
  return {};
}

export async function absenceTypesAction(_args: TabActionArgs): Promise<TabActionResult> {
  return null;
}
