// npm run check:css-budget (run by check:js-budget) — the CSS a screen's first load costs, from the
// build (run `remix build` first). A document links the stylesheets of every route of its matched
// chain (root's base.css, then each route's `links`); each is summed gzipped, as the server's
// compression sends it. The route chains come from the browser manifest (scripts/js-budget.ts), the
// links from the server build's route modules. Fails when a linked stylesheet is missing from the
// build or empty, or when a screen is over its budget (its kB, and for the pages of issue 44 its
// number of stylesheets).
//
// Before issue 37 every page loaded the one app.css: 53.8 kB, 10.3 kB of gzip.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { readManifest } from "./js-budget";
import { isRunAsScript } from "./lib/run-as-script";

const BUILD_DIR = path.resolve("public/build");
const SERVER_BUILD = path.resolve("build/index.js");

/**
 * kB of gzip (1 kB = 1024 bytes) any screen may link; the heaviest today are company settings' tabs.
 * 9 until issue 40: the days a person does not work, shaded on the calendar, its side panel's year
 * and My Calendar's grid (one shared `--off-day` in base.css), took it to 9.0x kB. 8 since issue 44:
 * the company calendar's sheets made into one file compress better together (9.3 → 7.5 kB).
 */
export const MAX_KB = 8;

/**
 * Stylesheets the pages of issue 44 may link (decision 0103): the base and one of their own, which
 * `@import`s its components' sheets (the build inlines them). Each stylesheet blocks the first
 * paint, and on a phone each is a request over a slow network before anything shows.
 */
export const MAX_SHEETS: Record<string, number> = {
  "routes/_app.my-calendar": 2,
  "routes/_app.company-calendar": 2,
  "routes/_app.vacations": 2,
  "routes/_app.approvals": 2,
};

interface LinkDescriptor {
  rel?: string;
  href?: string;
}

interface ServerBuild {
  routes: Record<string, { parentId?: string; module: { links?: () => LinkDescriptor[]; default?: unknown } }>;
}

/** The stylesheets a route itself links, in order. */
function stylesheetsOf(build: ServerBuild, id: string): string[] {
  const links = build.routes[id]?.module.links?.() ?? [];
  return links.filter((link) => link.rel === "stylesheet" && link.href).map((link) => link.href!);
}

/** A document's route chain from the root, e.g. root > routes/_app > routes/_app.reports. */
function chainOf(build: ServerBuild, id: string): string[] {
  const chain: string[] = [];
  for (let current: string | undefined = id; current; current = build.routes[current]?.parentId) chain.unshift(current);
  return chain;
}

/** Each stylesheet's bytes, raw and gzipped; throws when one a route links is not in the build. */
function sizeOf(href: string, buildDir = BUILD_DIR) {
  const file = path.join(buildDir, href.replace(/^\/build\//, ""));
  const bytes = readFileSync(file);
  return { href, raw: bytes.length, gzip: gzipSync(bytes).length };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const manifest = readManifest();
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  let failed = false;

  // Every stylesheet any route links: present in the build, and with rules in it.
  const sheets = new Map<string, ReturnType<typeof sizeOf>>();
  for (const id of Object.keys(build.routes)) {
    for (const href of stylesheetsOf(build, id)) {
      if (sheets.has(href)) continue;
      try {
        const size = sizeOf(href);
        sheets.set(href, size);
        if (size.raw === 0) throw new Error("empty");
      } catch (error) {
        failed = true;
        console.log(`MISSING ${href} (linked by ${id}): ${(error as Error).message}`);
      }
    }
  }
  console.log("Stylesheets in the build (raw / gzip):");
  for (const sheet of [...sheets.values()].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(sheet.raw).padStart(6)} kB / ${kb(sheet.gzip).padStart(5)} kB  ${sheet.href}`);
  }

  // Every page (a route with a path or an index that draws a component) and the CSS its chain links.
  const pages = Object.values(manifest.routes).filter(
    (route) => (route.path !== undefined || route.index) && build.routes[route.id]?.module.default,
  );
  console.log(`CSS per page (gzip, budget ${MAX_KB} kB):`);
  const rows = pages
    .map((route) => {
      const hrefs = [...new Set(chainOf(build, route.id).flatMap((id) => stylesheetsOf(build, id)))];
      return { id: route.id, hrefs, gzip: hrefs.reduce((sum, href) => sum + (sheets.get(href)?.gzip ?? 0), 0) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  for (const row of rows) {
    const tooMany = row.hrefs.length > (MAX_SHEETS[row.id] ?? Infinity);
    const over = row.gzip > MAX_KB * 1024 || tooMany;
    failed ||= over;
    const limit = MAX_SHEETS[row.id] ? ` of ${MAX_SHEETS[row.id]}` : "";
    console.log(`${over ? "OVER" : "ok  "} ${kb(row.gzip).padStart(5)} kB  ${row.id} (${row.hrefs.length}${limit} files)`);
  }
  for (const id of Object.keys(MAX_SHEETS)) {
    if (rows.some((row) => row.id === id)) continue;
    failed = true;
    console.log(`MISSING ${id}: a page with a stylesheet limit is not in the build`);
  }
  if (failed) process.exitCode = 1;
}

if (isRunAsScript(import.meta.url)) await main();
