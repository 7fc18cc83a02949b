// scripts/js-budget.ts reads Remix's browser manifest: a document preloads the entry and, for each
// route of the matched chain, its module and shared chunks, each counted once.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { firstLoadFiles, isEmptiedServerModule, readManifest } from "../../scripts/js-budget";

const dir = mkdtempSync(path.join(tmpdir(), "js-budget-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  "entry.client-A.js": "entry ".repeat(50),
  "_shared/react-B.js": "react ".repeat(400),
  "root-C.js": "root",
  "routes/_app-D.js": "app shell",
  "routes/_app.page-E.js": "page",
  "routes/_app.other-F.js": "x".repeat(5000),
};
mkdirSync(path.join(dir, "_shared"));
mkdirSync(path.join(dir, "routes"));
for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
const manifest = {
  url: "/build/manifest-0A1B2C.js",
  entry: { module: "/build/entry.client-A.js", imports: ["/build/_shared/react-B.js"] },
  routes: {
    root: { id: "root", path: "", module: "/build/root-C.js", imports: ["/build/_shared/react-B.js"] },
    "routes/_app": { id: "routes/_app", parentId: "root", module: "/build/routes/_app-D.js" },
    "routes/_app.page": { id: "routes/_app.page", parentId: "routes/_app", path: "page", module: "/build/routes/_app.page-E.js", imports: [] },
    "routes/_app.other": { id: "routes/_app.other", parentId: "routes/_app", path: "other", module: "/build/routes/_app.other-F.js" },
  },
};
const manifestSource = `window.__remixManifest=${JSON.stringify(manifest)};`;
writeFileSync(path.join(dir, "manifest-0A1B2C.js"), manifestSource);

describe("first-load JavaScript from the build manifest", () => {
  it("counts the manifest, the entry and the route chain's modules and chunks, each once, gzipped", () => {
    const loaded = firstLoadFiles(readManifest(dir), ["root", "routes/_app", "routes/_app.page"], dir);
    expect(loaded.map((file) => file.url).sort()).toEqual(
      ["/build/manifest-0A1B2C.js", "/build/_shared/react-B.js", "/build/entry.client-A.js", "/build/root-C.js", "/build/routes/_app-D.js", "/build/routes/_app.page-E.js"].sort(),
    );
    const react = loaded.find((file) => file.url.endsWith("react-B.js"))!;
    expect(react.raw).toBe(files["_shared/react-B.js"].length);
    expect(react.gzip).toBe(gzipSync(files["_shared/react-B.js"]).length);
    expect(loaded.find((file) => file.url.endsWith("manifest-0A1B2C.js"))!.raw).toBe(manifestSource.length);
  });

  it("refuses a route the manifest does not have", () => {
    expect(() => firstLoadFiles(readManifest(dir), ["root", "routes/nope"], dir)).toThrow(/Unknown route/);
  });

  it("tells a chunk of an emptied server module from a small real one", () => {
    // What Remix's compiler writes for `~/utils/auth.server` imported by two routes (minified).
    expect(isEmptiedServerModule('import{b as o}from"/build/_shared/chunk-T36URGAI.js";var p=o((r,e)=>{e.exports={}});export{p as a};\n')).toBe(true);
    expect(isEmptiedServerModule('var n=["pending","approved","rejected","cancelled"];function a(t){return typeof t=="string"&&n.includes(t)}export{n as a,a as b};')).toBe(false);
  });
});
