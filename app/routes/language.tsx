import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { safeRedirect } from "~/lib/safe-redirect";
import { getOptionalUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
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
  const signedIn = await getOptionalUser(request);
  if (signedIn) {
    await getDb().user.update({ where: { id: signedIn.user.id }, data: { preferredLanguage: language } });
  }
  return redirect(back, { headers: { "Set-Cookie": await languageCookieHeader(language) } });
}
