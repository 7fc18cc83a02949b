// The root route's server half (decision 0108): its loader, beside root.tsx.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { getLanguage, languageCookieHeader } from "~/utils/i18n.server";
import { documentMessagesUrl } from "~/utils/messages.server";

/** Pages served without JavaScript (routes/public.tsx, routes/api.docs.tsx). */
const NO_SCRIPT_PATHS = new Set(["/public", "/public/", "/api/docs", "/api/docs/"]);

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  // ?lng= wins for this request (spec detection order) and is remembered like a chosen language.
  const fromQuery = new URL(request.url).searchParams.get("lng");
  const headers = isLanguage(fromQuery) ? { "Set-Cookie": await languageCookieHeader(fromQuery) } : undefined;
  const scripts = !NO_SCRIPT_PATHS.has(new URL(request.url).pathname);
  return data({ language, scripts, messages: scripts ? documentMessagesUrl(language) : null }, { headers });
}
