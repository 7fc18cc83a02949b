// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), driven through a
// driver adapter. The prisma CLI would download a native engine, which is impossible offline; see
// docs/decisions/0003-offline-migrations.md.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);

export async function openSqliteSchemaEngine(schemaPath: string, databaseUrl = ":memory:") {
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const pkgDir = path.dirname(bgPath);
  const bg = await import(bgPath);
  const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();

  const content = await readFile(schemaPath, "utf8");
  const logs: string[] = [];
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaBetterSqlite3({ url: databaseUrl }));
  const engine: SchemaEngine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, content]] },
    (line: string) => logs.push(line),
    adapter,
  );
  return { engine, logs, content, adapter };
}
