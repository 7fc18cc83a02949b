// The browser's translator: the part of i18next this app uses — nested keys, {{value}}
// interpolation, plural forms (key_one, key_other, key_zero for 0) through Intl.PluralRules, a
// defaultValue — behind the instance interface react-i18next reads. i18next stays on the server
// (pages, e-mails); the browser's first load saves its ~14 kB gzip. tests/unit/i18n-lite.test.ts
// renders every message of every language with both and expects the same text.

type Messages = Record<string, unknown>;
type Listener = (...args: unknown[]) => void;
export type TranslateOptions = Record<string, unknown>;

// A page asks for hundreds of messages; walking "a.b.c" part by part split a new array each time.
// Each bundle's texts are indexed by their whole key once, on first use. A bundle is never changed
// in place (addResourceBundle replaces it, and a new object gets an index of its own).
const textIndexes = new WeakMap<Messages, Map<string, string>>();

function indexTexts(messages: Messages): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (node: Messages, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      // A name with a dot in it could never be reached by a dotted key.
      if (name.includes(".")) continue;
      if (typeof value === "string") index.set(prefix + name, value);
      else if (value && typeof value === "object") walk(value as Messages, `${prefix}${name}.`);
    }
  };
  walk(messages, "");
  return index;
}

/** The text at a dotted key, or undefined when the key names nothing or something not a text. */
function lookup(messages: Messages | undefined, key: string): string | undefined {
  if (!messages) return undefined;
  let index = textIndexes.get(messages);
  if (!index) textIndexes.set(messages, (index = indexTexts(messages)));
  return index.get(key);
}

/** i18next's interpolation with escapeValue off: a value not passed leaves its {{placeholder}}. */
function interpolate(text: string, options: TranslateOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, raw: string) => {
    const name = raw.trim().replace(/^-\s*/, "");
    const value = options[name];
    if (value === undefined) return Object.prototype.hasOwnProperty.call(options, name) ? "" : match;
    return value === null ? "" : String(value);
  });
}

export function createLiteI18n(language: string, messages: Messages, pluralLocale: (language: string) => string) {
  const bundles = new Map<string, Messages>([[language, messages]]);
  const listeners = new Map<string, Set<Listener>>();
  const rules = new Map<string, Intl.PluralRules>();
  const pluralRules = (lng: string) => {
    let rule = rules.get(lng);
    if (!rule) rules.set(lng, (rule = new Intl.PluralRules(pluralLocale(lng))));
    return rule;
  };

  function translate(lng: string, key: string, options: TranslateOptions = {}): string {
    const bundle = bundles.get(lng);
    let found: string | undefined;
    // As i18next: only a numeric count picks a plural form; 0 may have a form of its own.
    if (options.count !== undefined && typeof options.count !== "string") {
      const count = Number(options.count);
      if (count === 0) found = lookup(bundle, `${key}_zero`);
      found ??= lookup(bundle, `${key}_${pluralRules(lng).select(count)}`);
    }
    found ??= lookup(bundle, key);
    const text = found ?? (typeof options.defaultValue === "string" ? options.defaultValue : key);
    return interpolate(text, options);
  }

  const instance = {
    language,
    languages: [language],
    isInitialized: true,
    options: { defaultNS: "common", ns: ["common"], react: {} },
    services: {},
    store: { on() {}, off() {} },
    t: (key: string, options?: TranslateOptions) => translate(instance.language, key, options),
    getFixedT: (lng: string | null, _namespace?: unknown, keyPrefix?: string) => (key: string, options?: TranslateOptions) =>
      translate(lng ?? instance.language, keyPrefix ? `${keyPrefix}.${key}` : key, options),
    hasLoadedNamespace: () => true,
    loadNamespaces: (_namespaces: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    loadLanguages: (_languages: unknown, done?: () => void) => {
      done?.();
      return Promise.resolve();
    },
    hasResourceBundle: (lng: string, _namespace?: string) => bundles.has(lng),
    getResourceBundle: (lng: string, _namespace?: string) => bundles.get(lng),
    addResourceBundle(lng: string, _namespace: string, added: Messages) {
      bundles.set(lng, added);
      return instance;
    },
    changeLanguage(lng: string) {
      instance.language = lng;
      instance.languages = [lng];
      for (const listener of listeners.get("languageChanged") ?? []) listener(lng);
      return Promise.resolve(instance.t);
    },
    on(event: string, listener: Listener) {
      for (const name of event.split(" ")) {
        if (!listeners.has(name)) listeners.set(name, new Set());
        listeners.get(name)!.add(listener);
      }
    },
    off(event: string, listener: Listener) {
      for (const name of event.split(" ")) listeners.get(name)?.delete(listener);
    },
  };
  return instance;
}
