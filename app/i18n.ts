// Shared by server and browser. Portuguese is the default and fallback language (spec section 1).
import enAbsences from "../public/locales/en/absences.json";
import enCommon from "../public/locales/en/common.json";
import enIdentity from "../public/locales/en/identity.json";
import enNotifications from "../public/locales/en/notifications.json";
import enReports from "../public/locales/en/reports.json";
import enSettings from "../public/locales/en/settings.json";
import esAbsences from "../public/locales/es/absences.json";
import esCommon from "../public/locales/es/common.json";
import esIdentity from "../public/locales/es/identity.json";
import esNotifications from "../public/locales/es/notifications.json";
import esReports from "../public/locales/es/reports.json";
import esSettings from "../public/locales/es/settings.json";
import ptAbsences from "../public/locales/pt/absences.json";
import ptCommon from "../public/locales/pt/common.json";
import ptIdentity from "../public/locales/pt/identity.json";
import ptNotifications from "../public/locales/pt/notifications.json";
import ptReports from "../public/locales/pt/reports.json";
import ptSettings from "../public/locales/pt/settings.json";

export const SUPPORTED_LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

// Bundled rather than fetched: small files, and no flash of untranslated text. Each language is
// split into files by area (distinct top-level keys) that merge into the one "common" namespace.
const en = { ...enCommon, ...enAbsences, ...enIdentity, ...enSettings, ...enNotifications, ...enReports };
const pt = { ...ptCommon, ...ptAbsences, ...ptIdentity, ...ptSettings, ...ptNotifications, ...ptReports };
const es = { ...esCommon, ...esAbsences, ...esIdentity, ...esSettings, ...esNotifications, ...esReports };
export const resources = { pt: { common: pt }, en: { common: en }, es: { common: es } };

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
};

/** A stored preference (any string or null) as a supported language. */
export function languageOr(value: unknown, fallback: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(value) ? value : fallback;
}

/**
 * Interpolation values of a model's message (AppError fields are strings): a numeric `count`
 * becomes a number, since i18next picks a plural form (`key_one`, `key_other`) only for numbers.
 */
export function messageValues(values: Record<string, string> | null | undefined): Record<string, string | number> {
  if (!values) return {};
  const count = values.count === undefined || values.count === "" ? Number.NaN : Number(values.count);
  return Number.isFinite(count) ? { ...values, count } : values;
}

interface PluralRulesSource {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * i18next asks Intl for the plural rules of "pt", which are Brazil's: 0 and 1,5 take the singular
 * ("0 dia"). The product writes the Portuguese of Portugal ("0 dias", "1,5 dias", "1 dia"), so
 * "pt" takes pt-PT's rules. Call once on each i18next instance, after init.
 */
export function applyPortugalPluralRules(instance: { services: { pluralResolver: unknown } }): void {
  const resolver = instance.services.pluralResolver as PluralRulesSource;
  const original = resolver.getRule.bind(resolver);
  const rules = { cardinal: new Intl.PluralRules("pt-PT"), ordinal: new Intl.PluralRules("pt-PT", { type: "ordinal" }) };
  resolver.getRule = (code, options = {}) => (code === "pt" ? rules[options.ordinal ? "ordinal" : "cardinal"] : original(code, options));
}
