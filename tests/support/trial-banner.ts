// The trial banner as the shell renders it from the `_app` loader's data, in Portuguese, for tests
// that read what it says.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { TrialBanner, type TrialBannerView } from "~/components/trial-banner";
import { createPageI18n } from "~/utils/i18n.server";

const i18n = await createPageI18n("pt", ["common"]);

export type ShellWithBanner = { shell: { trialBanner: TrialBannerView | null } };

/** The banner's markup, or "" when there is none. */
export function bannerText(banner: TrialBannerView | null): string {
  if (!banner) return "";
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(TrialBanner, { banner })));
}
