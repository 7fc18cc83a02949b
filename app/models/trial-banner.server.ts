// The trial banner's state for one request: hidden for the browser session (a cookie without an
// expiry), and the checkout return (`?session_id=`) synced on the server before the page renders.
import { createCookie, redirect } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import type { Viewer } from "~/utils/permissions.server";
import type { TrialBannerView } from "~/components/trial-banner";
import { loadTrialBanner, syncCheckoutReturn } from "./subscription.server";

const hidden = createCookie("trial_banner", { path: "/", httpOnly: true, sameSite: "lax", secure: getEnv().NODE_ENV === "production" });

export function hideTrialBannerCookie() {
  return hidden.serialize("hidden");
}

async function isHidden(request: Request) {
  return (await hidden.parse(request.headers.get("Cookie"))) === "hidden";
}


/**
 * The banner of this page, or null. Back from Stripe (`?session_id=`), the checkout is synced here
 * first (once per id); when that settles it, the page is loaded again without the parameter, and
 * the banner is gone. A read-only company sees the banner even once hidden: it explains why
 * nothing can be changed.
 */
export async function trialBannerFor(viewer: Viewer, request: Request): Promise<TrialBannerView | null> {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  if (sessionId) {
    if ((await syncCheckoutReturn(viewer, sessionId)) === "done") {
      url.searchParams.delete("session_id");
      throw redirect(url.pathname + url.search);
    }
  }
  // Back from a checkout, the subscription may have changed since the person was read: read it again.
  const banner = await loadTrialBanner(sessionId ? { ...viewer, companySubscription: undefined } : viewer);
  if (!banner) return null;
  if (!sessionId && banner.access !== "readOnly" && (await isHidden(request))) return null;
  url.searchParams.delete("session_id");
  return { ...banner, sessionId, here: url.pathname + url.search };
}
