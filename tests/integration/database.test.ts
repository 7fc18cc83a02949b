import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DEMO_COMPANY_NAME, DEMO_PASSWORD, hasAnyCompany, seedDemoCompany } from "~/models/demo.server";
import { createDb, getDb } from "~/utils/db.server";
import { allowanceReport } from "~/models/report.server";
import { viewerFor } from "../support/factories";
import { applyPostgresqlMigrations, applySqliteMigrations, POSTGRESQL_MIGRATIONS_DIR, readMigrations, SQLITE_MIGRATIONS_DIR } from "~/utils/migrations.server";
import { verifyPassword } from "~/utils/password.server";
import pg from "pg";
import { createTestDatabase, testEngine, type TestDatabase } from "../support/test-database";

mkdirSync(path.resolve("tests/.tmp"), { recursive: true });
const scratch = mkdtempSync(path.resolve("tests/.tmp/migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The SQLite runner works on files of its own, whatever engine the run tests: once is enough.
describe.runIf(testEngine === "sqlite")("migrations", () => {
  it("apply once, record Prisma's bookkeeping, and are a no-op the second time", () => {
    const url = `file:${path.join(scratch, "fresh.db")}`;
    const names = readMigrations(SQLITE_MIGRATIONS_DIR).map((m) => m.name);
    expect(applySqliteMigrations(url)).toEqual(names);
    expect(applySqliteMigrations(url)).toEqual([]);
    const db = new Database(path.join(scratch, "fresh.db"));
    const rows = db.prepare(`SELECT migration_name, checksum, finished_at FROM _prisma_migrations`).all() as {
      migration_name: string;
      checksum: string;
      finished_at: number;
    }[];
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at > 0)).toBe(true);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("leave no trigger and no CompanyDataVersion table (the response cache is gone, docs/decisions/0011)", () => {
    const file = path.join(scratch, "no-triggers.db");
    applySqliteMigrations(`file:${file}`);
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'trigger'`).pluck().get()).toBe(0);
    expect(db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'CompanyDataVersion'`).pluck().get()).toBe(0);
    db.close();
  });

  // What `npm run db:migration:new` writes when a column of Team and User changes (SQLite cannot
  // alter a column, so the generator rebuilds the table: new table, copy, drop, rename, indexes),
  // with a default so existing rows copy. Built from the database's own current definitions, so the
  // test follows the schema as it grows.
  function rebuildTeamAndUser(file: string, teamFilter = "") {
    const db = new Database(file, { readonly: true });
    const rebuild = (table: string, newColumn: string, filter: string) => {
      const create = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(table) as string;
      const indexes = db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).pluck().all(table) as string[];
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]).map((c) => `"${c}"`).join(", ");
      const definition = create.replace(`CREATE TABLE "${table}" (`, `CREATE TABLE "new_${table}" (\n    ${newColumn},`);
      return [
        `${definition};`,
        `INSERT INTO "new_${table}" (${columns}) SELECT ${columns} FROM "${table}"${filter};`,
        `DROP TABLE "${table}";`,
        `ALTER TABLE "new_${table}" RENAME TO "${table}";`,
        ...indexes.map((sql) => `${sql};`),
      ].join("\n");
    };
    const sql = [
      "-- RedefineTables",
      "PRAGMA defer_foreign_keys=ON;",
      "PRAGMA foreign_keys=OFF;",
      rebuild("Team", `"color" TEXT NOT NULL DEFAULT '#000000'`, teamFilter),
      rebuild("User", `"nickname" TEXT`, ""),
      "PRAGMA foreign_keys=ON;",
      "PRAGMA defer_foreign_keys=OFF;",
      "",
    ].join("\n");
    db.close();
    return sql;
  }

  /** A migrated database with the demo company and a signed-in session in it, plus its own migrations dir. */
  async function seededDatabase(name: string) {
    const dir = path.join(scratch, `${name}-migrations`);
    cpSync(SQLITE_MIGRATIONS_DIR, dir, { recursive: true });
    const file = path.join(scratch, `${name}.db`);
    applySqliteMigrations(`file:${file}`, dir);
    const prisma = createDb(`file:${file}`);
    await seedDemoCompany(prisma, "2026-06-15");
    const employee = await prisma.user.findUniqueOrThrow({ where: { email: "employee@demo.test" } });
    await prisma.session.create({ data: { userId: employee.id, expiresAt: new Date(Date.now() + 3_600_000) } });
    await prisma.$disconnect();
    const addMigration = (folder: string, sql: string) => {
      mkdirSync(path.join(dir, folder));
      writeFileSync(path.join(dir, folder, "migration.sql"), sql);
    };
    return { file, dir, url: `file:${file}`, addMigration };
  }

  /** Every row of every table (the columns it has now, in a stable order), indexes and triggers. */
  function snapshot(file: string, columnsOf?: Map<string, string[]>) {
    const db = new Database(file, { readonly: true });
    const names = (type: string) => db.prepare(`SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all(type) as string[];
    const columns = new Map<string, string[]>();
    const rows = new Map<string, string[]>();
    for (const table of names("table")) {
      if (table === "_prisma_migrations") continue;
      const cols = columnsOf?.get(table) ?? (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
      columns.set(table, cols);
      const select = `SELECT ${cols.map((c) => `"${c}"`).join(", ")} FROM "${table}"`;
      rows.set(table, (db.prepare(select).raw().all() as unknown[][]).map((row) => JSON.stringify(row)).sort());
    }
    const result = { columns, rows, indexes: names("index"), triggers: names("trigger") };
    db.close();
    return result;
  }

  it("rebuild a parent table (User, Team) without losing or changing a row of any table", async () => {
    const { file, dir, url, addMigration } = await seededDatabase("rebuild");
    const before = snapshot(file);
    // The seed reaches the children of User and Team that a cascade would empty.
    for (const table of ["Team", "User", "TeamAdmin", "Vacation", "Allowance", "Session"]) {
      expect(before.rows.get(table)?.length, table).toBeGreaterThan(0);
    }
    expect((before.rows.get("Vacation") ?? []).some((row) => JSON.parse(row)[before.columns.get("Vacation")!.indexOf("reviewerId")])).toBe(true);

    addMigration("29990101000000_team_color", rebuildTeamAndUser(file));
    expect(applySqliteMigrations(url, dir)).toEqual(["29990101000000_team_color"]);

    const after = snapshot(file, before.columns);
    expect([...after.rows.keys()]).toEqual([...before.rows.keys()]);
    for (const [table, rows] of before.rows) expect(after.rows.get(table), table).toEqual(rows);
    expect(after.indexes).toEqual(before.indexes);
    expect(after.triggers).toEqual(before.triggers);
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT DISTINCT color FROM "Team"`).pluck().all()).toEqual(["#000000"]);
    expect(db.pragma("foreign_key_check")).toEqual([]);
    db.close();
  });

  it("refuses and rolls back migrations that leave a row pointing at a missing parent, naming the table", async () => {
    const { file, dir, url, addMigration } = await seededDatabase("orphans");
    const before = snapshot(file);
    // A rebuild that forgets the Sales team: its members and its admin would point at nothing.
    addMigration("29990101000000_add_note", `ALTER TABLE "Company" ADD COLUMN "note" TEXT;`);
    addMigration("29990102000000_team_color", rebuildTeamAndUser(file, ` WHERE "name" <> 'Sales'`));
    expect(() => applySqliteMigrations(url, dir)).toThrow(/29990102000000_team_color.*User → Team.*TeamAdmin → Team|29990102000000_team_color.*TeamAdmin → Team.*User → Team/);

    const db = new Database(file, { readonly: true });
    const columns = (table: string) => db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
    expect(columns("Company")).not.toContain("note");
    expect(columns("Team")).not.toContain("color");
    expect(db.prepare(`SELECT count(*) FROM "_prisma_migrations" WHERE migration_name LIKE '2999%'`).pluck().get()).toBe(0);
    db.close();
    expect(snapshot(file).rows).toEqual(before.rows);
  });

  it("apply each migration once when two processes start together on one database", async () => {
    const file = path.join(scratch, "together.db");
    const runner = pathToFileURL(path.resolve("app/utils/migrations.server.ts")).href;
    const code = `const { applySqliteMigrations } = await import(${JSON.stringify(runner)}); console.log(JSON.stringify(applySqliteMigrations(process.argv[1])));`;
    const start = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code, `file:${file}`], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (status) => (status === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`runner exited ${status}`))));
      });
    const [first, second] = await Promise.all([start(), start()]);
    const names = readMigrations(SQLITE_MIGRATIONS_DIR).map((m) => m.name);
    expect([...first, ...second].sort()).toEqual(names);
    const db = new Database(file, { readonly: true });
    expect(db.prepare(`SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`).pluck().all()).toEqual(names);
    db.close();
  }, 30_000);

  it("refuses a migration edited after it was applied", () => {
    const dir = path.join(scratch, "migrations");
    cpSync(SQLITE_MIGRATIONS_DIR, dir, { recursive: true });
    const url = `file:${path.join(scratch, "edited.db")}`;
    applySqliteMigrations(url, dir);
    const first = readMigrations(dir)[0];
    writeFileSync(path.join(dir, first.name, "migration.sql"), readFileSync(path.join(dir, first.name, "migration.sql"), "utf8") + "\n-- edited\n");
    expect(() => applySqliteMigrations(url, dir)).toThrow(/was changed after it was applied/);
  });

  it("applies a new migration on top and rolls back a failing one whole", () => {
    const dir = path.join(scratch, "more");
    cpSync(SQLITE_MIGRATIONS_DIR, dir, { recursive: true });
    const url = `file:${path.join(scratch, "more.db")}`;
    applySqliteMigrations(url, dir);
    mkdirSync(path.join(dir, "29990101000000_add_note"));
    writeFileSync(path.join(dir, "29990101000000_add_note", "migration.sql"), `ALTER TABLE "Team" ADD COLUMN "note" TEXT;`);
    mkdirSync(path.join(dir, "29990102000000_broken"));
    writeFileSync(path.join(dir, "29990102000000_broken", "migration.sql"), `ALTER TABLE "Team" ADD COLUMN "x" TEXT; SELECT * FROM nowhere;`);
    expect(() => applySqliteMigrations(url, dir)).toThrow(/no such table/);
    const db = new Database(path.join(scratch, "more.db"));
    const columns = (db.prepare(`PRAGMA table_info("Team")`).all() as { name: string }[]).map((c) => c.name);
    // All pending migrations run in one transaction: nothing half-applied is left behind.
    expect(columns).not.toContain("note");
    expect(columns).not.toContain("x");
    db.close();
  });
});

describe.runIf(testEngine === "postgresql")("PostgreSQL migrations", () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });
  async function emptyDatabase() {
    const database = await createTestDatabase({ migrated: false });
    databases.push(database);
    return database.url;
  }
  async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<Row>(sql)).rows;
    } finally {
      await client.end();
    }
  }
  function migrationsCopy(name: string) {
    const dir = path.join(scratch, name);
    cpSync(POSTGRESQL_MIGRATIONS_DIR, dir, { recursive: true });
    return dir;
  }
  const columnsOf = async (url: string, table: string) =>
    (await query<{ column_name: string }>(url, `SELECT column_name FROM information_schema.columns WHERE table_name = '${table}'`)).map((row) => row.column_name);

  it("apply once, record Prisma's bookkeeping, and are a no-op the second time", async () => {
    const url = await emptyDatabase();
    const names = readMigrations(POSTGRESQL_MIGRATIONS_DIR).map((m) => m.name);
    expect(await applyPostgresqlMigrations(url)).toEqual(names);
    expect(await applyPostgresqlMigrations(url)).toEqual([]);
    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at instanceof Date && r.applied_steps_count === 1)).toBe(true);
  });

  it("apply each migration once when two processes start together on one database", async () => {
    const url = await emptyDatabase();
    const runner = pathToFileURL(path.resolve("app/utils/migrations.server.ts")).href;
    const code = `const { applyPostgresqlMigrations } = await import(${JSON.stringify(runner)}); console.log(JSON.stringify(await applyPostgresqlMigrations(process.argv[1])));`;
    const start = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code, url], { stdio: ["ignore", "pipe", "inherit"] });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (status) => (status === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`runner exited ${status}`))));
      });
    const [first, second] = await Promise.all([start(), start()]);
    const names = readMigrations(POSTGRESQL_MIGRATIONS_DIR).map((m) => m.name);
    expect([...first, ...second].sort()).toEqual(names);
    expect((await query<{ migration_name: string }>(url, `SELECT migration_name FROM _prisma_migrations ORDER BY migration_name`)).map((r) => r.migration_name)).toEqual(names);
  }, 30_000);

  it("refuse a migration edited after it was applied", async () => {
    const url = await emptyDatabase();
    const dir = migrationsCopy("pg-edited");
    await applyPostgresqlMigrations(url, dir);
    const first = readMigrations(dir)[0];
    writeFileSync(path.join(dir, first.name, "migration.sql"), readFileSync(path.join(dir, first.name, "migration.sql"), "utf8") + "\n-- edited\n");
    await expect(applyPostgresqlMigrations(url, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it("apply a new migration on top, and roll back a failing batch whole", async () => {
    const url = await emptyDatabase();
    const dir = migrationsCopy("pg-more");
    await applyPostgresqlMigrations(url, dir);
    mkdirSync(path.join(dir, "29990101000000_add_note"));
    writeFileSync(path.join(dir, "29990101000000_add_note", "migration.sql"), `ALTER TABLE "Team" ADD COLUMN "note" TEXT;`);
    mkdirSync(path.join(dir, "29990102000000_broken"));
    writeFileSync(path.join(dir, "29990102000000_broken", "migration.sql"), `ALTER TABLE "Team" ADD COLUMN "x" TEXT; SELECT * FROM nowhere;`);
    await expect(applyPostgresqlMigrations(url, dir)).rejects.toThrow(/"nowhere" does not exist/);
    // All pending migrations run in one transaction: nothing half-applied is left behind.
    expect(await columnsOf(url, "Team")).not.toContain("note");
    expect(await columnsOf(url, "Team")).not.toContain("x");
    rmSync(path.join(dir, "29990102000000_broken"), { recursive: true });
    expect(await applyPostgresqlMigrations(url, dir)).toEqual(["29990101000000_add_note"]);
    expect(await columnsOf(url, "Team")).toContain("note");
  });
});

// SQLite's BEGIN IMMEDIATE gives the same rule, but better-sqlite3 waits for the lock synchronously,
// so two clients in one process cannot show it (the first could never finish).
describe.runIf(testEngine === "postgresql")("transactions on two clients of one database (two app instances)", () => {
  it("let one transaction write at a time: the second waits until the first ends", async () => {
    const url = process.env.DATABASE_URL!;
    const [one, two] = [createDb(url), createDb(url)];
    try {
      const events: string[] = [];
      let releaseOne!: () => void;
      const oneMayEnd = new Promise<void>((resolve) => (releaseOne = resolve));
      let oneStarted!: () => void;
      const started = new Promise<void>((resolve) => (oneStarted = resolve));
      const first = one.$transaction(
        async (tx) => {
          await tx.publicInterest.create({ data: { email: "first@example.test" } });
          events.push("one wrote");
          oneStarted();
          await oneMayEnd;
          events.push("one ends");
        },
        { timeout: 10_000 },
      );
      await started;
      const second = two.$transaction(
        async (tx) => {
          events.push("two starts");
          // What a check-then-write reads: the first transaction's committed row.
          events.push(`two sees ${await tx.publicInterest.count({ where: { email: "first@example.test" } })}`);
        },
        { maxWait: 10_000, timeout: 10_000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push("released");
      releaseOne();
      await Promise.all([first, second]);
      expect(events).toEqual(["one wrote", "released", "one ends", "two starts", "two sees 1"]);
    } finally {
      await Promise.all([one.$disconnect(), two.$disconnect()]);
    }
  });
});

describe("demo company", () => {
  it("seeds the fixed logins, teams, allowances, holidays and vacations in every status", async () => {
    expect(await hasAnyCompany(getDb())).toBe(false);
    const { companyId } = await seedDemoCompany(getDb(), "2026-06-15");
    expect(await hasAnyCompany(getDb())).toBe(true);
    const db = getDb();
    expect((await db.company.findUniqueOrThrow({ where: { id: companyId } })).name).toBe(DEMO_COMPANY_NAME);

    const byEmail = async (email: string) =>
      db.user.findUniqueOrThrow({ where: { email }, include: { team: true, adminOf: { include: { team: true } } } });
    const owner = await byEmail("owner@demo.test");
    const admin = await byEmail("admin@demo.test");
    const employee = await byEmail("employee@demo.test");
    const master = await byEmail("master@demo.test");
    expect(owner.role).toBe("owner");
    expect(admin.role).toBe("admin");
    expect(admin.adminOf.map((a) => a.team.name)).toContain("Engineering");
    expect(employee).toMatchObject({ role: "user", team: { name: "Engineering" } });
    expect(master.isMaster).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, employee.passwordHash)).toBe(true);

    expect((await db.team.findMany({ where: { companyId } })).map((t) => t.name).sort()).toEqual(["Engineering", "Operations", "Sales"]);
    const users = await db.user.count({ where: { companyId } });
    expect(users).toBeGreaterThanOrEqual(20);
    expect(await db.allowance.count({ where: { companyId, year: 2026 } })).toBe(users);

    const holidays = await db.holiday.findMany({ where: { companyId } });
    expect(holidays.map((h) => h.date)).toEqual(expect.arrayContaining(["2026-04-25", "2026-04-03", "2027-03-26", "2027-05-27"]));

    const statuses = new Set((await db.vacation.findMany({ where: { companyId }, select: { status: true } })).map((v) => v.status));
    expect([...statuses].sort()).toEqual(["approved", "cancelled", "pending", "rejected"]);
  });

  it("never gives one person overlapping vacations", async () => {
    const vacations = await getDb().vacation.findMany({ orderBy: [{ userId: "asc" }, { startDate: "asc" }] });
    for (let i = 1; i < vacations.length; i++) {
      const [previous, current] = [vacations[i - 1], vacations[i]];
      if (previous.userId === current.userId) expect(current.startDate > previous.endDate).toBe(true);
      expect(current.startDate <= current.endDate).toBe(true);
    }
  });

  // Whatever day the demo is created (the seed depends on today), nobody is overdrawn: this year
  // and next (requests reach into next year late in the year).
  for (const today of ["2026-06-15", "2026-01-05", "2026-11-22", "2026-12-28"]) {
    it(`shows no negative balance for any demo person, seeded on ${today}`, async () => {
      const db = getDb();
      let company = await db.company.findFirst({ where: { name: DEMO_COMPANY_NAME } });
      if (today !== "2026-06-15") {
        if (company) await db.company.delete({ where: { id: company.id } });
        await seedDemoCompany(db, today);
        company = await db.company.findFirst({ where: { name: DEMO_COMPANY_NAME } });
      }
      const year = Number(today.slice(0, 4));
      const overdrawn: string[] = [];
      const owner = await db.user.findFirstOrThrow({ where: { companyId: company!.id, role: "owner" } });
      const viewer = await viewerFor(owner);
      for (const y of [year, year + 1]) {
        for (const row of await allowanceReport(viewer, y)) {
          for (const [kind, figures] of Object.entries(row.balances)) {
            if (figures.remaining < 0) overdrawn.push(`${row.user.email} ${y} ${kind} ${figures.remaining}`);
          }
        }
      }
      expect(overdrawn).toEqual([]);
      // Still a demo with vacations that draw on each allowance.
      const categories = new Set((await db.vacation.findMany({ where: { companyId: company!.id }, select: { categoryId: true } })).map((v) => v.categoryId));
      expect([...categories]).toEqual(expect.arrayContaining(["yearly_allowance", "residual", "sick_leave"]));
    });
  }

  // The demo's calendars were empty where people look first (this month), and every description read "—".
  for (const today of ["2026-11-27", "2026-01-01", "2026-01-31", "2026-12-30"]) {
    it(`has absences this month and the next two, in every status and some of one day, all described, seeded on ${today}`, async () => {
      const db = getDb();
      const existing = await db.company.findFirst({ where: { name: DEMO_COMPANY_NAME } });
      if (existing) await db.company.delete({ where: { id: existing.id } });
      const { companyId } = await seedDemoCompany(db, today);
      const vacations = await db.vacation.findMany({ where: { companyId }, orderBy: [{ userId: "asc" }, { startDate: "asc" }] });
      expect(vacations.filter((v) => !v.description.trim())).toEqual([]);
      for (let i = 1; i < vacations.length; i++) {
        if (vacations[i - 1].userId === vacations[i].userId) expect(vacations[i].startDate > vacations[i - 1].endDate).toBe(true);
      }
      const month = (shift: number) => {
        const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + shift, 1));
        return date.toISOString().slice(0, 7);
      };
      for (const shift of [0, 1, 2]) {
        const inMonth = vacations.filter((v) => v.startDate.slice(0, 7) <= month(shift) && v.endDate.slice(0, 7) >= month(shift));
        expect(inMonth.length, `absences in ${month(shift)}`).toBeGreaterThanOrEqual(3);
      }
      const around = vacations.filter((v) => v.endDate >= `${month(0)}-01` && v.startDate < `${month(3)}-01`);
      expect([...new Set(around.map((v) => v.status))]).toEqual(expect.arrayContaining(["approved", "pending", "rejected"]));
      expect(around.filter((v) => v.startDate === v.endDate).length).toBeGreaterThanOrEqual(3);
      // Nothing still pending for days already past.
      expect(vacations.filter((v) => v.status === "pending" && v.endDate < today)).toEqual([]);
    });
  }

  it("is made as of the date in the demo company's zone, not the server's or UTC", async () => {
    const db = getDb();
    const existing = await db.company.findFirst({ where: { name: DEMO_COMPANY_NAME } });
    if (existing) await db.company.delete({ where: { id: existing.id } });
    // 23:30 UTC on 30 June is already 1 July in Lisbon (and still 30 June in Los Angeles, this run's zone).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-30T23:30:00Z") });
    try {
      const { companyId } = await seedDemoCompany(db);
      expect((await db.company.findUniqueOrThrow({ where: { id: companyId } })).timeZone).toBe("Europe/Lisbon");
      // The demo's absence of today: a one-day medical appointment.
      expect(await db.vacation.count({ where: { companyId, startDate: "2026-07-01", endDate: "2026-07-01", description: "Consulta médica" } })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("one shared SQLite connection", () => {
  it("keeps a write made while another request's transaction is open, when that transaction rolls back", async () => {
    // The shape of the bug seen in production code: request A's transaction commits and A goes on
    // writing outside any transaction, just as request B's transaction (queued behind A's) opens
    // and later rolls back. A's write must survive B's rollback.
    const db = getDb();
    let releaseA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (releaseA = resolve));
    const a = db.$transaction(async (tx) => {
      await tx.publicInterest.create({ data: { email: "a-in-transaction@example.test" } });
      await aMayCommit;
    });
    const b = db
      .$transaction(async (tx) => {
        await tx.publicInterest.create({ data: { email: "b-rolled-back@example.test" } });
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error("business rule refused");
      })
      .catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseA();
    await a;
    await db.publicInterest.create({ data: { email: "a-after-commit@example.test" } });
    expect(await b).toBe("business rule refused");
    const emails = (await db.publicInterest.findMany()).map((row) => row.email);
    expect(emails).toContain("a-in-transaction@example.test");
    expect(emails).toContain("a-after-commit@example.test");
    expect(emails).not.toContain("b-rolled-back@example.test");
  });
});
