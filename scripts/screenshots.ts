// Screenshots of every screen, for each role that opens it, at 1366 and 390 px, with JavaScript on
// and off, in pt, en and es, for a person to look at before and after a change to what customers
// see (issue 39). Not a test: nothing here passes or fails; tests/e2e/layout.spec.ts checks the
// rules. Against a running server with the demo company (e.g. the e2e server):
//
//   npx tsx scripts/screenshots.ts --base http://localhost:4555 --out /tmp/shots [--only /reports]
//
// Writes <out>/<role>/<lang>-<width>-<js>/<screen>.png and <out>/index.html, a contact sheet.
import { mkdirSync, writeFileSync } from "node:fs";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { LAPTOP, NO_SCRIPT_SCREENS, PHONE, PUBLIC_SCREENS, ROLES } from "../tests/e2e/screens";
import { DEMO } from "../tests/e2e/support";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "http://localhost:4555" },
    out: { type: "string", default: "tests/.tmp/screenshots" },
    only: { type: "string", multiple: true },
    languages: { type: "string", default: "pt,en,es" },
  },
});
const base = values.base!;
const out = values.out!;
const languages = values.languages!.split(",");
const PASSWORD = "demo-password";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const roles = [
  { role: "public", email: undefined as string | undefined, screens: [...PUBLIC_SCREENS, ...NO_SCRIPT_SCREENS] },
  ...ROLES.map(({ who, screens }) => ({ role: who.email.split("@")[0], email: who.email as string | undefined, screens })),
  // The owner sees what an admin sees, plus the company's Audit.
  { role: "owner", email: DEMO.owner.email, screens: [...ROLES[1].screens, "/audit"] },
];

function withLanguage(screen: string, language: string) {
  return `${screen}${screen.includes("?") ? "&" : "?"}lng=${language}`;
}

function slug(screen: string) {
  return screen.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "_") || "home";
}

async function shoot(browser: Browser) {
  const rows: string[] = [];
  for (const { role, email, screens } of roles) {
    const wanted = values.only ? screens.filter((screen) => values.only!.some((only) => screen.startsWith(only))) : screens;
    if (!wanted.length) continue;
    for (const javaScript of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled: javaScript, locale: "pt-PT", timezoneId: "Pacific/Kiritimati" });
      const page = await context.newPage();
      if (email) {
        await page.goto(`${base}/login`);
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="password"]').fill(PASSWORD);
        await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/login")), page.locator('input[name="password"]').press("Enter")]);
      }
      for (const language of languages) {
        for (const [label, viewport] of [["1366", LAPTOP], ["390", PHONE]] as const) {
          await page.setViewportSize(viewport);
          const dir = path.join(out, role, `${language}-${label}-${javaScript ? "js" : "nojs"}`);
          mkdirSync(dir, { recursive: true });
          for (const screen of wanted) {
            await page.goto(`${base}${withLanguage(screen, language)}`, { waitUntil: "load" });
            const file = path.join(dir, `${slug(screen)}.png`);
            await page.screenshot({ path: file, fullPage: true });
            rows.push(`<figure><img loading="lazy" src="${path.relative(out, file)}"><figcaption>${role} ${language} ${label} ${javaScript ? "JS" : "no JS"} ${screen}</figcaption></figure>`);
          }
        }
      }
      await context.close();
    }
  }
  writeFileSync(
    path.join(out, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>Screenshots</title><style>figure{display:inline-block;margin:8px;vertical-align:top}img{width:320px;border:1px solid #ccc}</style>${rows.join("\n")}`,
  );
  return rows.length;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const count = await shoot(browser);
  console.log(`${count} screenshots in ${out}/index.html`);
} finally {
  await browser.close();
}
