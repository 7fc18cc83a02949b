import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import i18next, { type TFunction } from "i18next";
import { applyPortugalPluralRules, DEFAULT_LANGUAGE, i18nConfig, isLanguage, SUPPORTED_LANGUAGES, type Language } from "~/i18n";
import { resources } from "~/i18n-resources.server";

// Not httpOnly on purpose: the language is no secret, and a client script may read it.
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 60 * 60 * 24 * 365,
});

// Server side of the detection order in spec section 1: ?lng=, then the cookie, then the
// browser's Accept-Language; local/session storage only exist in the browser. The profile
// preference is copied into the cookie at sign-in and whenever it changes.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await i18nServer.getLocale(request);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

// A synchronous instance for text made outside React: e-mails, /api error details, and document
// titles (meta functions use i18next's default instance, which the browser initialises too).
const serverI18n = i18next;
void serverI18n.init({ ...i18nConfig, resources, initImmediate: false });
applyPortugalPluralRules(serverI18n);

export function getT(language: Language): TFunction {
  return serverI18n.getFixedT(language, "common");
}

export function languageCookieHeader(language: Language) {
  return languageCookie.serialize(language);
}
