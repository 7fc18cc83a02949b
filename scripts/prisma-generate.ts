// `prisma generate` without network: the CLI only wants PRISMA_SCHEMA_ENGINE_BINARY to name an
// existing file so it skips downloading the native engine; generate never runs it.
// Two clients from one model source: prisma/schema.prisma (SQLite) and its PostgreSQL twin,
// written here first (scripts/lib/postgresql-schema.ts, docs/decisions/0029-postgresql.md).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { POSTGRESQL_SCHEMA, postgresqlSchemaFrom, SQLITE_SCHEMA } from "./lib/postgresql-schema";

const require = createRequire(import.meta.url);
const prismaCli = path.join(path.dirname(require.resolve("prisma/package.json")), "build/index.js");

mkdirSync(path.dirname(POSTGRESQL_SCHEMA), { recursive: true });
writeFileSync(POSTGRESQL_SCHEMA, postgresqlSchemaFrom(readFileSync(SQLITE_SCHEMA, "utf8")));

for (const [schema, clientDir] of [
  [SQLITE_SCHEMA, "app/generated/prisma"],
  [POSTGRESQL_SCHEMA, "app/generated/prisma-postgresql"],
] as const) {
  const result = spawnSync(process.execPath, [prismaCli, "generate", "--schema", path.relative(process.cwd(), schema)], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.exit(result.status ?? 1);
  }
  await loadQueryCompilerFromFile(clientDir);
}

// The generated client loads its query compiler from a module that holds the WebAssembly as a
// 2 MB base64 string, kept in the heap twice (module source and value) for the life of the
// process. Write the binary beside the client and read it from there instead: 4 MB less memory
// per process (bench/README.md). The server, scripts and tests all run from the project root.
async function loadQueryCompilerFromFile(clientDir: string) {
  const classFile = path.resolve(clientDir, "internal/class.ts");
  const wasmFile = `${clientDir}/query-compiler.wasm`;
  const source = readFileSync(classFile, "utf8");
  const loader = /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_\w+\.(?:sqlite|postgresql)\.wasm-base64\.mjs)"\)\s*return await decodeBase64AsWasm\(wasm\)/;
  const match = loader.exec(source);
  if (!match) {
    console.warn(`prisma-generate: the query compiler loader in ${classFile} has changed; it still works, from base64.`);
    return;
  }
  const { wasm } = (await import(match[1])) as { wasm: string };
  writeFileSync(path.resolve(wasmFile), Buffer.from(wasm, "base64"));
  const replacement = `const { readFileSync } = await import("node:fs")
    return new WebAssembly.Module(readFileSync(${JSON.stringify(wasmFile)}))`;
  writeFileSync(classFile, source.replace(loader, replacement));
}
