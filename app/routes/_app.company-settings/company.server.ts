// The company tab's data and form actions (intents "company.*"). To be built (issue 10).
import type { SignedInViewer } from "~/utils/auth.server";
import type { TabActionArgs, TabActionResult } from "./tab-action";

export async function loadCompanyTab(_viewer: SignedInViewer, _url: URL) {
  return {};
}

export async function companyAction(_args: TabActionArgs): Promise<TabActionResult> {
  return null;
}
