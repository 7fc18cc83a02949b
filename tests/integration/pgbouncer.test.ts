// The PostgreSQL integration stage of `npm test` runs through a PgBouncer in transaction mode
// (TEST_PGBOUNCER=1, decision 0099). This file proves it does, so that the stage's passing means
// what it claims: the app's connections are PgBouncer's clients, pooled per transaction, and the
// session setting the app relies on (TimeZone=UTC) holds on every server connection they get.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { getDb } from "~/utils/db.server";
import { adminConsole } from "../support/pgbouncer";
import { testEngine } from "../support/test-database";

const pgbouncer = testEngine === "postgresql" ? inject("postgresql")?.pgbouncer : null;

describe.runIf(testEngine === "postgresql" && process.env.TEST_PGBOUNCER === "1")("the app behind PgBouncer in transaction mode", () => {
  const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);

  it("connects through PgBouncer, whose pool for this database is in transaction mode", async () => {
    expect(pgbouncer, "TEST_PGBOUNCER=1 but no PgBouncer was started").toBeTruthy();
    await getDb().$queryRaw`SELECT 1`;
    const clients = await adminConsole(pgbouncer!.adminUrl, "SHOW CLIENTS");
    expect(clients.filter((client) => client.database === database).length).toBeGreaterThan(0);
    const pools = await adminConsole(pgbouncer!.adminUrl, "SHOW POOLS");
    expect(pools.find((pool) => pool.database === database)?.pool_mode).toBe("transaction");
  });

  it("keeps the app's sessions in UTC on whichever server connection a transaction gets", async () => {
    // A client that sets nothing sees the cluster's own zone (tests/support/postgresql-cluster.ts),
    // so a setting lost between transactions would show.
    const bare = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await bare.connect();
    try {
      expect((await bare.query("SHOW TimeZone")).rows).toEqual([{ TimeZone: "Pacific/Kiritimati" }]);
      // The app's statements and transactions, many at once and beside the bare client's, spread
      // over the pool's server connections; each is in UTC.
      const db = getDb();
      const zones = await Promise.all([
        ...Array.from({ length: 12 }, () => db.$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone`),
        ...Array.from({ length: 4 }, () => db.$transaction(async (tx) => tx.$queryRaw<{ zone: string }[]>`SELECT current_setting('TimeZone') AS zone FROM pg_sleep(0.05)`)),
        // One after the other (a pg client runs one query at a time), beside the app's.
        (async () => {
          const rows: { zone: string }[] = [];
          for (let i = 0; i < 4; i++) rows.push(...(await bare.query("SELECT current_setting('TimeZone') AS zone")).rows.map((row) => ({ zone: `bare ${row.zone}` })));
          return rows;
        })(),
      ]);
      const seen = zones.flat().map((row) => row.zone);
      expect(seen.filter((zone) => !zone.startsWith("bare"))).toEqual(Array(16).fill("UTC"));
      expect(seen.filter((zone) => zone.startsWith("bare"))).toEqual(Array(4).fill("bare Pacific/Kiritimati"));
    } finally {
      await bare.end();
    }
  });
});
