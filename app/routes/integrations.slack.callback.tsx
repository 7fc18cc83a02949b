import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { completeSlackInstall } from "~/models/chat.server";
import { requireAdminUser } from "~/utils/auth.server";
import { AppError } from "~/utils/errors.server";
import { withPageErrors } from "~/utils/form-errors.server";
import { tabPath } from "./_app.company-settings/tabs";

// GET /integrations/slack/callback: where Slack sends the admin back after the consent screen
// (OAuth v2). The code becomes the bot token; the tab then says what happened (?slack=…).
export function loader({ request, context }: LoaderFunctionArgs) {
  return withPageErrors(async () => {
    const viewer = await requireAdminUser({ request, context });
    const url = new URL(request.url);
    const tab = tabPath("integrations");
    try {
      await completeSlackInstall(viewer, { code: url.searchParams.get("code"), state: url.searchParams.get("state"), error: url.searchParams.get("error") });
      return redirect(`${tab}?slack=connected`, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      if (!(error instanceof AppError) || error.status === 403) throw error;
      return redirect(`${tab}?slack=${encodeURIComponent(error.code)}`, { headers: { "Cache-Control": "no-store" } });
    }
  });
}
