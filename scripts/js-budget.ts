// npm run check:js-budget — the JavaScript a screen's first load costs, from the browser build
// (run `remix build` first). A document loads the entry, every route module of the matched chain
// and their shared chunks (the <link rel="modulepreload"> tags Remix writes); each is summed
// gzipped, as the server's compression sends it. Fails when a budgeted screen is over its limit.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isRunAsScript } from "./lib/run-as-script";

const BUILD_DIR = path.resolve("public/build");

/**
 * Route chains of the screens with a budget (kB of gzip, 1 kB = 1024 bytes). My Calendar's was 100
 * kB until the browser translated with i18next itself (issue 37): i18next is ~14.6 kB of gzip, and
 * the page went from 99.1 to 113.8 kB. Then 120: the routes' manifest (4 kB) is a file of its own,
 * kept by the browser, rather than a part of it in every page (decision 0068). Then 122: work schedules
 * and the leave year (issue 40) put 1 kB on the page (119.7 → 120.7 kB), its schedule card's words
 * already written by the loader (decision 0016, amendment of 2026-11-27). Then 124: the request
 * form's live count in hours, the earned-to-date card and the leave-type rules' notice (issues 40,
 * 41) took it to 122.2 kB (decision 0016, amendment of 2026-11-28). Then 125: two routes of issue 42
 * grew the manifest every first load fetches, 124.0 → 124.1 kB (decision 0016, session 33).
 * Issue 44 (Lighthouse's mobile score, decision 0103) budgets the other three pages it names too:
 * Absences was 166.9 kB until its request form's code (Conform, zod) came out of the first load.
 *
 * On a phone's network each file is a round trip, so the four pages also have a budget of files,
 * and none may load a server module the compiler emptied (decision 0108): a route imports its
 * server code from its own `<route>.server.ts`, so the emptied stand-ins stay inside its chunk.
 */
export const BUDGETS: { screen: string; routes: string[]; maxKb: number; maxFiles: number }[] = [
  { screen: "/my-calendar", routes: ["root", "routes/_app", "routes/_app.my-calendar"], maxKb: 125, maxFiles: 27 },
  { screen: "/company-calendar", routes: ["root", "routes/_app", "routes/_app.company-calendar"], maxKb: 133, maxFiles: 35 },
  { screen: "/vacations", routes: ["root", "routes/_app", "routes/_app.vacations"], maxKb: 125, maxFiles: 28 },
  { screen: "/approvals", routes: ["root", "routes/_app", "routes/_app.approvals"], maxKb: 124, maxFiles: 27 },
];

/**
 * A chunk holding only the stand-in the compiler puts for a `.server` module in the browser's build
 * (`module.exports = {}`, minified): a request for nothing. Remix's classic compiler makes one per
 * server module imported by two routes or more (remix-run/remix#209, #5394).
 */
export function isEmptiedServerModule(source: string): boolean {
  return source.length < 200 && /\.exports=\{\}/.test(source);
}

interface ManifestEntry {
  module: string;
  imports?: string[];
}

interface Manifest {
  /** The manifest's own file, which every document loads (route discovery is off, decision 0068). */
  url?: string;
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { id: string; parentId?: string; path?: string; index?: boolean }>;
}

/** The newest manifest of the build (`window.__remixManifest={…};`). */
export function readManifest(buildDir = BUILD_DIR): Manifest {
  const files = readdirSync(buildDir)
    .filter((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))
    .map((name) => path.join(buildDir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files.length) throw new Error(`No manifest in ${buildDir}: run \`npx remix build\` first.`);
  const source = readFileSync(files[0], "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** The files a document of this route chain preloads, and their gzip sizes in bytes. */
export function firstLoadFiles(manifest: Manifest, routeIds: string[], buildDir = BUILD_DIR) {
  const urls = new Set<string>(manifest.url ? [manifest.url] : []);
  for (const entry of [manifest.entry, ...routeIds.map((id) => manifest.routes[id])]) {
    if (!entry) throw new Error(`Unknown route in the manifest: ${routeIds.join(" > ")}`);
    for (const url of [...(entry.imports ?? []), entry.module]) urls.add(url);
  }
  return [...urls].map((url) => {
    const bytes = readFileSync(path.join(buildDir, url.replace(/^\/build\//, "")));
    return { url, raw: bytes.length, gzip: gzipSync(bytes).length, emptied: isEmptiedServerModule(bytes.toString("utf8")) };
  });
}

/** A route's chain of ids from the root, e.g. root > routes/_app > routes/_app.reports. */
function chainOf(manifest: Manifest, id: string): string[] {
  const chain: string[] = [];
  for (let current: string | undefined = id; current; current = manifest.routes[current]?.parentId) chain.unshift(current);
  return chain;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function main() {
  const manifest = readManifest();
  // Every screen's first load, for the record; only the budgeted ones can fail.
  const screens = Object.values(manifest.routes).filter((route) => route.path !== undefined || route.index);
  const rows = screens
    .map((route) => ({ id: route.id, gzip: firstLoadFiles(manifest, chainOf(manifest, route.id)).reduce((sum, f) => sum + f.gzip, 0) }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log("First-load JavaScript per route (gzip):");
  for (const row of rows.slice(0, 12)) console.log(`  ${kb(row.gzip).padStart(7)} kB  ${row.id}`);

  let failed = false;
  for (const budget of BUDGETS) {
    const files = firstLoadFiles(manifest, budget.routes);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const emptied = files.filter((file) => file.emptied);
    const over = total > budget.maxKb * 1024 || files.length > budget.maxFiles || emptied.length > 0;
    failed ||= over;
    console.log(`${over ? "OVER" : "ok  "} ${budget.screen}: ${kb(total)} kB gzip of ${budget.maxKb} kB, ${files.length} files of ${budget.maxFiles}`);
    for (const file of emptied) console.log(`       an emptied server module: ${file.url} (import server code from the route's own .server.ts)`);
    if (over) {
      for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`       ${kb(file.gzip).padStart(7)} kB  ${file.url}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (isRunAsScript(import.meta.url)) main();
