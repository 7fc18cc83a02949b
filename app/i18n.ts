// Shared by server and browser. Portuguese is the default and fallback language (spec section 1).
// The messages themselves are server-side (app/i18n-resources.server.ts): a page carries only its
// own language's, in a JSON data block the browser reads before hydrating (root.tsx).
import { readOffDays } from "~/lib/cover-rules";
import { formatDate, formatDateRange } from "~/lib/format";

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
  addDateFormats(instance as unknown as FormattedInstance);
}

interface FormattedInstance {
  services: { formatter?: { add(name: string, format: (value: unknown, language: string | undefined) => string): void } };
}

/**
 * Stored findings keep ISO dates (decision 0091); a message writes them for people in its reader's
 * language: `{{startDate, day}}`, `{{range, dayRange}}` ("start/end"), `{{days, offDays}}` (the
 * cover check's days and who is off). Added where the plural rules are, so every instance has both.
 */
function addDateFormats(instance: FormattedInstance): void {
  const formatter = instance.services.formatter;
  if (!formatter) return;
  const lang = (language: string | undefined) => languageOr(language);
  formatter.add("day", (value, language) => (typeof value === "string" ? formatDate(value, lang(language)) : String(value)));
  formatter.add("dayRange", (value, language) => {
    const [start, end] = String(value).split("/");
    return start && end ? formatDateRange(start, end, lang(language)) : String(value);
  });
  formatter.add("offDays", (value, language) => {
    const { days, more } = readOffDays(value);
    const listed = days.map(([date, names]) => (names.length > 0 ? `${formatDate(date, lang(language))} (${names.join(", ")})` : formatDate(date, lang(language))));
    return listed.join("; ") + (more > 0 ? `; +${more}` : "");
  });
}
