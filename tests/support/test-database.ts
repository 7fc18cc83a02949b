// The database of one integration test file: a copy of the run's migrated template, a SQLite file
// or (TEST_DB=postgresql) a database in the run's throwaway cluster (template-database-setup.ts).
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { throughPgbouncer } from "./pgbouncer";

export const testEngine: "sqlite" | "postgresql" = process.env.TEST_DB === "postgresql" ? "postgresql" : "sqlite";

export interface TestDatabase {
  /** What the app connects to: through the run's PgBouncer when there is one (TEST_PGBOUNCER=1). */
  url: string;
  /** Straight to the database, for what needs a session of its own (pg_dump, pg_restore). */
  directUrl: string;
  drop(): Promise<void>;
}

async function onCluster(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database of the engine under test: migrated, or empty for tests of the migration runner.
 * A migrated one is a copy of the run's template (migrated once per run).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testEngine === "postgresql") {
    const cluster = inject("postgresql");
    if (!cluster) throw new Error("TEST_DB=postgresql but no cluster was started (tests/support/template-database-setup.ts).");
    const name = `test_${randomUUID().replace(/-/g, "")}`;
    await onCluster(cluster.adminUrl, `CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${cluster.template}` : ""}`);
    const directUrl = cluster.adminUrl.replace(/\/postgres$/, `/${name}`);
    return {
      url: cluster.pgbouncer ? throughPgbouncer(directUrl, cluster.pgbouncer.port) : directUrl,
      directUrl,
      drop: () => onCluster(cluster.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = path.resolve("tests/.tmp/integration");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.db`);
  const url = `file:${file}`;
  if (migrated) {
    const template = inject("sqliteTemplate");
    if (!template) throw new Error("No migrated SQLite template for this run (tests/support/template-database-setup.ts).");
    copyFileSync(template, file);
  }
  return {
    url,
    directUrl: url,
    drop: async () => {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
    },
  };
}
