// PostgreSQL through @prisma/adapter-pg (a pool of connections per process). The model code was
// written against SQLite, where BEGIN IMMEDIATE lets one transaction write at a time, so its
// check-then-write sequences (overlapping vacations, balances, "has the job run this year") are
// safe without retries. Every transaction here first takes one database-wide advisory lock, held
// until COMMIT or ROLLBACK: the same one-writer-at-a-time rule, across every app instance sharing
// the database, while reads outside transactions stay concurrent (docs/decisions/0029-postgresql.md).
import type { IsolationLevel, SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

/** pg_advisory_xact_lock keys (one bigint namespace per database); the values are arbitrary. */
export const ADVISORY_LOCKS = {
  /** Every transaction of the app: one writer at a time, as on SQLite. */
  transactions: 2_029_001,
  /** Migrations: the key `prisma migrate deploy` takes, so our runner and Prisma's exclude each other. */
  migrations: 72_707_369,
} as const;

const TAKE_TRANSACTION_LOCK = { sql: `SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.transactions})::text`, args: [], argTypes: [] };

function oneWriterAtATime(inner: SqlDriverAdapter): SqlDriverAdapter {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    queryRaw: (query) => inner.queryRaw(query),
    executeRaw: (query) => inner.executeRaw(query),
    executeScript: (script) => inner.executeScript(script),
    getConnectionInfo: inner.getConnectionInfo?.bind(inner),
    dispose: () => inner.dispose(),
    async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
      const tx = await inner.startTransaction(isolationLevel);
      try {
        await tx.queryRaw(TAKE_TRANSACTION_LOCK);
      } catch (error) {
        await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] }).catch(() => undefined);
        await tx.rollback();
        throw error;
      }
      return tx;
    },
  };
}

/**
 * The session's zone is UTC, set by a statement on each new connection rather than by a startup
 * option: PgBouncer (1.18, Debian's) refuses the `options` startup parameter, while it tracks a
 * `SET TimeZone` per client and repeats it on whichever server connection that client's next
 * transaction gets (transaction pooling, docs/decisions/0099). Directly on PostgreSQL it is simply
 * the session's setting.
 */
const UTC_SESSION = "SET TimeZone TO 'UTC'";

const loadDrivers = () => Promise.all([import("pg"), import("@prisma/adapter-pg")]);

export function createPostgresqlAdapter(url: string, poolSize = 10): SqlDriverAdapterFactory {
  // Prisma keeps DateTime as UTC in `timestamp(3)` columns; a database default (CURRENT_TIMESTAMP)
  // is taken in the session's zone, so the session is UTC whatever the server's own zone is.
  // The driver is loaded at the first connection: a SQLite installation never holds it in memory.
  let drivers: ReturnType<typeof loadDrivers> | undefined;
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async connect() {
      drivers ??= loadDrivers();
      const [{ default: pg }, { PrismaPg }] = await drivers;
      // A pool per connect: the adapter ends it on $disconnect, and a client connected again must
      // not get a pool without the hook.
      // onConnect is awaited before the pool hands the connection out; if it fails, so does the
      // connection, and Prisma reports the error.
      const pool = new pg.Pool({ connectionString: url, max: poolSize, onConnect: async (client) => void (await client.query(UTC_SESSION)) });
      return oneWriterAtATime(await new PrismaPg(pool, { disposeExternalPool: true }).connect());
    },
  };
}
