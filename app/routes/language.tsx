import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { safeRedirect } from "~/lib/safe-redirect";
import { getOptionalViewer } from "~/utils/auth.server";
import { setPreferredLanguage } from "~/models/user.server";
import { languageCookieHeader } from "~/utils/i18n.server";
import { readFormData } from "~/utils/http.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const language = form.get("lng");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!isLanguage(language)) return redirect(back);
  const viewer = await getOptionalViewer(request);
  if (viewer) await setPreferredLanguage(viewer, language);
  return redirect(back, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
}
