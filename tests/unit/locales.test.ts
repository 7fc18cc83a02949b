import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";

const root = path.resolve("public/locales");
const flatten = (node: unknown, prefix = ""): string[] =>
  Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === "object" ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const read = (language: string, file: string) => JSON.parse(readFileSync(path.join(root, language, file), "utf8"));

describe("locale files", () => {
  for (const file of readdirSync(path.join(root, "en"))) {
    it(`${file} has the same keys in en, pt and es, none empty`, () => {
      const en = flatten(read("en", file)).sort();
      for (const language of ["pt", "es"]) {
        expect(flatten(read(language, file)).sort()).toEqual(en);
      }
      for (const language of ["en", "pt", "es"]) {
        const data = read(language, file);
        for (const key of en) {
          const value = key.split(".").reduce((node, part) => node[part], data);
          expect(typeof value === "string" && value.trim().length > 0, `${language}/${file} ${key}`).toBe(true);
        }
      }
    });
  }

  it("has both plural forms in all three languages wherever one language has a plural key", () => {
    const keysOf = (language: string) => new Set(readdirSync(path.join(root, language)).flatMap((file) => flatten(read(language, file))));
    const languages = ["pt", "en", "es"];
    const keys = Object.fromEntries(languages.map((language) => [language, keysOf(language)]));
    const plurals = new Set(languages.flatMap((language) => [...keys[language]].filter((key) => /_(one|other)$/.test(key)).map((key) => key.replace(/_(one|other)$/, ""))));
    expect(plurals.size).toBeGreaterThan(5);
    for (const base of plurals) {
      for (const language of languages) {
        expect(keys[language].has(`${base}_one`), `${language} ${base}_one`).toBe(true);
        expect(keys[language].has(`${base}_other`), `${language} ${base}_other`).toBe(true);
        // A plural key stands alone: a plain key beside it would shadow the forms for some counts.
        expect(keys[language].has(base), `${language} ${base} beside its plural forms`).toBe(false);
      }
    }
  });

  it("interpolates {{count}} only in plural keys (a count in a plain key reads '1 dias')", () => {
    for (const language of ["pt", "en", "es"]) {
      for (const file of readdirSync(path.join(root, language))) {
        const data = read(language, file);
        for (const key of flatten(data)) {
          const value = key.split(".").reduce((node, part) => node[part], data) as string;
          if (value.includes("{{count}}")) expect(key, `${language}/${file}`).toMatch(/_(one|other)$/);
        }
      }
    }
  });

  it("serves every locale file: the merged resources hold each file's groups (a file left out of the spread shows raw keys)", () => {
    for (const language of ["en", "pt", "es"] as const) {
      const common = resources[language].common as Record<string, unknown>;
      for (const file of readdirSync(path.join(root, language))) {
        for (const [key, value] of Object.entries(read(language, file))) expect(common[key], `${language}/${file}: ${key}`).toEqual(value);
      }
    }
  });

  it("splits a language into files with distinct top-level keys (they merge into one namespace)", () => {
    const seen = new Map<string, string>();
    for (const file of readdirSync(path.join(root, "en"))) {
      for (const key of Object.keys(read("en", file))) {
        expect(seen.get(key), `${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });

  it("every key the app uses with t('…') exists", () => {
    const keys = new Set(
      readdirSync(path.join(root, "en")).flatMap((file) => flatten(read("en", file)).map((k) => k.replace(/_(one|other)$/, ""))),
    );
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated") walk(full);
        } else if (/\.(tsx?|ts)$/.test(entry.name)) {
          for (const match of readFileSync(full, "utf8").matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) used.add(match[1]);
        }
      }
    };
    walk(path.resolve("app"));
    expect([...used].filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe("dates in messages", () => {
  it("shows a `{{x, date}}` value as people read it in each language, never as YYYY-MM-DD", async () => {
    const { getT } = await import("~/utils/i18n.server");
    const params = { startDate: "2031-03-04", endDate: "2031-03-10", reason: "Inventory" };
    expect(getT("en")("leaveRules.findings.blackout", params)).toBe("From 4\u00a0Mar\u00a02031 to 10\u00a0Mar\u00a02031 is locked: Inventory.");
    for (const language of ["pt", "es"] as const) {
      const text = getT(language)("leaveRules.findings.blackout", params);
      expect(text).not.toContain("2031-03-04");
      expect(text).toContain("2031");
    }
  });
});
