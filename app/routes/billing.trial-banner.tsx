// POST /billing/trial-banner: hides the trial banner for the rest of the browser session (spec:
// "hidden for the session once dismissed"), as a session cookie so the server stops drawing it
// and the form works without JavaScript. Then back where the person was.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import { hideTrialBannerCookie } from "~/models/trial-banner.server";
import { requireUser } from "~/utils/auth.server";
import { readFormData } from "~/utils/http.server";

export async function action({ request }: ActionFunctionArgs) {
  // The banner is how a read-only company gets to subscribe: dismissing it changes no data.
  await requireUser(request, { whileReadOnly: true });
  const form = await readFormData(request);
  return redirect(safeRedirect(form.get("redirectTo"), "/my-calendar"), { headers: { "Set-Cookie": await hideTrialBannerCookie() } });
}

export function loader() {
  return redirect("/my-calendar");
}
