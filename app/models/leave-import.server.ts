// The import of a company switching tools (issue 43, decision 0086): opening balances per person
// and leave year, and past absences, from CSV. A preview plans without writing; an import plans
// again inside one transaction and writes the plan with one audit entry. Both read in batches
// (people once, types once, the existing absences of the file's dates once), so a 10,000-row file
// costs a handful of statements plus its inserts in chunks (bench/leave-import.ts).
import {
  absenceImportKey,
  openingAllowance,
  readAbsenceImport,
  readBalanceImport,
  type AbsenceImportRow,
  type LeaveImportKind,
} from "~/lib/leave-import";
import { addDays } from "~/lib/dates";
import type { CsvRowError } from "~/lib/holiday-csv";
import { MAX_VACATION_DAYS } from "~/lib/input-limits";
import { isAllowanceAmount } from "~/lib/schemas/people";
import { statusEffect } from "~/lib/balances";
import { recordAudit } from "~/utils/audit.server";
import { getDb, type DbClient } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { requireAdmin, type Viewer } from "~/utils/permissions.server";
import { allowanceUnits } from "./allowance.server";

/** How many rows of each list a plan carries to the screen (the counts are always whole). */
export const IMPORT_PLAN_ROWS = 200;
const INSERT_CHUNK = 1000;

export interface BalancePlanRow {
  line: number;
  email: string;
  name: string;
  year: number;
  allowance: number;
  carriedOver: number;
  alreadyTaken: number;
  /** What is left of the year's yearly and carried-over days before any absence booked here. */
  remaining: number;
  /** new: no figures for the year yet; changed: replaced; same: already what the file says. */
  change: "new" | "changed" | "same";
}

export interface AbsencePlanPerson {
  email: string;
  name: string;
  created: number;
  skipped: number;
}

export interface LeaveImportPlan {
  kind: LeaveImportKind;
  counts: { created: number; skipped: number; errors: number };
  errors: CsvRowError[];
  /** Balances: each row of the file that passed, as the balance will read after the import. */
  balances: BalancePlanRow[];
  /** Absences: per person, how many would be created and how many are already there. */
  people: AbsencePlanPerson[];
  /** The unit of the yearly balance (its figures are in it). */
  unit: "day" | "hour";
}

interface Person {
  id: string;
  email: string;
  name: string;
}

/** The viewer's company's people with these e-mails (another company's are never matched). */
async function peopleByEmail(db: DbClient, companyId: string, emails: Iterable<string>): Promise<Map<string, Person>> {
  const rows = await db.user.findMany({ where: { companyId, email: { in: [...new Set(emails)] } }, select: { id: true, email: true, fullName: true, name: true } });
  return new Map(rows.map((row) => [row.email.toLowerCase(), { id: row.id, email: row.email, name: row.fullName || row.name || row.email }]));
}

function byLine(a: CsvRowError, b: CsvRowError) {
  return a.line - b.line;
}

function unreadable(problem: { key: string; params?: Record<string, string> }): never {
  throw new AppError(400, "csv_invalid", problem.key, { params: problem.params });
}

// ---------------------------------------------------------------------------------------------
// Opening balances

interface BalanceWrite {
  userId: string;
  year: number;
  yearly: number;
  residual: number;
  exists: boolean;
}

async function planBalances(db: DbClient, companyId: string, text: string) {
  const read = readBalanceImport(text);
  if (!read.ok) unreadable(read.problem);
  const errors = [...read.errors];
  const [people, units] = await Promise.all([peopleByEmail(db, companyId, read.rows.map((row) => row.email)), allowanceUnits(companyId, db)]);
  const ids = [...new Set([...people.values()].map((person) => person.id))];
  const years = [...new Set(read.rows.map((row) => row.year))];
  const existing = await db.allowance.findMany({ where: { companyId, userId: { in: ids }, year: { in: years } }, select: { userId: true, year: true, yearly: true, residual: true } });
  const current = new Map(existing.map((row) => [`${row.userId}|${row.year}`, row]));
  const seen = new Set<string>();
  const rows: BalancePlanRow[] = [];
  const writes: BalanceWrite[] = [];
  for (const row of read.rows) {
    const person = people.get(row.email);
    if (!person) {
      errors.push({ line: row.line, key: "leaveImport.errors.unknownPerson", params: { value: row.email } });
      continue;
    }
    // Carried-over days are residual ones, which count in the yearly balance's unit (decision 0081).
    const unit = units.yearly;
    const figures = [row.allowance, row.carriedOver, row.alreadyTaken];
    if (!figures.every((figure) => isAllowanceAmount(figure, unit))) {
      errors.push({ line: row.line, key: unit === "hour" ? "leaveImport.errors.quarterHours" : "leaveImport.errors.halfDays" });
      continue;
    }
    const opening = openingAllowance(row);
    if (!opening) {
      errors.push({ line: row.line, key: "leaveImport.errors.takenTooMuch" });
      continue;
    }
    const key = `${person.id}|${row.year}`;
    if (seen.has(key)) {
      errors.push({ line: row.line, key: "leaveImport.errors.repeatedYear", params: { value: `${row.email} ${row.year}` } });
      continue;
    }
    seen.add(key);
    const before = current.get(key);
    const change = !before ? "new" : before.yearly === opening.yearly && before.residual === opening.residual ? "same" : "changed";
    rows.push({ line: row.line, email: person.email, name: person.name, year: row.year, allowance: row.allowance, carriedOver: row.carriedOver, alreadyTaken: row.alreadyTaken, remaining: opening.yearly + opening.residual, change });
    if (change !== "same") writes.push({ userId: person.id, year: row.year, ...opening, exists: Boolean(before) });
  }
  errors.sort(byLine);
  return { rows, writes, errors, unit: units.yearly };
}

// ---------------------------------------------------------------------------------------------
// Past absences

interface AbsenceWrite {
  userId: string;
  categoryId: string;
  row: AbsenceImportRow;
}

interface Span {
  startDate: string;
  endDate: string;
  line?: number;
}

/** The first of `spans` (sorted by start) that shares a date with `span`, if any. */
function overlapping(spans: readonly Span[], span: Span): Span | undefined {
  for (const other of spans) {
    if (other.startDate > span.endDate) return undefined;
    if (other.endDate >= span.startDate) return other;
  }
  return undefined;
}

function insertSorted(spans: Span[], span: Span) {
  let i = spans.length;
  while (i > 0 && spans[i - 1].startDate > span.startDate) i--;
  spans.splice(i, 0, span);
}

async function planAbsences(db: DbClient, companyId: string, text: string) {
  const read = readAbsenceImport(text);
  if (!read.ok) unreadable(read.problem);
  const errors = [...read.errors];
  let first = "9999-12-31";
  let last = "0000-01-01";
  for (const row of read.rows) {
    if (row.startDate < first) first = row.startDate;
    if (row.endDate > last) last = row.endDate;
  }
  const [people, categories] = await Promise.all([
    peopleByEmail(db, companyId, read.rows.map((row) => row.email)),
    db.absenceCategory.findMany({ where: { companyId }, select: { id: true, name: true } }),
  ]);
  // A type by its key ("sick_leave") or its name as the screens show it ("Sick leave").
  const categoryOf = new Map<string, string>();
  for (const category of categories) categoryOf.set(category.name.trim().toLowerCase(), category.id);
  for (const category of categories) categoryOf.set(category.id.toLowerCase(), category.id);
  const ids = [...new Set([...people.values()].map((person) => person.id))];
  // One read of every absence of the file's people that may touch its dates; none is longer than
  // MAX_VACATION_DAYS, so the start bound keeps the read on the index.
  const stored = read.rows.length
    ? await db.vacation.findMany({
        where: { companyId, userId: { in: ids }, startDate: { gte: addDays(first, -(MAX_VACATION_DAYS - 1)), lte: last }, endDate: { gte: first } },
        select: { userId: true, categoryId: true, startDate: true, endDate: true, status: true },
        orderBy: { startDate: "asc" },
      })
    : [];
  const known = new Set(stored.map((row) => absenceImportKey(row.userId, row.categoryId, row.startDate, row.endDate)));
  // The dates each person is already away (pending or approved): one absence per person per date.
  const away = new Map<string, Span[]>();
  for (const row of stored) {
    if (statusEffect(row.status) === "none") continue;
    const spans = away.get(row.userId) ?? [];
    spans.push(row);
    away.set(row.userId, spans);
  }
  const perPerson = new Map<string, AbsencePlanPerson>();
  const tally = (person: Person) => {
    let entry = perPerson.get(person.id);
    if (!entry) perPerson.set(person.id, (entry = { email: person.email, name: person.name, created: 0, skipped: 0 }));
    return entry;
  };
  const inFile = new Set<string>();
  const writes: AbsenceWrite[] = [];
  let skipped = 0;
  for (const row of read.rows) {
    const person = people.get(row.email);
    if (!person) {
      errors.push({ line: row.line, key: "leaveImport.errors.unknownPerson", params: { value: row.email } });
      continue;
    }
    const categoryId = categoryOf.get(row.type.toLowerCase());
    if (!categoryId) {
      errors.push({ line: row.line, key: "leaveImport.errors.unknownType", params: { value: row.type } });
      continue;
    }
    const key = absenceImportKey(person.id, categoryId, row.startDate, row.endDate);
    // Already imported (or booked here), or twice in this file: created once.
    if (known.has(key) || inFile.has(key)) {
      skipped++;
      tally(person).skipped++;
      continue;
    }
    if (statusEffect(row.status) !== "none") {
      const spans = away.get(person.id) ?? [];
      const clash = overlapping(spans, row);
      if (clash) {
        errors.push({
          line: row.line,
          key: clash.line ? "leaveImport.errors.overlapsLine" : "leaveImport.errors.overlaps",
          params: { start: clash.startDate, end: clash.endDate, other: String(clash.line ?? "") },
        });
        continue;
      }
      insertSorted(spans, { startDate: row.startDate, endDate: row.endDate, line: row.line });
      away.set(person.id, spans);
    }
    inFile.add(key);
    writes.push({ userId: person.id, categoryId, row });
    tally(person).created++;
  }
  errors.sort(byLine);
  const summary = [...perPerson.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { writes, skipped, errors, people: summary };
}

// ---------------------------------------------------------------------------------------------

async function planOf(db: DbClient, viewer: Viewer, kind: LeaveImportKind, text: string) {
  if (kind === "balances") {
    const plan = await planBalances(db, viewer.companyId, text);
    const view: LeaveImportPlan = {
      kind,
      counts: { created: plan.writes.length, skipped: plan.rows.length - plan.writes.length, errors: plan.errors.length },
      errors: plan.errors.slice(0, IMPORT_PLAN_ROWS),
      balances: plan.rows.slice(0, IMPORT_PLAN_ROWS),
      people: [],
      unit: plan.unit,
    };
    return { view, write: (tx: DbClient) => writeBalances(tx, viewer, plan.writes) };
  }
  const plan = await planAbsences(db, viewer.companyId, text);
  const view: LeaveImportPlan = {
    kind,
    counts: { created: plan.writes.length, skipped: plan.skipped, errors: plan.errors.length },
    errors: plan.errors.slice(0, IMPORT_PLAN_ROWS),
    balances: [],
    people: plan.people.slice(0, IMPORT_PLAN_ROWS),
    unit: "day",
  };
  return { view, write: (tx: DbClient) => writeAbsences(tx, viewer, plan.writes) };
}

async function writeBalances(tx: DbClient, viewer: Viewer, writes: readonly BalanceWrite[]) {
  const { companyId } = viewer;
  const fresh = writes.filter((write) => !write.exists);
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    await tx.allowance.createMany({ data: fresh.slice(i, i + INSERT_CHUNK).map(({ userId, year, yearly, residual }) => ({ companyId, userId, year, yearly, residual })) });
  }
  // Special leave is not in the file and stays as it is.
  for (const { userId, year, yearly, residual } of writes.filter((write) => write.exists)) {
    await tx.allowance.update({ where: { userId_year: { userId, year } }, data: { yearly, residual } });
  }
}

// Prisma's createMany in chunks: a multi-row INSERT written by hand was ~10× faster here, but raw
// SQL is for what the query API cannot say (GUIDE section 9), and this it can (decision 0086).
async function writeAbsences(tx: DbClient, viewer: Viewer, writes: readonly AbsenceWrite[]) {
  const { companyId } = viewer;
  const now = new Date();
  for (let i = 0; i < writes.length; i += INSERT_CHUNK) {
    await tx.vacation.createMany({
      data: writes.slice(i, i + INSERT_CHUNK).map(({ userId, categoryId, row }) => {
        // Decided in the old tool: the importer stands as the reviewer of record.
        const decided = row.status === "approved" || row.status === "rejected";
        return {
          companyId,
          userId,
          categoryId,
          startDate: row.startDate,
          endDate: row.endDate,
          halfDayStart: row.halfDayStart,
          halfDayEnd: row.halfDayEnd,
          status: row.status,
          reviewerId: decided ? viewer.userId : null,
          reviewedAt: decided ? now : null,
        };
      }),
    });
  }
}

/** What importing the file would write, refuse and leave as it is; nothing is written. Company admins. */
export async function previewLeaveImport(viewer: Viewer, kind: LeaveImportKind, text: string): Promise<LeaveImportPlan> {
  requireAdmin(viewer);
  return (await planOf(getDb(), viewer, kind, text)).view;
}

/**
 * Imports the file: plans it again inside one transaction (what another import wrote in between
 * is seen) and writes the rows that passed, with one audit entry holding the counts. Lines in
 * error are left out, as the preview said; a file whose every line is refused writes nothing.
 */
export async function runLeaveImport(viewer: Viewer, kind: LeaveImportKind, text: string): Promise<LeaveImportPlan> {
  requireAdmin(viewer);
  return getDb().$transaction(
    async (tx) => {
      const { view, write } = await planOf(tx, viewer, kind, text);
      if (view.counts.created === 0) return view;
      await write(tx);
      await recordAudit(
        {
          companyId: viewer.companyId,
          actorId: viewer.userId,
          action: kind === "balances" ? "leave_import.balances" : "leave_import.absences",
          entity: "company",
          entityId: viewer.companyId,
          details: { created: view.counts.created, skipped: view.counts.skipped, errors: view.counts.errors },
        },
        tx,
      );
      return view;
    },
    // 10,000 rows are ten inserts of 1,000, but a busy disk can be slow: more than the default 5 s.
    { timeout: 60_000 },
  );
}
