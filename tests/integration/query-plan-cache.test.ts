// Prisma's client is patched to keep each node of its parameterization graph as a Map of edges
// (patches/@prisma+client+*.patch, decision 0049): the unpatched client kept them as objects with
// sparse integer keys, ~7 MB of mostly holes in every process. The graph is what lets a query of
// the same shape with other values reuse its compiled plan, so a broken graph does not fail any
// query: it only makes every query compile again. Prisma's own debug log says which happened.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/utils/db.server";
import { createCompany } from "../support/factories";

const debugGlobal = globalThis as { DEBUG?: string };
const savedDebug = debugGlobal.DEBUG;

afterEach(() => {
  debugGlobal.DEBUG = savedDebug;
  vi.restoreAllMocks();
});

describe("Prisma's query plan cache", () => {
  it("reuses a query's plan for other values of the same shape", async () => {
    const db = getDb();
    const a = await createCompany("Plan A");
    const b = await createCompany("Plan B");
    // The first query of this shape may compile; the next, with another id, must not.
    expect((await db.company.findUniqueOrThrow({ where: { id: a.id }, select: { name: true } })).name).toBe("Plan A");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    debugGlobal.DEBUG = "prisma:client:clientEngine";
    expect((await db.company.findUniqueOrThrow({ where: { id: b.id }, select: { name: true } })).name).toBe("Plan B");
    const messages = warn.mock.calls.map((call) => call.map(String).join(" "));
    expect(messages.some((message) => message.includes("query plan cache hit"))).toBe(true);
    expect(messages.some((message) => message.includes("query plan cache miss"))).toBe(false);
  });

  it("is the patched client that Node loads", () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve("@prisma/client/runtime/client"), "utf8");
    expect(source).toContain("let o=n.edges.get(i);");
    expect(source).not.toContain("let o=n.edges[i];");
  });
});
