// The SQLite driver adapter is patched to prepare each SQL text once per connection and run it
// with each query's own arguments (patches/@prisma+adapter-better-sqlite3+*.patch, decision 0031):
// the same statement, run again with other arguments, must answer for those arguments, inside and
// outside transactions, and a failed query must not poison the next one.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { createCompany } from "../support/factories";

describe("prepared statements reused across queries", () => {
  it("answers each query for its own arguments", async () => {
    const db = getDb();
    const a = await createCompany("Statement A");
    const b = await createCompany("Statement B");
    for (let round = 0; round < 3; round++) {
      expect((await db.company.findUniqueOrThrow({ where: { id: a.id }, select: { name: true } })).name).toBe("Statement A");
      expect((await db.company.findUniqueOrThrow({ where: { id: b.id }, select: { name: true } })).name).toBe("Statement B");
    }
    await db.$transaction(async (tx) => {
      await tx.company.update({ where: { id: a.id }, data: { name: "Statement A2" } });
      expect((await tx.company.findUniqueOrThrow({ where: { id: a.id }, select: { name: true } })).name).toBe("Statement A2");
      expect((await tx.company.findUniqueOrThrow({ where: { id: b.id }, select: { name: true } })).name).toBe("Statement B");
    });
    await expect(db.company.create({ data: { id: a.id, name: "Duplicate" } })).rejects.toThrow();
    expect((await db.company.findUniqueOrThrow({ where: { id: a.id }, select: { name: true } })).name).toBe("Statement A2");
    expect(await db.company.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
  });

  it("is the patched adapter that Node loads", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@prisma/adapter-better-sqlite3").replace(/index\.js$/, "index.mjs");
    expect(readFileSync(file, "utf8")).toContain("preparedStatement(this.client, query.sql)");
  });
});
