// The leave import's bench (issue 43: "a 10,000-row past-leave import previews, imports and is
// idempotent in ≤ 2 s", decision 0086): a scratch SQLite database (bench/.tmp/) with one company
// of 200 people, a past-absence file of 10,000 rows (50 a person, a week apart, mixed statuses),
// then the model's preview, import and the same import again, each timed. Run it alone:
//   npx tsx bench/leave-import.ts          (BENCH_ROWS=20000 for another size)
// Figures are recorded in bench/README.md.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { addDays } from "../app/lib/dates";
import { DEFAULT_CATEGORIES } from "../app/models/absence-category.server";
import { previewLeaveImport, runLeaveImport } from "../app/models/leave-import.server";
import { createDb, setDb } from "../app/utils/db.server";
import { applyMigrations } from "../app/utils/migrations.server";
import type { Viewer } from "../app/utils/permissions.server";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PEOPLE = 200;
const STATUSES = ["approved", "approved", "approved", "cancelled", "rejected", "pending"];

const dir = path.resolve("bench/.tmp");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, "leave-import.db");
for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
const url = `file:${file}`;
await applyMigrations(url);
const db = createDb(url);
setDb(db);

const company = await db.company.create({ data: { name: "Switching Lda", countryCode: "PT", timeZone: "Europe/Lisbon" } });
await db.absenceCategory.createMany({ data: DEFAULT_CATEGORIES.map((category) => ({ ...category, companyId: company.id })) });
const admin = await db.user.create({ data: { companyId: company.id, email: "admin@switching.test", role: "admin" } });
await db.user.createMany({ data: Array.from({ length: PEOPLE }, (_, i) => ({ companyId: company.id, email: `p${i}@switching.test`, fullName: `Person ${i}` })) });

const lines = ["email;type;start;end;half_day_start;half_day_end;status"];
for (let i = 0; i < ROWS; i++) {
  const person = i % PEOPLE;
  const week = Math.floor(i / PEOPLE);
  const start = addDays("2020-01-06", week * 7 + (person % 3));
  lines.push(`p${person}@switching.test;${i % 10 === 0 ? "sick_leave" : "yearly_allowance"};${start};${addDays(start, 1)};no;no;${STATUSES[i % STATUSES.length]}`);
}
const text = lines.join("\r\n") + "\r\n";

const viewer: Viewer = { userId: admin.id, companyId: company.id, role: "admin", isMaster: false, teamId: null, adminOfTeamIds: [], timeZone: "Europe/Lisbon" };

// Wall-clock time and the process's CPU time (user + system): on a machine that other work keeps
// busy the first grows with the load, the second much less, and it bounds what a quiet run takes.
async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  console.log(`${label}: ${Math.round(performance.now() - started)} ms (CPU ${Math.round((used.user + used.system) / 1000)} ms)`);
  return result;
}

const preview = await timed(`preview of ${ROWS} rows`, () => previewLeaveImport(viewer, "absences", text));
const first = await timed(`import of ${ROWS} rows`, () => runLeaveImport(viewer, "absences", text));
const again = await timed("the same import again", () => runLeaveImport(viewer, "absences", text));
console.log({ preview: preview.counts, first: first.counts, again: again.counts, stored: await db.vacation.count({ where: { companyId: company.id } }) });
if (first.counts.created !== ROWS || again.counts.created !== 0) throw new Error("the import did not create every row once");
await db.$disconnect();
