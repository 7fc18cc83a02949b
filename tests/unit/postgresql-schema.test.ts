// One model source for two engines (docs/decisions/0029-postgresql.md): the PostgreSQL schema is
// generated from prisma/schema.prisma, and both migration histories move in step.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRESQL_MIGRATIONS_DIR, readMigrations, SQLITE_MIGRATIONS_DIR } from "~/utils/migrations.server";
import { sqliteMigrationsInBaseline, sqliteMigrationsWithoutTwin } from "../../scripts/lib/migration-history";
import { POSTGRESQL_SCHEMA, postgresqlSchemaFrom, SQLITE_SCHEMA } from "../../scripts/lib/postgresql-schema";

describe("the PostgreSQL schema", () => {
  it("is prisma/schema.prisma with the datasource and client output swapped (run `npm run prisma:generate` when this fails)", () => {
    expect(readFileSync(POSTGRESQL_SCHEMA, "utf8")).toBe(postgresqlSchemaFrom(readFileSync(SQLITE_SCHEMA, "utf8")));
  });

  it("differs from the SQLite one in nothing but those two lines and its header", () => {
    const sqlite = readFileSync(SQLITE_SCHEMA, "utf8").split("\n");
    const postgresql = readFileSync(POSTGRESQL_SCHEMA, "utf8").split("\n");
    const header = postgresql.findIndex((line) => !line.startsWith("//") && line.trim() !== "");
    const body = postgresql.slice(postgresql.indexOf(sqlite[0]));
    expect(header).toBeGreaterThan(0);
    expect(body).toHaveLength(sqlite.length);
    const changed = body.flatMap((line, i) => (line === sqlite[i] ? [] : [[sqlite[i].trim(), line.trim()]]));
    expect(changed).toEqual([
      ['output       = "../app/generated/prisma"', 'output       = "../../app/generated/prisma-postgresql"'],
      ['provider = "sqlite"', 'provider = "postgresql"'],
    ]);
  });

  it("refuses native types, which would make the two engines store different things", () => {
    const withNative = readFileSync(SQLITE_SCHEMA, "utf8").replace("name                String\n", "name                String @db.VarChar(80)\n");
    expect(() => postgresqlSchemaFrom(withNative)).toThrow(/native types/);
  });
});

describe("the two migration histories", () => {
  it("give every SQLite migration a PostgreSQL twin or a place in the baseline (else run `npm run db:migration:new -- <name>`)", () => {
    expect(sqliteMigrationsInBaseline().length).toBeGreaterThan(0);
    expect(sqliteMigrationsWithoutTwin()).toEqual([]);
  });

  it("give every PostgreSQL migration after the baseline a SQLite twin of the same name", () => {
    const sqlite = new Set(readMigrations(SQLITE_MIGRATIONS_DIR).map((m) => m.name));
    const [, ...later] = readMigrations(POSTGRESQL_MIGRATIONS_DIR);
    expect(later.map((m) => m.name).filter((name) => !sqlite.has(name))).toEqual([]);
  });

  it("each say which engine they are for, as Prisma expects", () => {
    const provider = (dir: string) => /provider = "(\w+)"/.exec(readFileSync(path.join(dir, "migration_lock.toml"), "utf8"))?.[1];
    expect(provider(SQLITE_MIGRATIONS_DIR)).toBe("sqlite");
    expect(provider(POSTGRESQL_MIGRATIONS_DIR)).toBe("postgresql");
  });
});
