// Applies pending migrations, one folder per engine (prisma/migrations for SQLite,
// prisma/postgresql/migrations for PostgreSQL), keeping Prisma's own `_prisma_migrations`
// bookkeeping (same table, same sha256 checksum), so `prisma migrate deploy` on a machine with
// internet sees the same history. See docs/decisions/0003-offline-migrations.md and 0029.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseEngine, sqliteFilePath } from "./database-url";
import { ADVISORY_LOCKS } from "./postgresql-adapter.server";

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export const SQLITE_MIGRATIONS_DIR = path.resolve("prisma/migrations");
export const POSTGRESQL_MIGRATIONS_DIR = path.resolve("prisma/postgresql/migrations");

/** The migrations of `dir` not yet applied, given what the database recorded; refuses edited ones. */
function pendingMigrations(dir: string, done: { migration_name: string; checksum: string }[]): Migration[] {
  const doneByName = new Map(done.map((row) => [row.migration_name, row.checksum]));
  return readMigrations(dir).filter((migration) => {
    const known = doneByName.get(migration.name);
    if (known === undefined) return true;
    if (known !== migration.checksum) throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead.`);
    return false;
  });
}

/** Applies the pending migrations of the engine DATABASE_URL names; returns the names applied. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  return databaseEngine(databaseUrl) === "postgresql" ? applyPostgresqlMigrations(databaseUrl) : applySqliteMigrations(databaseUrl);
}

/** Applies every migration not yet recorded; returns the names applied. */
export function applySqliteMigrations(databaseUrl: string, dir = SQLITE_MIGRATIONS_DIR): string[] {
  const file = sqliteFilePath(databaseUrl);
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // Before anything that locks (the journal mode included): a second process starting beside one
    // that is migrating waits for it, and a long migration on a large file (or a busy machine) can
    // hold the lock for far longer than a request's 5 s.
    db.pragma("busy_timeout = 120000");
    db.pragma("journal_mode = WAL");
    db.exec(MIGRATIONS_TABLE);
    const applied: string[] = [];
    // A table rebuild (what the generator writes when a column or relation changes: CREATE new_X,
    // copy, DROP X, RENAME) must not fire the foreign keys: DROP TABLE would cascade-delete or
    // null every child row. Its own `PRAGMA foreign_keys=OFF` is ignored inside a transaction, so
    // foreign keys go off on the connection before BEGIN, and are checked as a whole before COMMIT.
    db.pragma("foreign_keys = OFF");
    // BEGIN IMMEDIATE takes the write lock first, so two processes starting together apply each
    // migration once: the second waits, then sees the first one's rows.
    const runPending = db.transaction(() => {
      const done = db
        .prepare(`SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`)
        .all() as { migration_name: string; checksum: string }[];
      for (const migration of pendingMigrations(dir, done)) {
        const startedAt = Date.now();
        db.exec(migration.sql);
        db.prepare(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)`,
        ).run(randomUUID(), migration.checksum, Date.now(), migration.name, startedAt);
        applied.push(migration.name);
      }
      if (applied.length) refuseForeignKeyViolations(db, applied);
    });
    try {
      runPending.immediate();
    } finally {
      db.pragma("foreign_keys = ON");
    }
    return applied;
  } finally {
    db.close();
  }
}

/** Throws (so the transaction rolls back) when a row points at a parent that is not there. */
function refuseForeignKeyViolations(db: Database.Database, applied: string[]) {
  const violations = db.pragma("foreign_key_check") as { table: string; parent: string }[];
  if (!violations.length) return;
  const counts = new Map<string, number>();
  for (const { table, parent } of violations) {
    const key = `${table} → ${parent}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const detail = [...counts].map(([key, count]) => `${key}: ${count} row(s)`).join("; ");
  throw new Error(
    `Migrations rolled back (${applied.join(", ")}): rows would point at missing parents (${detail}). ` +
      `Fix the migration so every foreign key still finds its row.`,
  );
}

// Prisma's own PostgreSQL definition of the table, as `prisma migrate deploy` creates it.
const POSTGRESQL_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * PostgreSQL: all pending migrations in one transaction (DDL is transactional there, so a failing
 * one leaves nothing half-applied), after an advisory lock, the key `prisma migrate deploy` takes
 * too: instances starting together wait for the first one and then find nothing to do. Foreign
 * keys need no special care: PostgreSQL alters tables in place and checks each new constraint.
 */
export async function applyPostgresqlMigrations(databaseUrl: string, dir = POSTGRESQL_MIGRATIONS_DIR): Promise<string[]> {
  // Loaded here: a SQLite installation never needs the PostgreSQL driver in memory.
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.migrations})`);
    await client.query(POSTGRESQL_MIGRATIONS_TABLE);
    const { rows: done } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const applied: string[] = [];
    for (const migration of pendingMigrations(dir, done)) {
      const startedAt = new Date();
      await client.query(migration.sql);
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, $4, 1)`,
        [randomUUID(), migration.checksum, migration.name, startedAt],
      );
      applied.push(migration.name);
    }
    await client.query("COMMIT");
    return applied;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
