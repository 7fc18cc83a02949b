// SQLite chooses an index from the statistics ANALYZE keeps, and guesses without them: a person's
// upcoming vacations were read through an index of the whole company (first (companyId, endDate),
// since decision 0053 the covering list index), instead of (userId, startDate). The app's SQLite connection gathers them when it opens (PRAGMA optimize,
// decision 0036). PostgreSQL's autovacuum keeps its own, so this is SQLite's alone.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import { pendingDecisionsWhere } from "~/models/approval.server";
import { loadBalanceInputs } from "~/models/balance.server";
import { seedDemoCompany } from "~/models/demo.server";
import { getSetupChecklist } from "~/models/setup.server";
import { createDb, getDb, setDb } from "~/utils/db.server";
import { applySqliteMigrations } from "~/utils/migrations.server";
import type { RoutedViewer, Viewer } from "~/utils/permissions.server";
import { testEngine } from "../support/test-database";

mkdirSync(path.resolve("tests/.tmp"), { recursive: true });
const scratch = mkdtempSync(path.resolve("tests/.tmp/query-plans-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The shape of "this person's next vacations" (My Calendar's list of what is coming).
const UPCOMING = `EXPLAIN QUERY PLAN SELECT id FROM Vacation WHERE companyId = ? AND userId = ? AND endDate >= ? AND status IN ('pending', 'approved') ORDER BY startDate LIMIT 10`;

function upcomingPlan(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const person = db.prepare(`SELECT id, companyId FROM User WHERE email = 'employee@demo.test'`).get() as { id: string; companyId: string };
    return (db.prepare(UPCOMING).all(person.companyId, person.id, "2020-01-01") as { detail: string }[]).map((row) => row.detail).join("\n");
  } finally {
    db.close();
  }
}

/** A database file of the demo company, seeded by a connection that then closes. */
async function demoCompanyFile(name: string): Promise<string> {
  const file = path.join(scratch, name);
  const url = `file:${file}`;
  applySqliteMigrations(url);
  const seeding = createDb(url);
  await seedDemoCompany(seeding, "2026-11-23");
  await seeding.$disconnect();
  return file;
}

/** The statements a read sends to the file, as the client writes them, with their parameters. */
async function statementsOf(file: string, read: (db: PrismaClient) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }[]> {
  const db = createDb(`file:${file}`, { logQueries: true });
  const seen: { sql: string; params: unknown[] }[] = [];
  (db as unknown as { $on(event: "query", listener: (event: { query: string; params: string }) => void): void }).$on("query", (event) => {
    seen.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  const app = getDb();
  setDb(db);
  try {
    await read(db);
  } finally {
    setDb(app);
    await db.$disconnect();
  }
  return seen;
}

/** SQLite's plan for a statement the client sent (it binds booleans as 1 and 0). */
function planOf(db: Database.Database, statement: { sql: string; params: unknown[] }): string {
  const params = statement.params.map((value) => (typeof value === "boolean" ? Number(value) : value));
  return (db.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join("\n");
}

function demoCompanyId(db: Database.Database): string {
  return (db.prepare(`SELECT companyId FROM User WHERE email = 'employee@demo.test'`).get() as { companyId: string }).companyId;
}

describe.runIf(testEngine === "sqlite")("SQLite query plans", () => {
  it("a process started on a filled database reads a person's vacations by person, not by company", async () => {
    // The first process seeds (its connection opened on empty tables).
    const file = await demoCompanyFile("plans.db");
    const url = `file:${file}`;
    // Without statistics it reads by company (the whole company's vacations).
    expect(upcomingPlan(file)).not.toContain("Vacation_userId_startDate_idx");
    expect(upcomingPlan(file)).toMatch(/\(companyId=\?/);

    // The next process's connection gathers the statistics before its first query.
    const next = createDb(url);
    await next.company.count();
    expect(upcomingPlan(file)).toContain("Vacation_userId_startDate_idx");
    await next.$disconnect();

    // The company's vacations overlapping a month (company calendar, search API, feeds): a range of
    // start dates bounded on both sides, the end date checked in the same index (decision 0040).
    const db = new Database(file, { readonly: true });
    try {
      const companyId = demoCompanyId(db);
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM Vacation WHERE companyId = ? AND endDate >= ? AND startDate >= ? AND startDate <= ? ORDER BY startDate DESC`)
        .all(companyId, "2026-12-01", "2025-12-01", "2026-12-31") as { detail: string }[];
      expect(plan.map((row) => row.detail).join("\n")).toMatch(/USING (?:COVERING )?INDEX Vacation_companyId_startDate_\w+_idx \(companyId=\? AND startDate>\? AND startDate<\?\)/);
      // Lists of vacations read in their full order until the page is full, never all read and sorted:
      // Approvals (the pending requests, soonest first) and the Absences list (newest first).
      const listPlan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(companyId) as { detail: string }[]).map((row) => row.detail).join("\n");
      const pending = listPlan(`SELECT * FROM Vacation WHERE companyId = ? AND status = 'pending' ORDER BY startDate, createdAt, id LIMIT 25`);
      expect(pending).toContain("Vacation_companyId_status_startDate_createdAt_id_idx (companyId=? AND status=?)");
      expect(pending).not.toContain("TEMP B-TREE");
      const newestFirst = listPlan(`SELECT * FROM Vacation WHERE companyId = ? ORDER BY startDate DESC, createdAt DESC, id DESC LIMIT 10`);
      expect(newestFirst).toContain("Vacation_companyId_startDate_createdAt_id_covering_idx (companyId=?)");
      expect(newestFirst).not.toContain("TEMP B-TREE");
      // What a balance reads of a year's vacations (loadBalanceInputs), from that index alone.
      const counted = (
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT v."id", v."userId", v."categoryId", v."startDate", v."endDate", v."halfDayStart", v."halfDayEnd", v."status" FROM "Vacation" v WHERE v."companyId" = ? AND v."endDate" >= ? AND v."startDate" <= ? AND v."status" NOT IN (?, ?) ORDER BY v."startDate" ASC, v."createdAt" ASC, v."id" ASC`,
          )
          .all(companyId, "2026-01-01", "2026-12-31", "rejected", "cancelled") as { detail: string }[]
      )
        .map((row) => row.detail)
        .join("\n");
      expect(counted).toContain("USING COVERING INDEX Vacation_companyId_startDate_createdAt_id_covering_idx");
      expect(counted).not.toContain("TEMP B-TREE");
    } finally {
      db.close();
    }
  });

  it("a company with a balance in hours reads its balances from the covering index, and the hour fields of only its hour rows by index", async () => {
    const db = new Database(await demoCompanyFile("hours.db"));
    try {
      const companyId = demoCompanyId(db);
      db.prepare(`UPDATE AbsenceCategory SET unit = 'hour' WHERE companyId = ? AND id IN ('yearly_allowance', 'residual')`).run(companyId);
      db.prepare(`UPDATE Vacation SET startTime = '09:00', endTime = '13:00', endDate = startDate WHERE id = (SELECT id FROM Vacation WHERE companyId = ? AND categoryId = 'yearly_allowance' ORDER BY startDate LIMIT 1)`).run(companyId);
      db.exec("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;");
      const statements = await statementsOf(db.name, (client) => loadBalanceInputs(client, companyId, { fromYear: 2026, toYear: 2026 }));
      const vacationReads = statements.filter((statement) => /FROM [`"]?\w*[`"]?\.?[`"]Vacation[`"]/.test(statement.sql));
      // The balance's read as before, and one more for the hour fields (decision 0081).
      expect(vacationReads).toHaveLength(2);
      const [counted, hours] = vacationReads;
      expect(planOf(db, counted)).toContain("USING COVERING INDEX Vacation_companyId_startDate_createdAt_id_covering_idx");
      expect(hours.sql).toContain("startTime");
      const hoursPlan = planOf(db, hours);
      expect(hoursPlan).toMatch(/USING (?:COVERING )?INDEX Vacation_\w+_idx \(companyId=\?/);
      expect(hoursPlan).not.toMatch(/SCAN [`"]?Vacation/);
    } finally {
      db.close();
    }
  });

  it("a company with work schedules reads its balances from the covering index, and the kept charges apart by index", async () => {
    const db = new Database(await demoCompanyFile("charged.db"));
    try {
      const companyId = demoCompanyId(db);
      // A company default from the year's start, and requests that kept their schedules (decision 0083).
      db.prepare(`INSERT INTO WorkSchedule (id, companyId, userId, validFrom, cycleWeeks, days) VALUES ('ws-default', ?, NULL, '2026-01-01', 1, '[{"weekday":1,"hours":8},{"weekday":2,"hours":8},{"weekday":3,"hours":8},{"weekday":4,"hours":8}]')`).run(companyId);
      db.prepare(`UPDATE Vacation SET chargedSchedules = '[]' WHERE companyId = ? AND status IN ('pending', 'approved')`).run(companyId);
      db.exec("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;");
      const statements = await statementsOf(db.name, (client) => loadBalanceInputs(client, companyId, { fromYear: 2026, toYear: 2026 }));
      const vacationReads = statements.filter((statement) => /FROM [`"]?\w*[`"]?\.?[`"]Vacation[`"]/.test(statement.sql));
      expect(vacationReads).toHaveLength(2);
      const [counted, charged] = vacationReads;
      expect(planOf(db, counted)).toContain("USING COVERING INDEX Vacation_companyId_startDate_createdAt_id_covering_idx");
      expect(charged.sql).toContain("chargedSchedules");
      const chargedPlan = planOf(db, charged);
      expect(chargedPlan).toMatch(/USING (?:COVERING )?INDEX Vacation_\w+_idx \(companyId=\?/);
      expect(chargedPlan).not.toMatch(/SCAN [`"]?Vacation/);
    } finally {
      db.close();
    }
  });

  it("a team admin's pending requests are read through their people, not the company's whole list", async () => {
    const db = new Database(await demoCompanyFile("pending.db"));
    try {
      const companyId = demoCompanyId(db);
      const teamAdmin = db.prepare(`SELECT ta."userId" AS "userId", ta."teamId" AS "teamId" FROM "TeamAdmin" ta JOIN "User" u ON u."id" = ta."userId" WHERE u."companyId" = ? AND u."role" = 'admin' LIMIT 1`).get(companyId) as { userId: string; teamId: string };
      const category = db.prepare(`SELECT id FROM AbsenceCategory WHERE companyId = ? LIMIT 1`).get(companyId) as { id: string };
      // A company of 100 more people outside that team, 30 requests each, half of them pending.
      const person = db.prepare(`INSERT INTO User (id, companyId, email, fullName, role, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'user', 0, 0)`);
      const request = db.prepare(`INSERT INTO Vacation (id, companyId, userId, categoryId, startDate, endDate, status, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)`);
      db.transaction(() => {
        for (let p = 0; p < 100; p++) {
          person.run(`p-${p}`, companyId, `p${p}@plans.test`, `Person ${p}`);
          for (let r = 0; r < 30; r++) {
            const date = `2027-${String((r % 12) + 1).padStart(2, "0")}-${String((p % 28) + 1).padStart(2, "0")}`;
            request.run(`v-${p}-${r}`, companyId, `p-${p}`, category.id, date, date, r % 2 ? "pending" : "approved");
          }
        }
      })();
      // Statistics as the app's connection takes them (sampled: analysis_limit).
      db.exec("PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002;");
      const where = pendingDecisionsWhere({ userId: teamAdmin.userId, companyId, role: "admin", adminOfTeamIds: [teamAdmin.teamId], substituteForTeamIds: [], lastResortForIds: [] } as unknown as RoutedViewer)!;
      const [count] = await statementsOf(db.name, (client) => client.vacation.count({ where }));
      expect(planOf(db, count)).toContain("Vacation_userId_status_idx (userId=? AND status=?)");
    } finally {
      db.close();
    }
  });

  it("a page reads a company's holidays around its dates, and the checklist this year's, not every year it ever imported", async () => {
    // Ten countries' calendars of a century, as imports leave them; statistics taken as the app does.
    const db = new Database(await demoCompanyFile("holidays.db"));
    try {
      const companyId = demoCompanyId(db);
      const insert = db.prepare(`INSERT INTO Holiday (id, companyId, date, name, countryCode, isRecurring, createdAt) VALUES (?, ?, ?, ?, ?, 0, 0)`);
      db.transaction(() => {
        for (let year = 2000; year < 2100; year++) {
          for (let country = 0; country < 10; country++) {
            for (let day = 1; day <= 12; day++) insert.run(`h-${year}-${country}-${day}`, companyId, `${year}-${String(day).padStart(2, "0")}-10`, `Day ${day}`, `C${country}`);
          }
        }
      })();
      db.exec("ANALYZE");
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN SELECT date FROM Holiday WHERE (companyId = ? AND isRecurring = TRUE) OR (companyId = ? AND isRecurring = FALSE AND date >= ? AND date <= ?)`)
        .all(companyId, companyId, "2025-12-31", "2027-12-31") as { detail: string }[];
      const detail = plan.map((row) => row.detail).join("\n");
      expect(detail).toContain("Holiday_companyId_isRecurring_date_idx (companyId=? AND isRecurring=?)");
      expect(detail).toContain("Holiday_companyId_isRecurring_date_idx (companyId=? AND isRecurring=? AND date>? AND date<?)");
      // The set-up checklist's statement: its "any holiday this year?" over every country at once.
      const checklist = await statementsOf(db.name, () => getSetupChecklist({ companyId, role: "admin" } as Viewer, "2027-06-01"));
      const holidaysRead = checklist.filter((statement) => /FROM [`"]?\w*[`"]?\.?[`"]Holiday[`"]/.test(statement.sql));
      expect(holidaysRead).toHaveLength(1);
      expect(planOf(db, holidaysRead[0])).toContain("Holiday_companyId_date_idx (companyId=? AND date>? AND date<?)");
    } finally {
      db.close();
    }
  });
});
