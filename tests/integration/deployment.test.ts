// What docs/deploy.md promises an operator: a readiness check that tells whether the database
// answers, and backups that restore to the same data (SQLite's online copy, PostgreSQL's
// pg_dump / pg_restore), taken while the app keeps writing.
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { databaseAnswers } from "~/server-runtime.server";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { backupSqlite } from "~/utils/sqlite-backup.server";
import { createCompany, createUser, createVacation } from "../support/factories";
import { postgresqlBinDir } from "../support/postgresql-cluster";
import { createTestDatabase, testEngine } from "../support/test-database";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "deploy-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the readiness check", () => {
  it("is ready while the database answers, and not when it cannot be reached", async () => {
    expect(await databaseAnswers()).toBe(true);
    const working = getDb();
    const unreachable = createDb(testEngine === "postgresql" ? process.env.DATABASE_URL!.replace(/\/[^/]+$/, "/no_such_database") : `file:${path.join(scratch, "missing-dir", "x.db")}`);
    setDb(unreachable);
    try {
      expect(await databaseAnswers()).toBe(false);
    } finally {
      setDb(working);
      await unreachable.$disconnect().catch(() => undefined);
    }
    expect(await databaseAnswers()).toBe(true);
  });
});

/** A company with vacations, and writes that keep coming while the backup is taken. */
async function companyBeingWritten() {
  const company = await createCompany("Backed Up Lda");
  const person = await createUser(company.id, { email: `backup-${company.id}@example.test` });
  for (let n = 0; n < 20; n++) await createVacation(company.id, person.id, { startDate: `2030-0${1 + (n % 9)}-1${n % 10}`, endDate: `2030-0${1 + (n % 9)}-1${n % 10}`, status: "approved" });
  let writing = true;
  let extra = 0;
  const writer = (async () => {
    while (writing) {
      await createVacation(company.id, person.id, { startDate: "2031-03-02", endDate: "2031-03-02", status: "pending" });
      extra++;
    }
  })();
  return {
    companyId: company.id,
    stop: async () => {
      writing = false;
      await writer;
      return extra;
    },
  };
}

// The backup runs in this process and blocks it, so the concurrent writer is another process, as
// the app would be: it numbers its rows 1, 2, 3… one transaction each. A consistent copy holds
// an unbroken run of them from 1; a torn one would miss some or hold a half-written page.
const SQLITE_WRITER = `
const Database = require("better-sqlite3");
const db = new Database(process.argv[1]);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 5000");
const insert = db.prepare("INSERT INTO backup_probe (n) VALUES (?)");
let n = db.prepare("SELECT coalesce(max(n), 0) AS n FROM backup_probe").get().n;
for (;;) insert.run(++n);
`;

describe.runIf(testEngine === "sqlite")("an online SQLite backup", () => {
  it("is a consistent copy taken while another process writes, opens with every committed row, and never overwrites", async () => {
    const company = await createCompany("Backed Up Lda");
    const person = await createUser(company.id, { email: `backup-${company.id}@example.test` });
    for (let n = 1; n <= 9; n++) await createVacation(company.id, person.id, { startDate: `2030-0${n}-10`, endDate: `2030-0${n}-10`, status: "approved" });
    await getDb().$executeRawUnsafe("CREATE TABLE backup_probe (n INTEGER PRIMARY KEY)");
    const file = process.env.DATABASE_URL!.replace(/^file:/, "");
    const writer = spawn(process.execPath, ["-e", SQLITE_WRITER, file], { stdio: ["ignore", "ignore", "pipe"] });
    try {
      const probeCount = async () => Number(((await getDb().$queryRawUnsafe("SELECT count(*) AS n FROM backup_probe")) as { n: bigint | number }[])[0].n);
      while ((await probeCount()) < 200) await new Promise((resolve) => setTimeout(resolve, 20));
      const target = path.join(scratch, "backup.db");
      const { bytes } = backupSqlite(process.env.DATABASE_URL!, target);
      expect(bytes).toBeGreaterThan(0);
      expect(await probeCount(), "the writer kept writing").toBeGreaterThan(200);

      const copy = createDb(`file:${target}`);
      try {
        const [probe] = (await copy.$queryRawUnsafe("SELECT count(*) AS rows, min(n) AS low, max(n) AS high FROM backup_probe")) as { rows: bigint | number; low: bigint | number; high: bigint | number }[];
        expect(Number(probe.rows)).toBeGreaterThanOrEqual(200);
        expect(Number(probe.low)).toBe(1);
        expect(Number(probe.high)).toBe(Number(probe.rows));
        expect(await copy.vacation.count({ where: { companyId: company.id } })).toBe(9);
        expect(await copy.company.findUnique({ where: { id: company.id }, select: { name: true } })).toEqual({ name: "Backed Up Lda" });
      } finally {
        await copy.$disconnect();
      }
      expect(() => backupSqlite(process.env.DATABASE_URL!, target)).toThrow(/already exists/);
    } finally {
      writer.kill("SIGKILL");
    }
  });
});

describe.runIf(testEngine === "postgresql")("a PostgreSQL backup with pg_dump", () => {
  it("restores with pg_restore into an empty database with every committed row", async () => {
    const { companyId, stop } = await companyBeingWritten();
    const dump = path.join(scratch, "backup.dump");
    const bin = postgresqlBinDir();
    // Asynchronously, so the writes of companyBeingWritten go on while pg_dump reads its snapshot.
    // Straight to PostgreSQL, as docs/deploy.md backs up: pg_dump sets its session up (search_path,
    // timeouts) before its snapshot's transaction, which transaction pooling would not keep.
    await run(path.join(bin, "pg_dump"), ["--format=custom", `--file=${dump}`, process.env.TEST_DIRECT_DATABASE_URL!]);
    const extra = await stop();

    const restored = await createTestDatabase({ migrated: false });
    try {
      await run(path.join(bin, "pg_restore"), ["--no-owner", `--dbname=${restored.directUrl}`, dump]);
      const copy = createDb(restored.url);
      try {
        const copied = await copy.vacation.count({ where: { companyId } });
        expect(copied).toBeGreaterThanOrEqual(20);
        expect(copied).toBeLessThanOrEqual(20 + extra);
        expect(await copy.company.findUnique({ where: { id: companyId }, select: { name: true } })).toEqual({ name: "Backed Up Lda" });
        // The migrations table came along: the restored database is at the same version.
        expect(await copy.$queryRaw`SELECT count(*)::int AS n FROM _prisma_migrations`).toEqual([{ n: expect.any(Number) }]);
      } finally {
        await copy.$disconnect();
      }
    } finally {
      await restored.drop();
    }
  });
});
