// What JavaScript adds to the trial banner (trial-banner.tsx renders it as plain forms).
// Fetched on demand by the shell, only when the banner is on the page; no React, no router.
// - "Subscrever agora" says 'A abrir Stripe…' while the checkout opens (the form still posts).
// - "Ocultar" hides it at once (the cookie is set in the background).
// - Back from Stripe with the payment not confirmed yet (`data-session-id`): syncs once per
//   session id, re-reads the subscription up to 3 times 1.5 s apart while it is still in trial,
//   then hides the banner for the session and drops `session_id` from the address.
import { CHECKOUT_SYNC_INTERVAL_MS, CHECKOUT_SYNC_TRIES } from "~/lib/billing";

const SYNCED_KEY = "folga.checkout-synced.";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(form: HTMLFormElement) {
  return fetch(form.action, { method: "POST", body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>), redirect: "manual" });
}

async function settleCheckout(banner: HTMLElement, sessionId: string) {
  const subscriptionId = banner.dataset.subscriptionId;
  try {
    if (!sessionStorage.getItem(SYNCED_KEY + sessionId)) {
      sessionStorage.setItem(SYNCED_KEY + sessionId, "1");
      await fetch("/api/billing/sync", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ subscription_id: subscriptionId, session_id: sessionId }) });
    }
    for (let read = 0; read < CHECKOUT_SYNC_TRIES; read++) {
      const [first] = (await (await fetch("/api/billing/subscriptions")).json()) as { stripe_subscription_status?: string; stripe_customer_id?: string | null }[];
      if (!first || first.stripe_subscription_status !== "trialing" || first.stripe_customer_id) break;
      await wait(CHECKOUT_SYNC_INTERVAL_MS);
    }
    const dismiss = banner.querySelector<HTMLFormElement>("form[data-dismiss]");
    if (dismiss) await post(dismiss);
  } catch {
    // Offline or refused: the page still says what it knows; the address is cleaned anyway.
  }
  banner.hidden = true;
  const url = new URL(window.location.href);
  url.searchParams.delete("session_id");
  // A new document: the page's data is read again, without the parameter.
  window.location.replace(url.pathname + url.search + url.hash);
}

export function enhanceTrialBanner() {
  const banner = document.querySelector<HTMLElement>(".trial-banner-slot > .trial-banner");
  if (!banner || banner.dataset.enhanced) return;
  banner.dataset.enhanced = "true";
  const checkout = banner.querySelector<HTMLFormElement>("form[data-checkout]");
  checkout?.addEventListener("submit", () => {
    const button = checkout.querySelector<HTMLButtonElement>("button");
    if (!button) return;
    button.textContent = button.dataset.opening ?? button.textContent;
    // After the submission has started: a disabled button would not be sent, and a second click
    // would open a second checkout.
    setTimeout(() => (button.disabled = true));
  });
  const dismiss = banner.querySelector<HTMLFormElement>("form[data-dismiss]");
  dismiss?.addEventListener("submit", (event) => {
    event.preventDefault();
    banner.hidden = true;
    void post(dismiss);
  });
  const sessionId = banner.dataset.sessionId;
  if (sessionId) void settleCheckout(banner, sessionId);
}
