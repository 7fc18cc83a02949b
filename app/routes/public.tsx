// The public landing page (spec: /public): features, pricing, about, privacy, an interest form and
// the ways in. Plain HTML and CSS — no scripts at all (root.tsx leaves them out for this address) — so it is fast on any phone;
// the interest form is an ordinary POST answered by this page. See docs/decisions/0028-public-site.md.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { messageValues, SUPPORTED_LANGUAGES } from "~/i18n";
import { pricePerPersonCents } from "~/lib/billing";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatMoney } from "~/lib/money";
import { interestSchema } from "~/lib/schemas/billing";
import { registerInterest } from "~/models/public-interest.server";
import { getEnv } from "~/utils/env.server";
import { AppError, errorInit } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { clientIp } from "~/utils/rate-limit.server";
import siteStyles from "~/styles/site.css";
import publicStyles from "~/styles/public.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: siteStyles },
  { rel: "stylesheet", href: publicStyles },
];

const OG_LOCALES: Record<string, string> = { pt: "pt_PT", en: "en_GB", es: "es_ES" };

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const t = getT(language);
  const appUrl = getEnv().APP_URL;
  return {
    language,
    annualPrice: formatMoney(pricePerPersonCents("EUR", "year"), "EUR", language),
    meta: { title: t("publicSite.meta.title"), description: t("publicSite.meta.description"), url: `${appUrl}/public`, image: `${appUrl}/og-image.png`, locale: OG_LOCALES[language] },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Folga" }];
  const { meta } = loaded;
  return [
    { title: meta.title },
    { name: "description", content: meta.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Folga" },
    { property: "og:title", content: meta.title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: meta.url },
    { property: "og:image", content: meta.image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:locale", content: meta.locale },
    ...Object.entries(OG_LOCALES)
      .filter(([language]) => language !== loaded.language)
      .map(([, locale]) => ({ property: "og:locale:alternate", content: locale })),
    { name: "twitter:card", content: "summary_large_image" },
    { tagName: "link", rel: "canonical", href: meta.url },
    ...SUPPORTED_LANGUAGES.map((language) => ({ tagName: "link", rel: "alternate", hrefLang: language, href: `${meta.url}?lng=${language}` })),
  ];
};

type InterestReply = { status: "thanks" } | { status: "invalid"; message: string; values?: Record<string, string>; email: string };

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: interestSchema });
  const email = String(formData.get("email") ?? "").slice(0, 254);
  if (submission.status !== "success") return data<InterestReply>({ status: "invalid", message: "publicSite.interest.emailInvalid", email }, { status: 400 });
  try {
    await registerInterest(submission.value, await getLanguage(request), clientIp(request));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<InterestReply>({ status: "invalid", message: error.message, values: error.params, email }, errorInit(error));
  }
  return data<InterestReply>({ status: "thanks" });
}

const FEATURES = ["calendars", "requests", "holidays", "balances", "reports", "languages"] as const;

export default function PublicPage() {
  const { t } = useTranslation();
  const { language, annualPrice } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="site">
      <header className="site__header">
        <a href="/public" className="brand site__brand">
          <Logo />
          <span>Folga</span>
        </a>
        <nav className="site__nav" aria-label={t("publicSite.nav.label")}>
          <a href="#features">{t("publicSite.nav.features")}</a>
          <a href="#pricing">{t("publicSite.nav.pricing")}</a>
          <a href="#about">{t("publicSite.nav.about")}</a>
        </nav>
        <div className="site__account">
          <a href="/login" className="button button--ghost">
            {t("publicSite.nav.signIn")}
          </a>
          <a href="/signup" className="button button--primary">
            {t("publicSite.nav.signUp")}
          </a>
        </div>
      </header>
      <main className="site__main">
        <section className="site__hero" aria-labelledby="hero-title">
          <h1 id="hero-title">{t("publicSite.hero.title")}</h1>
          <p className="site__lead">{t("publicSite.hero.lead")}</p>
          <p className="site__ctas">
            <a href="/signup" className="button button--primary site__cta">
              {t("publicSite.hero.cta")}
            </a>
            <a href="/login" className="button site__cta">
              {t("publicSite.hero.secondary")}
            </a>
          </p>
          <p className="muted">{t("publicSite.hero.note")}</p>
        </section>

        <section id="features" className="site__section" aria-labelledby="features-title">
          <h2 id="features-title">{t("publicSite.features.title")}</h2>
          <ul className="site__features">
            {FEATURES.map((feature) => (
              <li key={feature} className="site__feature">
                <h3>{t(`publicSite.features.${feature}.title`)}</h3>
                <p>{t(`publicSite.features.${feature}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="pricing" className="site__section" aria-labelledby="pricing-title">
          <h2 id="pricing-title">{t("publicSite.pricing.title")}</h2>
          <div className="site__price-card">
            <p className="site__price">
              <span className="site__amount">{t("publicSite.pricing.amount")}</span> <span>{t("publicSite.pricing.unit")}</span>
            </p>
            <p>{t("publicSite.pricing.annual", { price: annualPrice })}</p>
            <p>{t("publicSite.pricing.trial")}</p>
            <p className="muted">{t("publicSite.pricing.includes")}</p>
            <a href="/signup" className="button button--primary">
              {t("publicSite.pricing.cta")}
            </a>
          </div>
        </section>

        <section id="about" className="site__section" aria-labelledby="about-title">
          <h2 id="about-title">{t("publicSite.about.title")}</h2>
          <p>{t("publicSite.about.body")}</p>
        </section>

        <section id="privacy" className="site__section" aria-labelledby="privacy-title">
          <h2 id="privacy-title">{t("publicSite.privacy.title")}</h2>
          <p>{t("publicSite.privacy.body")}</p>
        </section>

        <section id="interest" className="site__section site__interest" aria-labelledby="interest-title">
          <h2 id="interest-title">{t("publicSite.interest.title")}</h2>
          {reply?.status === "thanks" ? (
            <p className="notice notice--success" role="status" data-testid="interest-thanks">
              {t("publicSite.interest.thanks")}
            </p>
          ) : (
            <>
              <p>{t("publicSite.interest.body")}</p>
              <form method="post" action="/public#interest" className="site__interest-form">
                <label className="field">
                  <span>{t("publicSite.interest.email")}</span>
                  <input
                    type="email"
                    name="email"
                    required
                    maxLength={254}
                    autoComplete="email"
                    defaultValue={reply?.status === "invalid" ? reply.email : undefined}
                    aria-invalid={reply?.status === "invalid" ? true : undefined}
                    aria-describedby={reply?.status === "invalid" ? "interest-error" : undefined}
                  />
                  {reply?.status === "invalid" ? (
                    <span className="field__error" id="interest-error" role="alert">
                      {t(reply.message, messageValues(reply.values))}
                    </span>
                  ) : null}
                </label>
                {/* The honeypot: off screen and out of the tab order; people leave it empty. */}
                <label className="site__honeypot" aria-hidden="true">
                  <span>{t("publicSite.interest.honeypot")}</span>
                  <input type="text" name="website" tabIndex={-1} autoComplete="off" />
                </label>
                <button type="submit" className="button button--primary">
                  {t("publicSite.interest.submit")}
                </button>
              </form>
            </>
          )}
        </section>
      </main>
      <footer className="site__footer">
        <p>{t("publicSite.footer.rights")}</p>
        <nav aria-label={t("publicSite.footer.language")} className="site__languages">
          {SUPPORTED_LANGUAGES.map((code) => (
            <a key={code} href={`/public?lng=${code}`} lang={code} hrefLang={code} aria-current={code === language ? "true" : undefined}>
              {t(`language.${code}`)}
            </a>
          ))}
        </nav>
      </footer>
    </div>
  );
}
