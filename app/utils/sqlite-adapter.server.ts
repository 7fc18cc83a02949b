// The better-sqlite3 driver adapter shares ONE connection between every request of the process,
// and its plain queries do not wait for an open transaction: a query of request A, issued while
// request B's interactive transaction is open, runs inside B's transaction and is rolled back
// with it (seen in the auto-approval test: an e-mail written by one run vanished when a
// concurrent run's transaction rolled back). This wrapper serialises them: while a transaction is
// open, other queries wait; and transactions start with BEGIN IMMEDIATE, taking SQLite's write
// lock up front so check-then-insert sequences are safe across processes too.
// See docs/decisions/0008-absences.md.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

class Lock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

function serialised(inner: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new Lock();
  const exclusive = async <T>(run: () => Promise<T>): Promise<T> => {
    const release = await lock.acquire();
    try {
      return await run();
    } finally {
      release();
    }
  };

  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query: SqlQuery) => exclusive(() => inner.queryRaw(query)),
    executeRaw: (query: SqlQuery) => exclusive(() => inner.executeRaw(query)),
    executeScript: (script: string) => exclusive(() => inner.executeScript(script)),
    getConnectionInfo: inner.getConnectionInfo?.bind(inner),
    dispose: () => exclusive(() => inner.dispose()),
    async startTransaction(): Promise<Transaction> {
      const release = await lock.acquire();
      try {
        await inner.executeScript("BEGIN IMMEDIATE");
      } catch (error) {
        release();
        throw error;
      }
      // Prisma sends COMMIT / ROLLBACK itself through executeRaw (usePhantomQuery: false);
      // commit() and rollback() only tell us the transaction is over.
      let open = true;
      const end = () => {
        if (open) {
          open = false;
          release();
        }
        return Promise.resolve();
      };
      return {
        provider: inner.provider,
        adapterName: inner.adapterName,
        options: { usePhantomQuery: false },
        queryRaw: (query: SqlQuery) => inner.queryRaw(query),
        executeRaw: (query: SqlQuery) => inner.executeRaw(query),
        commit: end,
        rollback: end,
        createSavepoint: (name: string) => inner.executeScript(`SAVEPOINT ${name}`),
        rollbackToSavepoint: (name: string) => inner.executeScript(`ROLLBACK TO ${name}`),
        releaseSavepoint: (name: string) => inner.executeScript(`RELEASE SAVEPOINT ${name}`),
      } as Transaction;
    },
  };
}

// SQLite's planner picks an index from table statistics, and without them it guesses: "this
// person's upcoming vacations" went through (companyId, endDate) and read the whole company's future
// (1.5 ms instead of 0.05 ms on 3,000 vacations) rather than (userId, startDate). SQLite's advice for
// long-lived connections: `PRAGMA optimize=0x10002` when opening (analyses every table lacking or
// outgrowing its statistics) and `PRAGMA optimize` every few hours; analysis_limit bounds the cost on
// a large file. PostgreSQL keeps its own statistics (autovacuum's ANALYZE). Decision 0036.
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

async function keptOptimised(adapter: SqlDriverAdapter): Promise<SqlDriverAdapter> {
  // Statistics only make queries faster: a read-only file, or a write lock another process holds
  // past the busy timeout, must not stop the app from opening its database.
  const optimize = (script: string) =>
    adapter.executeScript(script).catch((error: unknown) => console.warn(`SQLite statistics not updated: ${(error as Error).message}`));
  await optimize("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;");
  const timer = setInterval(() => void optimize("PRAGMA optimize;"), OPTIMIZE_EVERY_MS);
  timer.unref();
  return {
    ...adapter,
    dispose: () => {
      clearInterval(timer);
      return adapter.dispose();
    },
  };
}

export function createSqliteAdapter(file: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => keptOptimised(serialised(await factory.connect())),
  };
}
