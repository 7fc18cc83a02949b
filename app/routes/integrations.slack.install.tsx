import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { slackInstallUrl } from "~/models/chat.server";
import { requireAdminUser } from "~/utils/auth.server";
import { withPageErrors } from "~/utils/form-errors.server";

// GET /integrations/slack/install: "Add to Slack" on the Integrations tab, a plain link (works
// without JavaScript). Sends the admin to Slack's consent screen with a state bound to them.
export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser({ request, context });
    return redirect(slackInstallUrl(viewer), { headers: { "Cache-Control": "no-store" } });
  });
}
