import { createCookie } from "@remix-run/node";
import Negotiator from "negotiator";
import { RemixI18Next } from "remix-i18next/server";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { applyPortugalPluralRules, DEFAULT_LANGUAGE, i18nConfig, isLanguage, languageOr, SUPPORTED_LANGUAGES, type Language } from "~/i18n";
import { setTitleTranslator } from "~/lib/meta";
import { resources } from "~/i18n-resources.server";

// Not httpOnly on purpose: the language is no secret, and a client script may read it.
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * The browser's Accept-Language step: the first of our languages in the person's order of
 * preference, a regional tag counting as its language ("ca-ES, es;q=0.9" is Spanish, "en-US,
 * es;q=0.9, en;q=0.8" English), null when none is there. The library's own header step took only
 * the person's first language ICU knows and fell back when we do not offer that one, and its ICU
 * calls cost ~7 % of the sign-in page's CPU. Negotiator's own matching against our list is not
 * used: it ranks a more exact match of a later, lower-rated entry first ("pt-BR, es;q=0.9,
 * pt;q=0.8" would be Spanish).
 */
export function languageOfHeader(acceptLanguage: string | null): Language | null {
  if (!acceptLanguage) return null;
  // Every accepted tag by weight, then in the header's order; those rated q=0 left out.
  for (const tag of new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages()) {
    const language = tag.split("-")[0].toLowerCase();
    if (isLanguage(language)) return language;
  }
  return null;
}

// Server side of the detection order in spec section 1: ?lng=, then the cookie, then the
// browser's Accept-Language; local/session storage only exist in the browser. The profile
// preference is copied into the cookie at sign-in and whenever it changes.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "custom"],
    findLocale: async (request) => languageOfHeader(request.headers.get("Accept-Language")),
  },
  i18next: { ...i18nConfig, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await i18nServer.getLocale(request);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** The translator of one page render (app/entry.server.tsx), as remix-i18next's README sets it up. */
export async function createPageI18n(language: string, namespaces: string[]): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nConfig, lng: languageOr(language), ns: namespaces.length ? namespaces : i18nConfig.ns, resources });
  applyPortugalPluralRules(instance);
  return instance;
}

// A synchronous instance for text made outside React: e-mails, /api error details, titles.
const serverI18n = createInstance();
void serverI18n.init({ ...i18nConfig, resources, initImmediate: false });
applyPortugalPluralRules(serverI18n);

export function getT(language: Language): TFunction {
  return serverI18n.getFixedT(language, "common");
}

setTitleTranslator((language, key) => getT(languageOr(language))(key));

export function languageCookieHeader(language: Language) {
  return languageCookie.serialize(language);
}
