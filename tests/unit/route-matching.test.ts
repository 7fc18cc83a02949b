// The route matcher is patched to flatten and rank a routes array once and to compile each path
// once (patches/@remix-run+router+*.patch, docs/decisions/0031-server-render-speed.md): matches
// must stay those of the unpatched matcher, whatever order the paths come in.
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

  it("is the patched matcher that the server loads", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("rankedBranches.get(routes)");
  });
});
