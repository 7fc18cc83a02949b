// The public landing page (spec: /public): a preview of the company calendar, features, the plans,
// questions people ask, about, privacy, an interest form and the ways in. Plain HTML and CSS — no
// scripts at all (root.tsx leaves them out for this address) — so it is fast on any phone; the
// interest form is an ordinary POST answered by this page. See docs/decisions/0028-public-site.md
// and 0076-a-landing-page-that-sells.md.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MonthTable } from "~/components/company-month";
import { Logo } from "~/components/logo";
import { messageValues, SUPPORTED_LANGUAGES } from "~/i18n";
import { pricePerPersonCents } from "~/lib/billing";
import { parseWithZod } from "@conform-to/zod/v4";
import { formatDateRange } from "~/lib/format";
import { landingPreview } from "~/lib/landing-preview";
import { formatMoney } from "~/lib/money";
import { monthOf } from "~/lib/month-param";
import { DEFAULT_TIME_ZONE, todayIn, type IsoDate } from "~/lib/dates";
import { weekAround } from "~/models/company-calendar.server";
import { interestSchema } from "~/lib/schemas/billing";
import { registerInterest } from "~/models/public-interest.server";
import { getEnv } from "~/utils/env.server";
import { AppError, errorInit } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import { getLanguage, getT } from "~/utils/i18n.server";
import { clientIp } from "~/utils/rate-limit.server";
import siteStyles from "~/styles/site.css";
import companyMonthStyles from "~/styles/company-month.css";
import publicStyles from "~/styles/public.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: siteStyles },
  { rel: "stylesheet", href: companyMonthStyles },
  { rel: "stylesheet", href: publicStyles },
];

/** The team size the plans' arithmetic is shown for. */
const EXAMPLE_TEAM = 10;

const OG_LOCALES: Record<string, string> = { pt: "pt_PT", en: "en_GB", es: "es_ES" };

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const t = getT(language);
  const appUrl = getEnv().APP_URL;
  // The preview's "today": the date where a new company is by default.
  const today = todayIn(DEFAULT_TIME_ZONE);
  // Every amount through the one money formatter, in the visitor's language ("1,00 €", "€1.00").
  const money = (cents: number) => formatMoney(cents, "EUR", language);
  const [monthly, annual] = [pricePerPersonCents("EUR", "month"), pricePerPersonCents("EUR", "year")];
  return {
    language,
    today,
    previewStart: weekAround(today).start,
    prices: {
      free: money(0),
      monthly: money(monthly),
      annual: money(annual),
      exampleMonthly: money(monthly * EXAMPLE_TEAM),
      exampleAnnual: money(annual * EXAMPLE_TEAM),
    },
    meta: {
      title: t("publicSite.meta.title"),
      description: t("publicSite.meta.description", { price: money(monthly) }),
      url: `${appUrl}/public`,
      image: `${appUrl}/og-image.png`,
      locale: OG_LOCALES[language],
    },
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

const FEATURES = ["calendars", "requests", "balances"] as const;
const PLANS = ["trial", "monthly", "annual"] as const;
const QUESTIONS = ["trial", "data", "export", "cancel"] as const;
const LEGEND = ["approved", "pending", "weekend", "today"] as const;

export default function PublicPage() {
  const { t, i18n } = useTranslation();
  const { language, today, previewStart, prices } = useLoaderData<typeof loader>();
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
          <a href="#faq">{t("publicSite.nav.faq")}</a>
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
        <div className="site__top">
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
            <p className="muted">{t("publicSite.hero.note", { price: prices.monthly })}</p>
          </section>
          <CalendarPreview first={previewStart} today={today} language={i18n.language} />
        </div>

        <section id="features" className="site__section" aria-labelledby="features-title">
          <h2 id="features-title">{t("publicSite.features.title")}</h2>
          <ul className="site__features">
            {FEATURES.map((feature) => (
              <li key={feature} className="site__feature" data-testid="feature">
                <h3>{t(`publicSite.features.${feature}.title`)}</h3>
                <p>{t(`publicSite.features.${feature}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="pricing" className="site__section" aria-labelledby="pricing-title">
          <h2 id="pricing-title">{t("publicSite.pricing.title")}</h2>
          <p className="site__section-lead">{t("publicSite.pricing.lead")}</p>
          <ul className="site__plans">
            {PLANS.map((plan) => (
              <li key={plan} className={`site__plan${plan === "monthly" ? " site__plan--featured" : ""}`} data-testid="plan">
                <h3>{t(`publicSite.pricing.${plan}.title`)}</h3>
                <p className="site__price">
                  <span className="site__amount">{plan === "trial" ? prices.free : plan === "monthly" ? prices.monthly : prices.annual}</span>{" "}
                  <span>{t(`publicSite.pricing.${plan}.unit`)}</span>
                </p>
                <p className="site__example" data-testid="plan-example">
                  {t(`publicSite.pricing.${plan}.example`, { people: EXAMPLE_TEAM, monthly: prices.exampleMonthly, annual: prices.exampleAnnual, price: prices.monthly })}
                </p>
                <p className="muted">{t(`publicSite.pricing.${plan}.note`)}</p>
              </li>
            ))}
          </ul>
          <p className="muted">{t("publicSite.pricing.includes")}</p>
          <p>
            <a href="/signup" className="button button--primary site__cta">
              {t("publicSite.pricing.cta")}
            </a>
          </p>
        </section>

        <section id="faq" className="site__section" aria-labelledby="faq-title">
          <h2 id="faq-title">{t("publicSite.faq.title")}</h2>
          <div className="site__faq">
            {QUESTIONS.map((question) => (
              <details key={question} className="site__question" data-testid="faq-question">
                <summary>{t(`publicSite.faq.${question}.question`)}</summary>
                <p>{t(`publicSite.faq.${question}.answer`)}</p>
              </details>
            ))}
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

/**
 * What the product looks like: the real company calendar table, drawn from a sample team's two
 * weeks around today, so it shows what the app shows today rather than a picture that goes stale.
 */
function CalendarPreview({ first, today, language }: { first: IsoDate; today: IsoDate; language: string }) {
  const { t } = useTranslation();
  const { days, people } = landingPreview(first, (key) => t(`publicSite.preview.absences.${key}`));
  const range = formatDateRange(days[0], days[days.length - 1], language);
  return (
    <figure className="site__preview" data-testid="calendar-preview">
      <MonthTable
        month={monthOf(first)}
        days={days}
        today={today}
        companyHolidays={{}}
        people={people}
        query=""
        interactive={false}
        draft={null}
        onDraft={ignore}
        onOpenBar={ignore}
        onOpenPerson={ignore}
        preview={{ caption: t("publicSite.preview.caption", { range }) }}
      />
      <ul className="site__legend" aria-label={t("absences.calendar.legend.title")}>
        {LEGEND.map((kind) => (
          <li key={kind}>
            <span className={`site__swatch company-month__swatch--${kind}`} aria-hidden="true" />
            {t(`absences.calendar.legend.${kind}`)}
          </li>
        ))}
      </ul>
      <figcaption className="muted">{t("publicSite.preview.note")}</figcaption>
    </figure>
  );
}

function ignore() {}
