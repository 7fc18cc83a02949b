// prisma/schema.prisma is the one model source; Prisma 7 generates a client per provider, so the
// PostgreSQL twin (prisma/postgresql/schema.prisma) is this same text with the datasource and the
// client's output swapped. Nothing else may differ: no native types (@db.*), no provider-only
// features, so both engines store the same model (docs/decisions/0029-postgresql.md).
import path from "node:path";

export const SQLITE_SCHEMA = path.resolve("prisma/schema.prisma");
export const POSTGRESQL_SCHEMA = path.resolve("prisma/postgresql/schema.prisma");

const HEADER = [
  "// GENERATED from prisma/schema.prisma by `npm run prisma:generate` (scripts/lib/postgresql-schema.ts).",
  "// Do not edit: change prisma/schema.prisma, then run `npm run db:migration:new -- <name>`.",
  "",
  "",
].join("\n");

function swapOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const matches = text.match(new RegExp(pattern.source, "g")) ?? [];
  if (matches.length !== 1) throw new Error(`prisma/schema.prisma: expected exactly one ${what}, found ${matches.length}.`);
  return text.replace(pattern, replacement);
}

/** The PostgreSQL schema for the given SQLite schema text. */
export function postgresqlSchemaFrom(sqliteSchema: string): string {
  if (/@db\./.test(sqliteSchema)) throw new Error("prisma/schema.prisma: native types (@db.*) would make the engines differ; use Prisma's own types.");
  let text = swapOnce(sqliteSchema, /provider\s*=\s*"sqlite"/, 'provider = "postgresql"', 'provider = "sqlite"');
  text = swapOnce(text, /output\s*=\s*"\.\.\/app\/generated\/prisma"/, 'output       = "../../app/generated/prisma-postgresql"', 'output = "../app/generated/prisma"');
  return HEADER + text;
}
