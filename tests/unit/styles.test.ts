// Root links the shared base (app/styles/base.css); each screen's route links its own stylesheet and
// those of the components it draws, or one sheet of its own that `@import`s them (the build inlines
// them into it, so the page makes one request for its CSS: decision 0103). What a person would notice if this went wrong: a page without its styles
// (a sheet nobody links, or an import of a file that is gone), a page that downloads and applies
// another screen's rules, or rules for markup that no longer exists. The built sizes per page are
// checked by `npm run check:js-budget` (scripts/css-budget.ts).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const STYLES = "app/styles";

/**
 * Who may link each stylesheet: the screen it belongs to, or the screens that draw the component it
 * styles, or a screen's sheet that imports it (app/styles/*.css). A new link elsewhere is a page
 * loading another screen's rules; say so here on purpose.
 */
const OWNERS: Record<string, string[]> = {
  "base.css": ["app/root.tsx"],
  "auth.css": [
    "app/routes/login.tsx",
    "app/routes/signup.tsx",
    "app/routes/forgot-password.tsx",
    "app/routes/reset-password.tsx",
    "app/routes/verify-email.tsx",
    "app/routes/accept-invite.tsx",
    "app/routes/vacation-decision.tsx",
    "app/routes/vacation-action.tsx",
    "app/routes/auth.confirm.tsx",
    "app/routes/auth.signup.tsx",
    "app/routes/_app.sign-in-methods.tsx",
  ],
  "site.css": ["app/routes/public.tsx", "app/routes/api.docs.tsx"],
  "public.css": ["app/routes/public.tsx"],
  "api-docs.css": ["app/routes/api.docs.tsx"],
  "my-calendar.css": ["app/routes/_app.my-calendar.tsx"],
  "month-grid.css": ["app/styles/my-calendar.css", "app/styles/company-calendar.css"],
  "vacation-drawer.css": ["app/styles/my-calendar.css", "app/styles/company-calendar.css"],
  "vacation-form.css": ["app/styles/my-calendar.css", "app/styles/company-calendar.css", "app/styles/vacations.css", "app/routes/_app.vacations_.$id.change.tsx"],
  "balance-cards.css": ["app/styles/my-calendar.css", "app/styles/company-calendar.css", "app/routes/_app.people.$userId.tsx"],
  "company-calendar.css": ["app/routes/_app.company-calendar.tsx"],
  "company-month.css": ["app/styles/company-calendar.css", "app/routes/_app.people.$userId.tsx", "app/routes/public.tsx"],
  "person.css": ["app/styles/company-calendar.css", "app/routes/_app.people.$userId.tsx"],
  "vacations.css": ["app/routes/_app.vacations.tsx"],
  "approvals.css": ["app/routes/_app.approvals.tsx"],
  "vacation-table.css": ["app/styles/vacations.css", "app/styles/approvals.css", "app/routes/_app.company-settings/route.tsx"],
  "company-settings.css": ["app/routes/_app.company-settings/route.tsx"],
  "reports.css": ["app/routes/_app.reports/route.tsx"],
  "audit.css": ["app/routes/_app.audit.tsx"],
  "national-holidays.css": ["app/routes/_app.national-holidays/route.tsx"],
  "balances.css": ["app/routes/_app.balances.$userId.tsx"],
  "calendar-feeds.css": ["app/routes/_app.calendar-feeds.tsx"],
  "vacation-change.css": ["app/routes/_app.vacations_.$id.change.tsx", "app/styles/approvals.css"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

const modules = sourceFiles("app").map((file) => ({ file, source: readFileSync(file, "utf8") }));
/** Every `import x from "~/styles/y.css"`, with the module that wrote it. */
const imports = modules.flatMap(({ file, source }) =>
  [...source.matchAll(/^import \w+ from "~\/styles\/([\w-]+\.css)";$/gm)].map((match) => ({ file, sheet: match[1] })),
);
const sheets = readdirSync(STYLES).filter((name) => name.endsWith(".css"));
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
/** Every `@import "./y.css";` of a stylesheet, with the sheet that wrote it. */
const cssImports = sheets.flatMap((name) =>
  [...readFileSync(path.join(STYLES, name), "utf8").matchAll(/^@import "\.\/([\w-]+\.css)";$/gm)].map((match) => ({
    file: path.join(STYLES, name),
    sheet: match[1],
  })),
);

describe("stylesheets", () => {
  it("are each imported by a route module that links it, and every import names a stylesheet that exists", () => {
    expect(sheets.sort()).toEqual(Object.keys(OWNERS).sort());
    for (const { file, sheet } of imports) {
      expect(existsSync(path.join(STYLES, sheet)), `${file} imports ${sheet}`).toBe(true);
      expect(withoutComments(readFileSync(path.join(STYLES, sheet), "utf8")).trim(), sheet).not.toBe("");
      // A stylesheet reaches the page only through a route's `links` (components cannot link).
      const source = modules.find((module) => module.file === file)!.source;
      expect(source, `${file} imports ${sheet} but does not export links`).toMatch(/^export const links\b/m);
    }
  });

  it("are linked only by the screens they belong to", () => {
    for (const [sheet, owners] of Object.entries(OWNERS)) {
      const linkedBy = [...imports, ...cssImports].filter((entry) => entry.sheet === sheet).map((entry) => entry.file);
      expect(linkedBy.sort(), sheet).toEqual([...owners].sort());
    }
  });

  it("import other sheets only at their top, one level deep, and never one their route links as well", () => {
    for (const name of sheets) {
      const css = withoutComments(readFileSync(path.join(STYLES, name), "utf8"));
      // CSS ignores an @import after any rule: the component's styles would silently be missing.
      const firstRule = css.search(/[^\s@][^;]*\{/);
      const lastImport = css.lastIndexOf("@import");
      if (lastImport >= 0) expect(lastImport, `${name}: an @import after a rule`).toBeLessThan(firstRule < 0 ? Infinity : firstRule);
      expect([...css.matchAll(/@import\b/g)].length, name).toBe(cssImports.filter((entry) => entry.file.endsWith(`/${name}`)).length);
    }
    for (const { file, sheet } of cssImports) {
      expect(existsSync(path.join(STYLES, sheet)), `${file} imports ${sheet}`).toBe(true);
      // A sheet that imports others is imported by none (each page's CSS is one file deep).
      expect(cssImports.some((entry) => entry.file.endsWith(`/${sheet}`)), `${sheet} imports others and is imported`).toBe(false);
      // The route that links the importing sheet does not link the imported one too (its rules twice).
      const importer = path.basename(file);
      for (const route of imports.filter((entry) => entry.sheet === importer).map((entry) => entry.file)) {
        expect(imports.some((entry) => entry.file === route && entry.sheet === sheet), `${route} links ${sheet} and ${importer}`).toBe(false);
      }
    }
  });

  it("style only classes some component or route still writes", () => {
    const code = modules.map((module) => module.source).join("\n");
    for (const sheet of sheets) {
      const classes = new Set(
        [...withoutComments(readFileSync(path.join(STYLES, sheet), "utf8")).matchAll(/\.([a-zA-Z][\w-]*)/g)].map((m) => m[1]),
      );
      for (const name of classes) {
        const written = new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(code);
        // A modifier may be built from data: `api-method--${method}`.
        const block = name.split("--")[0];
        const built = name.includes("--") && code.includes(`${block}--\${`);
        expect(written || built, `${sheet}: .${name} is written nowhere in app/`).toBe(true);
      }
    }
  });
});
