// What each engine's migration history describes, worked out from the SQLite history (which
// Prisma's wasm engine can introspect; its PostgreSQL introspection fails, decision 0029).
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { applySqliteMigrations, POSTGRESQL_MIGRATIONS_DIR, readMigrations, SQLITE_MIGRATIONS_DIR } from "../../app/utils/migrations.server";
import { openSqliteSchemaEngine } from "./schema-engine";
import { SQLITE_SCHEMA } from "./postgresql-schema";

/**
 * The PostgreSQL history starts with one baseline migration holding the whole schema of the SQLite
 * migrations written before PostgreSQL was wired; its header names them, one `-- covers <name>`
 * line each. Every later migration exists in both folders under the same name.
 */
export function sqliteMigrationsInBaseline(dir = POSTGRESQL_MIGRATIONS_DIR): string[] {
  const [baseline] = readMigrations(dir);
  if (!baseline) return [];
  return [...baseline.sql.matchAll(/^-- covers (\S+)$/gm)].map((match) => match[1]);
}

/** SQLite migrations that have no PostgreSQL twin yet (say, merged from a branch that had none). */
export function sqliteMigrationsWithoutTwin(): string[] {
  const covered = new Set([...sqliteMigrationsInBaseline(), ...readMigrations(POSTGRESQL_MIGRATIONS_DIR).map((m) => m.name)]);
  return readMigrations(SQLITE_MIGRATIONS_DIR)
    .map((m) => m.name)
    .filter((name) => !covered.has(name));
}

/** The datamodel (SQLite schema text) that the first `count` SQLite migrations leave behind. */
export async function sqliteModelAfter(count: number): Promise<string> {
  const scratch = mkdtempSync(path.join(tmpdir(), "migrate-"));
  try {
    const dir = path.join(scratch, "migrations");
    for (const migration of readMigrations(SQLITE_MIGRATIONS_DIR).slice(0, count)) {
      cpSync(path.join(SQLITE_MIGRATIONS_DIR, migration.name), path.join(dir, migration.name), { recursive: true });
    }
    const url = `file:${path.join(scratch, "history.db")}`;
    applySqliteMigrations(url, dir);
    const { engine } = await openSqliteSchemaEngine(SQLITE_SCHEMA, url);
    // The current schema only lends the introspection its generator, datasource and relation names.
    const content = readFileSync(SQLITE_SCHEMA, "utf8");
    const result = await engine.introspect({ schema: { files: [{ path: SQLITE_SCHEMA, content }] }, baseDirectoryPath: path.dirname(SQLITE_SCHEMA), force: false, compositeTypeDepth: -1, namespaces: null });
    return result.schema.files[0].content;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
