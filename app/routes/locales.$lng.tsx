// The messages of one language for the browser's translator: every page names them by a versioned
// address (app/lib/document-messages.ts), and a browser that changes language without loading a
// new document (after signing in, the profile's language may differ) fetches the new one's.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/i18n";
import { serializedMessages } from "~/utils/messages.server";

export function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLanguage(params.lng)) return new Response("Not found", { status: 404 });
  const { json, version } = serializedMessages(params.lng);
  // The address of this very text never changes: kept for a year. An older version's address
  // (a page from before a deploy) gets today's text, kept briefly.
  const current = new URL(request.url).searchParams.get("v") === version;
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
