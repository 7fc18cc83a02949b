import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";
import { type Prisma as PostgresqlPrisma, PrismaClient as PostgresqlPrismaClient } from "~/generated/prisma-postgresql/client";
import { databaseEngine, sqliteFilePath } from "./database-url";
import { getEnv } from "./env.server";
import { createPostgresqlAdapter } from "./postgresql-adapter.server";
import { createSqliteAdapter } from "./sqlite-adapter.server";

/** The app's client, or a transaction's: what a read that may belong to a transaction is given. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

interface DbOptions {
  /** The client's query events (tests count a page's statements with them). */
  logQueries?: boolean;
  /** Lets a test see (or alter) every statement and transaction, on either engine. */
  wrapAdapter?: (adapter: SqlDriverAdapter) => SqlDriverAdapter;
  /** PostgreSQL: connections this client's pool keeps at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

function wrapped(factory: SqlDriverAdapterFactory, wrap: DbOptions["wrapAdapter"]): SqlDriverAdapterFactory {
  if (!wrap) return factory;
  return { provider: factory.provider, adapterName: factory.adapterName, connect: async () => wrap(await factory.connect()) };
}

export function createDb(url: string, options: DbOptions = {}): PrismaClient {
  const log = options.logQueries ? [{ emit: "event" as const, level: "query" as const }] : [];
  const adapterOf = (factory: SqlDriverAdapterFactory) => wrapped(factory, options.wrapAdapter);
  if (databaseEngine(url) === "postgresql") {
    // Both clients are generated from the same models (prisma/postgresql/schema.prisma is made from
    // prisma/schema.prisma); the PostgreSQL one only adds options SQLite lacks (isolation levels,
    // `mode: "insensitive"`), which the app does not use. So the app types every client as the
    // SQLite one and imports its types from ~/generated/prisma only (decision 0029).
    // A transaction starts by waiting for the one-writer lock (decision 0029), and Prisma counts
    // that wait in the transaction's time: its 5 s default made writes fail (P2028) when several
    // processes wrote at once on a busy machine.
    const transactionOptions = { maxWait: 10_000, timeout: 20_000 };
    return new PostgresqlPrismaClient({ adapter: adapterOf(createPostgresqlAdapter(url, options.poolSize)), log, transactionOptions }) as unknown as PrismaClient;
  }
  return new PrismaClient({ adapter: adapterOf(createSqliteAdapter(sqliteFilePath(url))), log });
}

// One client per process; kept on globalThis so module reloads in development reuse it.
const globalForDb = globalThis as unknown as { __db?: PrismaClient };

export function getDb(): PrismaClient {
  if (!globalForDb.__db) {
    const { DATABASE_URL, DATABASE_POOL_SIZE } = getEnv();
    globalForDb.__db = createDb(DATABASE_URL, { poolSize: DATABASE_POOL_SIZE });
  }
  return globalForDb.__db;
}

/** Lets tests and scripts point the app at their own database. */
export function setDb(db: PrismaClient) {
  globalForDb.__db = db;
}

// Compile-time proof behind that cast: every model has the same fields of the same types in both.
type Scalars<Map extends { model: Record<string, { payload: { scalars: unknown } }> }> = { [M in keyof Map["model"]]: Map["model"][M]["payload"]["scalars"] };
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameModels: Same<Scalars<Prisma.TypeMap>, Scalars<PostgresqlPrisma.TypeMap>> = true;
void sameModels;
