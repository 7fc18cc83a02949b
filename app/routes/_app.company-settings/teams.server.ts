// The teams tab's data and form actions (intents "teams.*"). To be built (issue 10).
import type { SignedInViewer } from "~/utils/auth.server";
import type { TabActionArgs, TabActionResult } from "./tab-action";

export async function loadTeamsTab(_viewer: SignedInViewer, _url: URL) {
  return {};
}

export async function teamsAction(_args: TabActionArgs): Promise<TabActionResult> {
  return null;
}
