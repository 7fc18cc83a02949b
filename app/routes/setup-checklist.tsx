// Hides the set-up checklist (a POST from My Calendar), then back to My Calendar.
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { dismissSetupChecklist } from "~/models/setup.server";
import { requireUser } from "~/utils/auth.server";
import { isAdmin } from "~/utils/permissions.server";

export async function action({ request }: ActionFunctionArgs) {
  // Hiding the checklist changes nothing of the company's, so a read-only company may.
  const viewer = await requireUser(request, { whileReadOnly: true });
  if (!isAdmin(viewer)) return new Response("Forbidden", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  await dismissSetupChecklist(viewer);
  return redirect("/my-calendar");
}

export function loader() {
  return redirect("/my-calendar");
}
