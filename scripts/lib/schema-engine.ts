// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), driven through a
// driver adapter. The prisma CLI would download a native engine, which is impossible offline; see
// docs/decisions/0003-offline-migrations.md and 0029-postgresql.md.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);

export const NO_FILTERS = { externalTables: [], externalEnums: [] };

type Bindings = { SchemaEngine: { new: (...args: unknown[]) => Promise<SchemaEngine> } };
let bindings: Promise<Bindings> | undefined;

/** The module is instantiated once per process: its JS glue holds one instance, shared by every engine. */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    // A Rust panic is reported through this global; without it the message is lost.
    const registry = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
    registry.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (message) => console.error(`schema engine panic: ${message}`) };
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = await import(bgPath);
    const bytes = await readFile(path.join(path.dirname(bgPath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg as Bindings;
  })();
  return bindings;
}

async function newEngine(schemaPath: string, content: string, adapter: SqlMigrationAwareDriverAdapterFactory) {
  const bg = await loadBindings();
  const logs: string[] = [];
  const bound = bindMigrationAwareSqlAdapterFactory(adapter);
  const engine: SchemaEngine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, content]] }, (line: string) => logs.push(line), bound);
  return { engine, logs, content, adapter: bound };
}

export async function openSqliteSchemaEngine(schemaPath: string, databaseUrl = ":memory:") {
  return newEngine(schemaPath, await readFile(schemaPath, "utf8"), new PrismaBetterSqlite3({ url: databaseUrl }));
}

/**
 * A PostgreSQL engine with no database behind it: on start it asks the server's version and
 * creates the "public" schema; a diff between two datamodels reads nothing else. So an adapter
 * that answers every statement with nothing is enough, and no server is needed to write a migration.
 */
export async function openPostgresqlSchemaEngine(schemaPath: string, content?: string) {
  const nothing: SqlDriverAdapter = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    queryRaw: async () => ({ columnNames: [], columnTypes: [], rows: [] }),
    executeRaw: async () => 0,
    executeScript: async () => undefined,
    startTransaction: () => Promise.reject(new Error("no database: datamodel diffs only")),
    dispose: async () => undefined,
  };
  const offline: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: async () => nothing,
    connectToShadowDb: async () => nothing,
  };
  return newEngine(schemaPath, content ?? (await readFile(schemaPath, "utf8")), offline);
}

/** The SQL script from one PostgreSQL datamodel to another ("" when they describe the same tables). */
export async function postgresqlDiff(schemaPath: string, from: string | null, to: string): Promise<string> {
  const { engine } = await openPostgresqlSchemaEngine(schemaPath, to);
  const result = await engine.diff({
    from: from === null ? { tag: "empty" } : { tag: "schemaDatamodel", files: [{ path: schemaPath, content: from }] },
    to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: to }] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  return emptyIfNoChange(result.stdout ?? "");
}

export function emptyIfNoChange(sql: string): string {
  const trimmed = sql.trim();
  return /^-- This is an empty migration\.?$/.test(trimmed) ? "" : trimmed;
}

/**
 * The engine reads PostgreSQL's catalogs, whose columns have internal types ("char", name, oid)
 * that @prisma/adapter-pg refuses ("Column type 'char' could not be deserialized"). They are text
 * and a number: this pool says so, and introspection works.
 */
function catalogReadingPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: typeof query }).query = (...args) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.then((value: pg.QueryResult) => {
      for (const field of value.fields ?? []) {
        if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
        else if (field.dataTypeID === 26) field.dataTypeID = 20;
      }
      return value;
    });
  };
  return pool;
}

type Engine = Awaited<ReturnType<typeof newEngine>>["engine"];

/** The SQL that takes the engine's database to the schema ("" when it is there already). */
async function databaseToSchema(engine: Engine, schemaPath: string, content: string): Promise<string> {
  const result = await engine.diff({
    from: { tag: "schemaDatasource", files: [{ path: schemaPath, content }], configDir: path.dirname(schemaPath) },
    to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content }] },
    script: true,
    exitCode: null,
    filters: NO_FILTERS,
  });
  return emptyIfNoChange(result.stdout ?? "");
}

/** The SQL that would take the SQLite database at `databaseUrl` to the schema ("" when it is there). */
export async function sqliteDatabaseDiff(schemaPath: string, databaseUrl: string): Promise<string> {
  const { engine, content } = await openSqliteSchemaEngine(schemaPath, databaseUrl);
  return databaseToSchema(engine, schemaPath, content);
}

/** The SQL that would take the PostgreSQL database at `url` to the schema ("" when it is there). */
export async function postgresqlDatabaseDiff(schemaPath: string, url: string): Promise<string> {
  const pool = catalogReadingPool(url);
  try {
    const { engine, content } = await newEngine(schemaPath, await readFile(schemaPath, "utf8"), new PrismaPg(pool));
    return await databaseToSchema(engine, schemaPath, content);
  } finally {
    await pool.end();
  }
}
