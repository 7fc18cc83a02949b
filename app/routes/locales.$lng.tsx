// The messages of one language, for a browser that changes language without loading a new
// document (after signing in, the profile's language may differ from the login page's).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { resources } from "~/i18n-resources.server";

export function loader({ params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lng)) return new Response("Not found", { status: 404 });
  return Response.json(resources[params.lng].common, { headers: { "Cache-Control": "public, max-age=3600" } });
}
