// The browser translates with app/lib/i18n-lite.ts, the server with i18next: a page's text must be
// the same on both sides (or hydration finds other text). Every message of every language, with
// and without its values, with counts, against the server's i18next instance.
import { describe, expect, it } from "vitest";
import { pluralLocale, SUPPORTED_LANGUAGES } from "~/i18n";
import { resources } from "~/i18n-resources.server";
import { createLiteI18n, type TranslateOptions } from "~/lib/i18n-lite";
import { getT } from "~/utils/i18n.server";

function leaves(node: unknown, prefix = ""): [string, string][] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe("the browser's translator gives i18next's text", () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`for every ${language} message, its values and counts`, () => {
      const messages = resources[language].common;
      const lite = createLiteI18n(language, messages, pluralLocale).getFixedT(null);
      const server = getT(language);
      const keys = new Map<string, Set<string>>();
      for (const [key, text] of leaves(messages)) {
        const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
        const names = keys.get(base) ?? new Set<string>();
        for (const match of text.matchAll(/\{\{(.+?)\}\}/g)) names.add(match[1].trim());
        keys.set(base, names);
      }
      expect(keys.size).toBeGreaterThan(200);
      for (const [key, names] of keys) {
        const values = Object.fromEntries([...names].map((name) => [name, `<${name}>`]));
        const variants: TranslateOptions[] = [
          {},
          values,
          ...[0, 1, 2, 1.5, -1, Number.NaN].map((count) => ({ ...values, count })),
          { ...values, count: "1" },
          { ...values, [([...names][0] ?? "x")]: undefined },
          { ...values, [([...names][0] ?? "x")]: null },
          { ...values, [([...names][0] ?? "x")]: 3 },
        ];
        for (const options of variants) {
          expect(lite(key, options), `${language} ${key} ${JSON.stringify(options)}`).toBe(server(key, options));
        }
      }
    });
  }

  it("for a missing key, with and without a default value", () => {
    const lite = createLiteI18n("en", resources.en.common, pluralLocale).getFixedT(null);
    const server = getT("en");
    for (const options of [{}, { defaultValue: "Custom {{name}}", name: "Leave" }, { defaultValue: "Plain", count: 2 }]) {
      expect(lite("absences.categories.custom_thing", options)).toBe(server("absences.categories.custom_thing", options));
    }
  });

  it("switches language like i18next: a bundle added, then changeLanguage tells react-i18next", async () => {
    const i18n = createLiteI18n("pt", resources.pt.common, pluralLocale);
    const heard: unknown[] = [];
    i18n.on("languageChanged", (lng) => heard.push(lng));
    expect(i18n.hasResourceBundle("en", "common")).toBe(false);
    i18n.addResourceBundle("en", "common", resources.en.common);
    await i18n.changeLanguage("en");
    expect(heard).toEqual(["en"]);
    expect(i18n.language).toBe("en");
    expect(i18n.getFixedT(null)("nav.myCalendar")).toBe("My Calendar");
  });
});
