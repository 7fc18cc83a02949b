import { PrismaClient } from "~/generated/prisma/client";
import { databaseEngine, sqliteFilePath } from "./database-url";
import { getEnv } from "./env.server";
import { createSqliteAdapter } from "./sqlite-adapter.server";

export function createDb(url: string, options: { logQueries?: boolean } = {}): PrismaClient {
  if (databaseEngine(url) !== "sqlite") {
    // The generated client is built for one provider; a PostgreSQL client is generated from
    // prisma/postgresql/schema.prisma when that engine is wired (docs/decisions/0002-data-model.md).
    throw new Error("PostgreSQL is not wired yet: use a file: DATABASE_URL for now.");
  }
  const adapter = createSqliteAdapter(sqliteFilePath(url));
  return new PrismaClient({
    adapter,
    log: options.logQueries ? [{ emit: "event", level: "query" }] : [],
  });
}

// One client per process; kept on globalThis so module reloads in development reuse it.
const globalForDb = globalThis as unknown as { __db?: PrismaClient };

export function getDb(): PrismaClient {
  globalForDb.__db ??= createDb(getEnv().DATABASE_URL);
  return globalForDb.__db;
}

/** Lets tests and scripts point the app at their own database. */
export function setDb(db: PrismaClient) {
  globalForDb.__db = db;
}
