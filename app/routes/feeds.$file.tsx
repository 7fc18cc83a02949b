// GET /feeds/<token>.ics: a calendar feed, as calendar apps fetch it (no cookie: the token in the
// address is the credential). Fetching changes nothing but the feed's "last fetched", so a
// cross-site GET is harmless. See docs/decisions/0023-calendar-feeds.md.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderFeed } from "~/models/calendar-feed.server";
import { etagMatches, notModified, revalidateHeaders } from "~/utils/conditional.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const feed = await renderFeed(params.file ?? "");
  if (!feed) {
    // One answer for every address that does not work, whatever the reason.
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  if (etagMatches(request, feed.etag)) return notModified(feed.etag);
  return new Response(feed.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="folga.ics"',
      "X-Robots-Tag": "noindex",
      ...revalidateHeaders(feed.etag),
    },
  });
}
