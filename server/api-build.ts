// The /api calls get a request handler of their own, whose build holds only the API's routes
// (decision 0107). React Router flattens, ranks and walks every route of a build for each match,
// twice a call, and the operations' splat ranks below every page: through the whole app's build,
// finding an operation cost ~0.45 ms a match, against ~0.01 ms among the API's routes alone.
// The app's build stays as Remix made it; this is another ServerBuild object over the same modules.
import type { ServerBuild } from "@remix-run/node";

type Routes = ServerBuild["routes"];

/** A route's whole path from the root, as React Router joins it ("api/*"). */
function fullPath(routes: Routes, id: string): string {
  const route = routes[id];
  const parent = route.parentId ? fullPath(routes, route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

/** "/api/docs/" and "/API/docs" are "/api/docs": routes match case-insensitively, trailing slashes allowed. */
const normalized = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

export interface ApiHandling {
  /** The app's build with the resource routes under /api and their ancestors only. */
  build: ServerBuild;
  /** Whether a request path is the API's: under /api, and not one of the pages there (the docs). */
  serves: (path: string) => boolean;
}

/**
 * What the API's handler serves. Any path under /api matches a route under /api in the whole build
 * (the operations' splat outranks the not-found splat), so among those routes it matches the same
 * one. A route whose path starts with a parameter (":lang/feed") could outrank the splat for an
 * /api path, so a build with one is refused. The pages under /api (routes with a component,
 * rendered with the whole app's route modules) stay with the app's handler.
 */
export function apiHandlingOf(build: ServerBuild): ApiHandling {
  const firstSegments = Object.keys(build.routes).map((id) => [id, fullPath(build.routes, id).split("/")[0]] as const);
  const rival = firstSegments.find(([, segment]) => segment.startsWith(":"));
  if (rival) throw new Error(`The route ${rival[0]} starts with a parameter and may match /api paths: server/api-build.ts assumes none does.`);
  const underApi = Object.keys(build.routes).filter((id) => normalized(`/${fullPath(build.routes, id)}`).split("/")[1] === "api");
  const isPage = (id: string) => typeof build.routes[id].module.default === "function";
  const pagePaths = new Set(
    underApi.filter(isPage).map((id) => {
      const path = `/${fullPath(build.routes, id)}`;
      // A page with a parameter would need matching here; none has one.
      if (/[:*]/.test(path)) throw new Error(`The page ${id} under /api has a parameter: server/api-build.ts matches pages by their path only.`);
      return normalized(path);
    }),
  );
  const kept = new Set<string>();
  for (const id of underApi.filter((id) => !isPage(id))) {
    for (let at: string | undefined = id; at && !kept.has(at); at = build.routes[at].parentId) kept.add(at);
  }
  return {
    build: { ...build, routes: Object.fromEntries(Object.entries(build.routes).filter(([id]) => kept.has(id))) },
    serves: (path) => /^\/api(\/|$)/i.test(path) && !pagePaths.has(normalized(path)),
  };
}
