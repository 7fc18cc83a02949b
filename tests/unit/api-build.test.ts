import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { describe, expect, it } from "vitest";
import { apiHandlingOf } from "../../server/api-build";

// A build shaped as the app's: a root, a pathless layout with its pages, the API's splat and docs
// page, other resource routes and the not-found splat. Each resource route's loader answers its id.
const Page = () => null;
const answer = (id: string) => () => Response.json({ route: id });
const route = (id: string, fields: { parentId?: string; path?: string; index?: boolean }, page: boolean) => ({
  id,
  ...fields,
  module: page ? { default: Page, loader: answer(id) } : { loader: answer(id) },
});
const routes = Object.fromEntries(
  [
    route("root", { path: "" }, true),
    route("routes/_app", { parentId: "root" }, true),
    route("routes/_app.my-calendar", { parentId: "routes/_app", path: "my-calendar" }, true),
    route("routes/_app._index", { parentId: "routes/_app", index: true }, true),
    route("routes/api.$", { parentId: "root", path: "api/*" }, false),
    route("routes/api.docs", { parentId: "root", path: "api/docs" }, true),
    route("routes/feeds.$file", { parentId: "root", path: "feeds/:file" }, false),
    route("routes/people.$userId.summary", { parentId: "routes/_app", path: "people/:userId/summary" }, false),
    route("routes/$", { parentId: "root", path: "*" }, true),
  ].map((r) => [r.id, r]),
);
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("page") } },
  routes,
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "1" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

const api = apiHandlingOf(build);

describe("the API's handler (decision 0107)", () => {
  it("serves /api and below, in any case, but not the pages there", () => {
    for (const path of ["/api", "/api/", "/api/vacations/search", "/API/Users/me", "/api/docs/more", "/api/feeds/x"]) expect(api.serves(path), path).toBe(true);
    for (const path of ["/api/docs", "/api/docs/", "/API/Docs", "/apix", "/my-calendar", "/", "/en/feed"]) expect(api.serves(path), path).toBe(false);
  });

  it("keeps the resource routes under /api and their ancestors only", () => {
    expect(Object.keys(api.build.routes).sort()).toEqual(["root", "routes/api.$"]);
  });

  it("answers each path it serves from the route the whole build answers it from", async () => {
    const whole = createRequestHandler(build, "production");
    const own = createRequestHandler(api.build, "production");
    const routeOf = async (handler: typeof whole, path: string) => ((await (await handler(new Request(`http://x${path}`))).json()) as { route: string }).route;
    for (const path of ["/api", "/api/vacations/search", "/API/vacations/abc/changes/def/approve", "/api/docs/more", "/api/feeds/x", "/api/people/1/summary", "/api/x/y/z/w/v/u"]) {
      expect(api.serves(path)).toBe(true);
      expect(await routeOf(own, path), path).toBe(await routeOf(whole, path));
    }
  });

  it("refuses a build with a route whose path starts with a parameter, which could outrank the API's splat", () => {
    const rival = route("routes/$lang.feed", { parentId: "root", path: ":lang/feed" }, false);
    expect(() => apiHandlingOf({ ...build, routes: { ...routes, [rival.id]: rival } } as unknown as ServerBuild)).toThrow(/routes\/\$lang.feed starts with a parameter/);
  });
});
