// Each engine's migration history ends exactly at the schema: Prisma's schema engine, asked for the
// SQL from a freshly migrated database to prisma/schema.prisma (or its PostgreSQL twin), says there
// is nothing to do. A migration missing from either folder, or a hand edit, fails here.
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyPostgresqlMigrations, applySqliteMigrations } from "~/utils/migrations.server";
import { postgresqlDatabaseDiff, sqliteDatabaseDiff } from "../../scripts/lib/schema-engine";
import { POSTGRESQL_SCHEMA, SQLITE_SCHEMA } from "../../scripts/lib/postgresql-schema";
import { createTestDatabase, testEngine } from "../support/test-database";

const scratch = mkdtempSync(path.resolve("tests/.tmp/match-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the migrations", () => {
  it("of SQLite build the schema of prisma/schema.prisma", async () => {
    const url = `file:${path.join(scratch, "sqlite.db")}`;
    applySqliteMigrations(url);
    expect(await sqliteDatabaseDiff(SQLITE_SCHEMA, url)).toBe("");
  });

  it.runIf(testEngine === "postgresql")("of PostgreSQL build the schema of prisma/postgresql/schema.prisma", async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      await applyPostgresqlMigrations(database.url);
      expect(await postgresqlDatabaseDiff(POSTGRESQL_SCHEMA, database.url)).toBe("");
      // And the check sees a difference when there is one.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`DROP INDEX "User_teamId_idx"`);
      await client.end();
      expect(await postgresqlDatabaseDiff(POSTGRESQL_SCHEMA, database.url)).toContain(`CREATE INDEX "User_teamId_idx"`);
    } finally {
      await database.drop();
    }
  });
});
