// Shared by server and browser. Portuguese is the default and fallback language (spec section 1).
// The messages themselves are server-side (app/i18n-resources.server.ts): a page carries only its
// own language's, in a JSON data block the browser reads before hydrating (root.tsx).
import { isIsoDate } from "~/lib/dates";
import { formatDate } from "~/lib/format";

export const SUPPORTED_LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false, format: formatValue },
};

/**
 * The one formatter messages name: `{{startDate, date}}` shows a calendar date as people read it in
 * the message's language, so a model can pass dates as YYYY-MM-DD and every path (screens, forms,
 * the API's detail, e-mails) words them alike, never shifted by a zone.
 */
function formatValue(value: unknown, format: string | undefined, language: string | undefined): string {
  if (format === "date" && isIsoDate(value)) return formatDate(value, language ?? DEFAULT_LANGUAGE);
  return value as string;
}

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

/**
 * The locale whose plural rules a language follows. Intl's "pt" rules are Brazil's (0 and 1,5
 * take the singular: "0 dia"); the product writes the Portuguese of Portugal ("0 dias").
 */
export function pluralLocale(language: string): string {
  return language === "pt" ? "pt-PT" : language;
}

interface PluralRulesSource {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * i18next asks Intl for the plural rules of "pt", which are Brazil's; "pt" takes pt-PT's instead
 * (see pluralLocale). Call once on each i18next instance, after init.
 */
// Made once: an Intl object costs a page render ~0.1 ms to build.
let portugalRules: { cardinal: Intl.PluralRules; ordinal: Intl.PluralRules } | undefined;

export function applyPortugalPluralRules(instance: { services: { pluralResolver: unknown } }): void {
  const resolver = instance.services.pluralResolver as PluralRulesSource;
  const original = resolver.getRule.bind(resolver);
  const rules = (portugalRules ??= { cardinal: new Intl.PluralRules(pluralLocale("pt")), ordinal: new Intl.PluralRules(pluralLocale("pt"), { type: "ordinal" }) });
  resolver.getRule = (code, options = {}) => (code === "pt" ? rules[options.ordinal ? "ordinal" : "cardinal"] : original(code, options));
}
