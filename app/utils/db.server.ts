import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";
import { type Prisma, PrismaClient } from "~/generated/prisma/client";
import { type Prisma as PostgresqlPrisma, PrismaClient as PostgresqlPrismaClient } from "~/generated/prisma-postgresql/client";
import { databaseEngine, sqliteFilePath } from "./database-url";
import { getEnv } from "./env.server";
import { createPostgresqlAdapter } from "./postgresql-adapter.server";
import { LeftToTheClient, rowsOf, statementFor } from "./raw-rows.server";
import { createSqliteAdapter } from "./sqlite-adapter.server";

/** The app's client, or a transaction's: what a read that may belong to a transaction is given. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

interface DbOptions {
  /** The client's query events; its reads then all go through the client, so the events see every statement. */
  logQueries?: boolean;
  /** Lets a test see (or alter) every statement and transaction, on either engine. */
  wrapAdapter?: (adapter: SqlDriverAdapter) => SqlDriverAdapter;
}

function wrapped(factory: SqlDriverAdapterFactory, wrap: DbOptions["wrapAdapter"]): SqlDriverAdapterFactory {
  if (!wrap) return factory;
  return { provider: factory.provider, adapterName: factory.adapterName, connect: async () => wrap(await factory.connect()) };
}

/** The connection the client opened (it opens one at its first statement), while it is open. */
interface OpenConnection {
  adapter?: SqlDriverAdapter;
}

// On globalThis, like the client itself (below): a module reloaded in development finds the
// connection of the client it keeps reusing.
const globalForConnections = globalThis as unknown as { __dbConnections?: WeakMap<object, OpenConnection> };
const connections = (globalForConnections.__dbConnections ??= new WeakMap<object, OpenConnection>());

function kept(factory: SqlDriverAdapterFactory, open: OpenConnection): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const inner = await factory.connect();
      const adapter: SqlDriverAdapter = {
        provider: inner.provider,
        adapterName: inner.adapterName,
        queryRaw: (query) => inner.queryRaw(query),
        executeRaw: (query) => inner.executeRaw(query),
        executeScript: (script) => inner.executeScript(script),
        startTransaction: (isolationLevel) => inner.startTransaction(isolationLevel),
        getConnectionInfo: inner.getConnectionInfo?.bind(inner),
        dispose: () => {
          if (open.adapter === adapter) open.adapter = undefined;
          return inner.dispose();
        },
      };
      open.adapter = adapter;
      return adapter;
    },
  };
}

export function createDb(url: string, options: DbOptions = {}): PrismaClient {
  const log = options.logQueries ? [{ emit: "event" as const, level: "query" as const }] : [];
  const open: OpenConnection = {};
  const adapterOf = (factory: SqlDriverAdapterFactory) => {
    const adapter = wrapped(factory, options.wrapAdapter);
    return options.logQueries ? adapter : kept(adapter, open);
  };
  let db: PrismaClient;
  if (databaseEngine(url) === "postgresql") {
    // Both clients are generated from the same models (prisma/postgresql/schema.prisma is made from
    // prisma/schema.prisma); the PostgreSQL one only adds options SQLite lacks (isolation levels,
    // `mode: "insensitive"`), which the app does not use. So the app types every client as the
    // SQLite one and imports its types from ~/generated/prisma only (decision 0029).
    // A transaction starts by waiting for the one-writer lock (decision 0029), and Prisma counts
    // that wait in the transaction's time: its 5 s default made writes fail (P2028) when several
    // processes wrote at once on a busy machine.
    const transactionOptions = { maxWait: 10_000, timeout: 20_000 };
    db = new PostgresqlPrismaClient({ adapter: adapterOf(createPostgresqlAdapter(url)), log, transactionOptions }) as unknown as PrismaClient;
  } else {
    db = new PrismaClient({ adapter: adapterOf(createSqliteAdapter(sqliteFilePath(url))), log });
  }
  connections.set(db, open);
  return db;
}

// Only reads: a statement that fails to convert is run a second time, by the client.
const READ = /^\s*(?:SELECT|WITH)\b/i;

/**
 * The rows of a read written in SQL, exactly as `db.$queryRaw` gives them, read through the client's
 * own connection without the client's ~100 µs per statement (decision 0059). Inside a transaction
 * (`db` is the transaction's client), before the client's first statement, for a statement that is
 * not a SELECT and for values the client's rules treat otherwise (LeftToTheClient), the client
 * reads it. A statement the database refuses fails with the driver's error, once.
 */
export async function readRows<Row>(db: DbClient, query: Prisma.Sql): Promise<Row[]> {
  const adapter = connections.get(db)?.adapter;
  // The first fragment, not `query.sql`, which writes the whole statement out each time it is read.
  if (adapter && READ.test(query.strings[0])) {
    let statement: SqlQuery | undefined;
    try {
      statement = statementFor(adapter.provider, query);
    } catch (error) {
      if (!(error instanceof LeftToTheClient)) throw error;
    }
    if (statement) {
      const result = await adapter.queryRaw(statement);
      try {
        return rowsOf(result) as Row[];
      } catch (error) {
        if (!(error instanceof LeftToTheClient)) throw error;
      }
    }
  }
  return db.$queryRaw<Row[]>(query);
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

// Compile-time proof behind that cast: every model has the same fields of the same types in both.
type Scalars<Map extends { model: Record<string, { payload: { scalars: unknown } }> }> = { [M in keyof Map["model"]]: Map["model"][M]["payload"]["scalars"] };
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameModels: Same<Scalars<Prisma.TypeMap>, Scalars<PostgresqlPrisma.TypeMap>> = true;
void sameModels;
