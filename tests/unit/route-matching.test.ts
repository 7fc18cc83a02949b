// The route matcher is patched to flatten and rank a routes array once, to compile each path
// once, and to remember each path's matches (patches/@remix-run+router+*.patch, decisions 0031
// and 0037): matches must stay those of the unpatched matcher, whatever order the paths come in,
// and what one caller does to its matches must not reach the next caller.
import { matchRoutes } from "@remix-run/router";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "login", path: "login" },
      {
        id: "app",
        children: [
          { id: "people", path: "people" },
          { id: "person", path: "people/:userId" },
          { id: "person-summary", path: "people/:userId/summary" },
          { id: "reports", path: "reports", children: [{ id: "reports-index", index: true }] },
          { id: "splat", path: "*" },
        ],
      },
    ],
  },
];

const idsOf = (path: string) => matchRoutes(routes, path)?.map((match) => match.route.id) ?? null;

describe("route matching (patched to remember ranked branches and compiled paths)", () => {
  it("gives each path its own routes, in any order and repeatedly", () => {
    for (let round = 0; round < 3; round++) {
      expect(idsOf("/people/u1/summary")).toEqual(["root", "app", "person-summary"]);
      expect(idsOf("/people")).toEqual(["root", "app", "people"]);
      expect(idsOf("/login")).toEqual(["root", "login"]);
      expect(idsOf("/reports")).toEqual(["root", "app", "reports", "reports-index"]);
      expect(idsOf("/nowhere/else")).toEqual(["root", "app", "splat"]);
      expect(matchRoutes(routes, "/people/u2")?.at(-1)?.params).toEqual({ userId: "u2" });
    }
  });

  it("gives every caller matches of its own, with one params object per answer as the matcher makes them", () => {
    const first = matchRoutes(routes, "/people/u3/summary")!;
    expect(first.map((match) => match.pathname)).toEqual(["/", "/", "/people/u3/summary"]);
    expect(first[0].params).toBe(first[2].params);
    (first[2].params as Record<string, string>).userId = "changed";
    first[2].pathname = "/changed";
    const second = matchRoutes(routes, "/people/u3/summary")!;
    expect(second).not.toBe(first);
    expect(second[2].params).toEqual({ userId: "u3" });
    expect(second[2].pathname).toBe("/people/u3/summary");
    expect(second[2].route).toBe(first[2].route);
    expect(matchRoutes(routes, "/people/u4/summary")?.at(-1)?.params).toEqual({ userId: "u4" });
  });

  it("keeps answering right past the number of paths it remembers", () => {
    for (let i = 0; i < 1200; i++) expect(matchRoutes(routes, `/people/p${i}`)?.at(-1)?.params).toEqual({ userId: `p${i}` });
    expect(idsOf("/people/p5/summary")).toEqual(["root", "app", "person-summary"]);
    expect(idsOf("/login")).toEqual(["root", "login"]);
  });

  it("is the patched matcher that the server loads", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    const source = readFileSync(file, "utf8");
    expect(source).toContain("rankedBranches.get(routes)");
    expect(source).toContain("rememberedMatches.get(routes)");
  });
});
