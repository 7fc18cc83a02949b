// Shared by server and browser. Portuguese is the default and fallback language (spec section 1).
import en from "../public/locales/en/common.json";
import es from "../public/locales/es/common.json";
import pt from "../public/locales/pt/common.json";

export const SUPPORTED_LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

// Bundled rather than fetched: three small files, and no flash of untranslated text.
export const resources = { pt: { common: pt }, en: { common: en }, es: { common: es } };

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
};
