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

export function createSqliteAdapter(file: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: `file:${file}`, timeout: 5000 });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => serialised(await factory.connect()),
  };
}
