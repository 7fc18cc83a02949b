// The background jobs at many tenants (issue 44, decision 0101): "with 2,000 companies, a full
// auto-approval run finishes in ≤ 60 s and never blocks a page for more than one batch".
// Seeds a scratch database (a SQLite file in the system's temporary directory, or with
// BENCH_DB=postgresql a throwaway cluster as bench/run.ts starts) with BENCH_COMPANIES companies
// (default 2,000), each with 5 people in one team, PT holidays, a year of decided absences and
// BENCH_PENDING (default 2) pending requests a month old, so every one is due. Then runs the full
// auto-approval once and prints its wall and CPU time, the number of batches, the longest batch,
// the longest the event loop was held, and how long a page's read made at the same time waited.
//   npx tsx bench/jobs.ts          (BENCH_DB=postgresql for PostgreSQL)
// Figures are recorded in bench/README.md.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { addDays } from "../app/lib/dates";
import { DEFAULT_CATEGORIES } from "../app/models/absence-category.server";
import { nationalHolidays } from "../app/models/holiday-catalogue.server";
import { createDb, setDb } from "../app/utils/db.server";
import { applyMigrations } from "../app/utils/migrations.server";
import { startPostgresqlCluster } from "../tests/support/postgresql-cluster";

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2000);
const PENDING = Number(process.env.BENCH_PENDING ?? 2);
const PEOPLE = 5;
const DECIDED = 4; // decided absences a person, for a vacation table that is not only the candidates
const ENGINE = process.env.BENCH_DB === "postgresql" ? "postgresql" : "sqlite";
const YEAR = 2026;

const load = () => execFileSync("uptime").toString().trim();
const ms = (value: number) => `${Math.round(value)} ms`;

function chunks<T>(rows: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function seed(db: ReturnType<typeof createDb>) {
  const holidays = await nationalHolidays("PT", YEAR);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const companies: { id: string; name: string }[] = [];
  const teams: { id: string; companyId: string; name: string }[] = [];
  const users: { id: string; companyId: string; email: string; fullName: string; role: string; teamId: string; countryCode: string }[] = [];
  const teamAdmins: { teamId: string; userId: string }[] = [];
  const vacations: { companyId: string; userId: string; startDate: string; endDate: string; status: string; createdAt: Date }[] = [];
  for (let c = 0; c < COMPANIES; c++) {
    const companyId = randomUUID();
    companies.push({ id: companyId, name: `Tenant ${c}` });
    const teamId = randomUUID();
    teams.push({ id: teamId, companyId, name: "Team" });
    for (let p = 0; p < PEOPLE; p++) {
      const userId = randomUUID();
      users.push({ id: userId, companyId, email: `p${p}.c${c}@jobs.test`, fullName: `Person ${p}`, role: p === 0 ? "admin" : "user", teamId, countryCode: "PT" });
      if (p === 0) teamAdmins.push({ teamId, userId });
      for (let k = 0; k < DECIDED; k++) {
        const start = addDays(`${YEAR}-02-02`, k * 60 + p * 3);
        vacations.push({ companyId, userId, startDate: start, endDate: addDays(start, 1), status: k % 3 === 2 ? "rejected" : "approved", createdAt: monthAgo });
      }
    }
    // The pending requests, of people other than the admin, for dates ahead.
    for (let k = 0; k < PENDING; k++) {
      const start = addDays(`${YEAR + 1}-03-01`, k * 7);
      vacations.push({ companyId, userId: users[users.length - PEOPLE + 1 + (k % (PEOPLE - 1))].id, startDate: start, endDate: addDays(start, 2), status: "pending", createdAt: monthAgo });
    }
  }
  for (const rows of chunks(companies)) await db.company.createMany({ data: rows });
  for (const rows of chunks(companies.flatMap((c) => DEFAULT_CATEGORIES.map((category) => ({ ...category, companyId: c.id }))))) await db.absenceCategory.createMany({ data: rows });
  for (const rows of chunks(companies.flatMap((c) => holidays.map((h) => ({ ...h, companyId: c.id, countryCode: "PT", isRecurring: false }))))) await db.holiday.createMany({ data: rows });
  for (const rows of chunks(teams)) await db.team.createMany({ data: rows });
  for (const rows of chunks(users)) await db.user.createMany({ data: rows });
  for (const rows of chunks(teamAdmins)) await db.teamAdmin.createMany({ data: rows });
  for (const rows of chunks(users.map((u) => ({ companyId: u.companyId, userId: u.id, year: YEAR + 1, yearly: 22 })))) await db.allowance.createMany({ data: rows });
  for (const rows of chunks(vacations)) await db.vacation.createMany({ data: rows });
  return { companies: companies.length, people: users.length, vacations: vacations.length, pending: COMPANIES * PENDING, someCompany: companies[Math.floor(COMPANIES / 2)].id };
}

async function main() {
  const cluster = ENGINE === "postgresql" ? await startPostgresqlCluster() : null;
  const dir = mkdtempSync(path.join(tmpdir(), "bench-jobs-"));
  let url = `file:${path.join(dir, "jobs.db")}`;
  if (cluster) {
    await cluster.admin("CREATE DATABASE jobs");
    url = cluster.url("jobs");
  }
  process.env.DATABASE_URL = url;
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-1234";
  process.env.SMTP_URL = ""; // mail stays in the outbox: the job's work, not an SMTP server's
  try {
    await applyMigrations(url);
    const db = createDb(url);
    setDb(db);
    const seedStarted = performance.now();
    const data = await seed(db);
    console.log(`Engine: ${ENGINE}. Data: ${data.companies} companies, ${data.people} people, ${data.vacations} absences, ${data.pending} pending requests due (seeded in ${ms(performance.now() - seedStarted)}).`);

    const { runAutoApproval, AUTO_APPROVAL_BATCH_COMPANIES } = await import("../app/models/auto-approval.server");
    // A page meanwhile: every 50 ms, the read the Approvals page makes for one company, timed.
    const probes: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        await db.vacation.findMany({ where: { companyId: data.someCompany, status: "pending" }, orderBy: { createdAt: "asc" }, take: 25, select: { id: true, startDate: true, endDate: true } });
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const batches: number[] = [];
    // The longest the event loop was held: the largest gap between ticks of a 10 ms timer.
    let lastTick = performance.now();
    let held = 0;
    const ticker = setInterval(() => {
      const tick = performance.now();
      held = Math.max(held, tick - lastTick - 10);
      lastTick = tick;
    }, 10);
    console.log(`Load before the run: ${load()}`);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const approved = await runAutoApproval(new Date(), { onBatch: (batch) => batches.push(batch.ms) });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    clearInterval(ticker);
    running = false;
    await probe;
    console.log(`Load after the run:  ${load()}`);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const at = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
    console.log(`\nFull auto-approval: ${approved.length} approved in ${ms(wall)} wall, ${ms((used.user + used.system) / 1000)} CPU (user ${ms(used.user / 1000)}, system ${ms(used.system / 1000)})`);
    console.log(`Batches: ${batches.length} of up to ${AUTO_APPROVAL_BATCH_COMPANIES} companies; longest ${ms(Math.max(...batches))}, median ${ms(at(batches, 0.5))}`);
    console.log(`Event loop held at most ${ms(held)}`);
    console.log(`A page's read during the run (${probes.length} reads): p50 ${at(probes, 0.5).toFixed(1)} ms, p99 ${at(probes, 0.99).toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms`);
    const left = await db.vacation.count({ where: { status: "pending" } });
    const audits = await db.auditEntry.count({ where: { action: "vacation.auto_approved" } });
    const mails = await db.emailOutbox.count();
    console.log(`Left pending: ${left}; audit entries: ${audits}; e-mails queued: ${mails}`);
    if (approved.length !== data.pending || left !== 0 || audits !== data.pending || mails !== data.pending) throw new Error("the run did not approve every due request exactly once");
    await db.$disconnect();
  } finally {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
