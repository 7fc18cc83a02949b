// The trial banner under the top bar (spec section 2), for company admins only (employees cannot
// act on it; docs/decisions/0074-billing-without-stripe-keys.md). Its buttons are plain forms, so it works
// without JavaScript: "Subscrever agora" posts the checkout to the billing tab's action, which
// answers with a redirect to Stripe; "Ocultar" hides it for the session (a cookie). What
// JavaScript adds is a small script the shell fetches only when the banner is on the page
// (trial-banner-enhance.ts; docs/decisions/0016-first-load-javascript.md, 0027-billing.md).
import { useTranslation } from "react-i18next";
import type { TrialBannerState } from "~/lib/billing";
import { formatDate } from "~/lib/format";

export interface TrialBannerView extends TrialBannerState {
  /** Back from Stripe and not confirmed yet (`?session_id=`). */
  sessionId: string | null;
  /** The current address without `session_id`: where hiding the banner comes back to. */
  here: string;
}

export function TrialBanner({ banner }: { banner: TrialBannerView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { here, daysLeft, access, readOnlyFrom, sessionId, subscriptionId } = banner;
  // On a phone the banner is one line: the countdown in short and the actions; the plan's name
  // and the notes (what read-only means, from when) wait for a wider screen and the billing tab.
  return (
    <section className={`trial-banner trial-banner--${access}`} aria-label={t("billing.trial.label")} data-testid="trial-banner" data-session-id={sessionId ?? undefined} data-subscription-id={subscriptionId}>
      <div className="trial-banner__body">
        <p className="trial-banner__text">
          <strong className="trial-banner__plan">{t("billing.trial.plan")}</strong>{" "}
          <span className="trial-banner__wide" data-testid="trial-countdown">
            {daysLeft > 0 ? t("billing.trial.endsIn", { count: daysLeft }) : t("billing.trial.ended")}
          </span>
          {/* The phone's words: shown instead of the sentence above, never with it. */}
          <span className="trial-banner__narrow" data-testid="trial-countdown-short">
            {daysLeft > 0 ? t("billing.trial.short", { count: daysLeft }) : t("billing.trial.shortEnded")}
          </span>
        </p>
        {access === "readOnly" ? (
          <p className="trial-banner__note trial-banner__wide">{t("billing.trial.readOnly")}</p>
        ) : readOnlyFrom ? (
          <p className="trial-banner__note trial-banner__wide">{t("billing.trial.readOnlyOn", { date: formatDate(readOnlyFrom, language) })}</p>
        ) : null}
        {sessionId ? (
          <p className="trial-banner__note" role="status">
            {t("billing.trial.confirming")} <a href={`${here}${here.includes("?") ? "&" : "?"}session_id=${encodeURIComponent(sessionId)}`}>{t("billing.trial.checkAgain")}</a>
          </p>
        ) : null}
      </div>
      <div className="trial-banner__actions">
        <form method="post" action="/company-settings/billing-details" data-checkout="">
          <input type="hidden" name="intent" value="subscription.checkout" />
          <input type="hidden" name="subscriptionId" value={subscriptionId} />
          <input type="hidden" name="interval" value="month" />
          <button type="submit" className="button button--primary button--small" data-opening={t("billing.trial.opening")}>
            {t("billing.trial.subscribe")}
          </button>
        </form>
        {access === "readOnly" ? null : (
          <form method="post" action="/billing/trial-banner" data-dismiss="">
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className="button button--ghost button--small trial-banner__dismiss" aria-label={t("billing.trial.dismissLabel")}>
              {t("billing.trial.dismiss")}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
