import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_COMPANY_NAME, DEMO_PASSWORD, hasAnyCompany, seedDemoCompany } from "~/models/demo.server";
import { allowanceReport } from "~/models/report.server";
import { getDb } from "~/utils/db.server";
import { applySqliteMigrations, readMigrations, SQLITE_MIGRATIONS_DIR } from "~/utils/migrations.server";
import { verifyPassword } from "~/utils/password.server";

const scratch = mkdtempSync(path.join(tmpdir(), "absences-db-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migrations", () => {
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

  it("give every table of company data the triggers that tell the response cache it changed", () => {
    const url = `file:${path.join(scratch, "triggers.db")}`;
    applySqliteMigrations(url);
    const db = new Database(path.join(scratch, "triggers.db"));
    const names = (type: string) => db.prepare(`SELECT name FROM sqlite_master WHERE type = ? ORDER BY name`).pluck().all(type) as string[];
    const triggers = new Set(names("trigger"));
    // Not company data: bookkeeping, the counters themselves, and the anonymous interest list.
    const exempt = new Set(["_prisma_migrations", "CompanyDataVersion", "PublicInterest"]);
    const tables = names("table").filter((table) => !exempt.has(table) && !table.startsWith("sqlite_"));
    expect(tables.length).toBeGreaterThan(15);
    const missing = tables.flatMap((table) =>
      ["insert", "update", "delete"].map((op) => `${table}_company_version_${op}`).filter((name) => !triggers.has(name)),
    );
    expect(missing).toEqual([]);
    db.close();
  });

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

describe("demo company", () => {
  it("seeds the fixed logins, teams, allowances, holidays and absences in every status", async () => {
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

  it("never gives one person overlapping absences", async () => {
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
      for (const y of [year, year + 1]) {
        for (const row of await allowanceReport(company!.id, y)) {
          for (const [kind, figures] of Object.entries(row.balances)) {
            if (figures.remaining < 0) overdrawn.push(`${row.user.email} ${y} ${kind} ${figures.remaining}`);
          }
        }
      }
      expect(overdrawn).toEqual([]);
      // Still a demo with absences that draw on each allowance.
      const categories = new Set((await db.vacation.findMany({ where: { companyId: company!.id }, select: { categoryId: true } })).map((v) => v.categoryId));
      expect([...categories]).toEqual(expect.arrayContaining(["yearly_allowance", "residual", "sick_leave"]));
    });
  }
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
