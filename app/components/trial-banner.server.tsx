// The trial banner under the top bar (spec section 2), rendered to HTML on the server. Its buttons
// are plain forms, so it works without JavaScript: "Subscrever agora" posts the checkout to the
// billing tab's action, which answers with a redirect to Stripe; "Ocultar" hides it for the
// session (a cookie). The shell places this HTML as it is and, when there is one, fetches the
// small script that enhances it (trial-banner-enhance.ts): no page pays for banner code in its
// first load (docs/decisions/0016-first-load-javascript.md, 0027-billing.md).
import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { formatDate } from "~/lib/format";
import type { TrialBanner } from "~/models/subscription.server";

export interface TrialBannerView extends TrialBanner {
  /** Back from Stripe and not confirmed yet (`?session_id=`). */
  sessionId: string | null;
}

interface MarkupProps {
  banner: TrialBannerView;
  t: TFunction;
  language: string;
  /** The current address without `session_id`: where hiding the banner comes back to. */
  here: string;
}

function TrialBannerMarkup({ banner, t, language, here }: MarkupProps) {
  const { daysLeft, access, readOnlyFrom, sessionId, canSubscribe, configured, subscriptionId } = banner;
  return (
    <section className={`trial-banner trial-banner--${access}`} aria-label={t("billing.trial.label")} data-testid="trial-banner" data-session-id={sessionId ?? undefined} data-subscription-id={subscriptionId}>
      <div className="trial-banner__body">
        <p className="trial-banner__text">
          <strong>{t("billing.trial.plan")}</strong> <span data-testid="trial-countdown">{daysLeft > 0 ? t("billing.trial.endsIn", { count: daysLeft }) : t("billing.trial.ended")}</span>
        </p>
        {access === "readOnly" ? (
          <p className="trial-banner__note">{t("billing.trial.readOnly")}</p>
        ) : readOnlyFrom ? (
          <p className="trial-banner__note">{t("billing.trial.readOnlyOn", { date: formatDate(readOnlyFrom, language) })}</p>
        ) : null}
        {sessionId ? (
          <p className="trial-banner__note" role="status">
            {t("billing.trial.confirming")} <a href={`${here}${here.includes("?") ? "&" : "?"}session_id=${encodeURIComponent(sessionId)}`}>{t("billing.trial.checkAgain")}</a>
          </p>
        ) : null}
      </div>
      <div className="trial-banner__actions">
        {canSubscribe ? (
          <form method="post" action="/company-settings?tab=billing-details" data-checkout="">
            <input type="hidden" name="intent" value="subscription.checkout" />
            <input type="hidden" name="subscriptionId" value={subscriptionId} />
            <input type="hidden" name="interval" value="month" />
            <button type="submit" className="button button--primary button--small" data-opening={t("billing.trial.opening")}>
              {t("billing.trial.subscribe")}
            </button>
          </form>
        ) : (
          <span className="trial-banner__note">{configured ? t("billing.trial.askAdmin") : t("billing.trial.notConfigured")}</span>
        )}
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

export function renderTrialBanner(props: MarkupProps): string {
  return renderToStaticMarkup(<TrialBannerMarkup {...props} />);
}
