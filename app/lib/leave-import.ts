// The import of a company switching tools (issue 43, decision 0086), pure: the two files' headers,
// their rows read into typed fields with a locale key per refused line, and the rule that turns a
// file's opening balance into the stored allowance figures. Matching people, types and existing
// absences is the model's business (app/models/leave-import.server.ts).
import { dayNumber, isIsoDate, type IsoDate } from "./dates";
import { MAX_CSV_ROWS, recordsWithLines, type CsvProblem, type CsvRowError } from "./holiday-csv";
import { MAX_VACATION_DAYS } from "./input-limits";

export const LEAVE_IMPORT_KINDS = ["balances", "absences"] as const;
export type LeaveImportKind = (typeof LEAVE_IMPORT_KINDS)[number];

export const LEAVE_IMPORT_HEADERS: Record<LeaveImportKind, readonly string[]> = {
  balances: ["email", "year", "allowance", "carried_over", "already_taken"],
  absences: ["email", "type", "start", "end", "half_day_start", "half_day_end", "status"],
};

export const IMPORT_STATUSES = ["approved", "cancelled", "rejected", "pending"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export function parseLeaveImportKind(value: unknown): LeaveImportKind | null {
  return (LEAVE_IMPORT_KINDS as readonly unknown[]).includes(value) ? (value as LeaveImportKind) : null;
}

export interface BalanceImportRow {
  line: number;
  email: string;
  year: number;
  allowance: number;
  carriedOver: number;
  alreadyTaken: number;
}

export interface AbsenceImportRow {
  line: number;
  email: string;
  type: string;
  startDate: IsoDate;
  endDate: IsoDate;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  status: ImportStatus;
}

export type ReadLeaveImport<Row> = { ok: true; rows: Row[]; errors: CsvRowError[] } | { ok: false; problem: CsvProblem };

const LINE_BREAK = /\r\n|\n|\r/;

// Excel in Portuguese and Spanish saves with ';' (its decimal mark is the comma), in English with
// ','; the header says which one the file uses.
function delimiterOf(headerLine: string): "," | ";" {
  return headerLine.includes(";") ? ";" : ",";
}

function headerCells(line: string, delimiter: string): string[] {
  return line.split(delimiter).map((cell) => cell.replace(/\s+/g, "").replace(/^"(.*)"$/, "$1").toLowerCase());
}

/** The file's records after its header, or why the whole file is refused (the holiday import's keys). */
function readRecords(kind: LeaveImportKind, text: string): { ok: true; records: { record: string[]; line: number }[] } | { ok: false; problem: CsvProblem } {
  const content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!content.trim()) return { ok: false, problem: { key: "holidays.csv.empty" } };
  const headerLine = content.split(LINE_BREAK).find((line) => line.trim() !== "") ?? "";
  const delimiter = delimiterOf(headerLine);
  const header = LEAVE_IMPORT_HEADERS[kind];
  const cells = headerCells(headerLine, delimiter);
  if (cells.length !== header.length || header.some((name, i) => cells[i] !== name)) {
    return { ok: false, problem: { key: "leaveImport.errors.header", params: { header: header.join(";") } } };
  }
  let records: { record: string[]; line: number }[];
  try {
    records = recordsWithLines(content, delimiter).slice(1);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, problem: { key: "holidays.csv.unreadable", params: { line: String(line ?? "?") } } };
  }
  if (!records.length) return { ok: false, problem: { key: "holidays.csv.noRows" } };
  if (records.length > MAX_CSV_ROWS) return { ok: false, problem: { key: "holidays.csv.tooManyRows", params: { max: String(MAX_CSV_ROWS) } } };
  return { ok: true, records };
}

/** "2,5" (a spreadsheet in pt/es) or "2.5"; blank is 0. NaN for anything else or below 0. */
export function parseFigure(value: string): number {
  const text = value.trim().replace(",", ".");
  if (text === "") return 0;
  if (!/^\d+(\.\d+)?$/.test(text)) return NaN;
  return Number(text);
}

const TRUE_WORDS = new Set(["1", "true", "yes", "sim", "sí", "si", "x"]);
const FALSE_WORDS = new Set(["", "0", "false", "no", "não", "nao"]);

function parseFlag(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return null;
}

function readRows<Row>(kind: LeaveImportKind, text: string, parse: (cells: string[], line: number) => Row | CsvRowError): ReadLeaveImport<Row> {
  const read = readRecords(kind, text);
  if (!read.ok) return read;
  const rows: Row[] = [];
  const errors: CsvRowError[] = [];
  const width = LEAVE_IMPORT_HEADERS[kind].length;
  for (const { record, line } of read.records) {
    if (record.length !== width) {
      errors.push({ line, key: "holidays.csv.columns", params: { count: String(record.length) } });
      continue;
    }
    const parsed = parse(record, line);
    if ("key" in (parsed as object)) errors.push(parsed as CsvRowError);
    else rows.push(parsed as Row);
  }
  return { ok: true, rows, errors };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function readBalanceImport(text: string): ReadLeaveImport<BalanceImportRow> {
  return readRows<BalanceImportRow>("balances", text, (cells, line): BalanceImportRow | CsvRowError => {
    const [emailCell, yearCell, ...figureCells] = cells;
    const email = emailCell.trim().toLowerCase();
    if (!EMAIL.test(email)) return { line, key: "leaveImport.errors.email", params: { value: emailCell } };
    const year = Number(yearCell.trim());
    if (!/^\d{4}$/.test(yearCell.trim()) || year < 2000 || year > 2100) return { line, key: "leaveImport.errors.year", params: { value: yearCell } };
    const [allowance, carriedOver, alreadyTaken] = figureCells.map(parseFigure);
    const names = ["allowance", "carried_over", "already_taken"];
    const bad = [allowance, carriedOver, alreadyTaken].findIndex((figure) => Number.isNaN(figure));
    if (bad !== -1) return { line, key: "leaveImport.errors.figure", params: { field: names[bad], value: figureCells[bad] } };
    return { line, email, year, allowance, carriedOver, alreadyTaken };
  });
}

export function readAbsenceImport(text: string): ReadLeaveImport<AbsenceImportRow> {
  return readRows<AbsenceImportRow>("absences", text, (cells, line): AbsenceImportRow | CsvRowError => {
    const [emailCell, typeCell, startCell, endCell, halfStartCell, halfEndCell, statusCell] = cells;
    const email = emailCell.trim().toLowerCase();
    if (!EMAIL.test(email)) return { line, key: "leaveImport.errors.email", params: { value: emailCell } };
    const type = typeCell.trim();
    if (!type) return { line, key: "leaveImport.errors.typeMissing" };
    const startDate = startCell.trim();
    const endDate = endCell.trim();
    // Excel rewrites dates in the local format unless the column is text: the same hint as the holidays'.
    if (!isIsoDate(startDate)) return { line, key: "leaveImport.errors.date", params: { field: "start", value: startCell } };
    if (!isIsoDate(endDate)) return { line, key: "leaveImport.errors.date", params: { field: "end", value: endCell } };
    if (endDate < startDate) return { line, key: "leaveImport.errors.endBeforeStart" };
    if (dayNumber(endDate) - dayNumber(startDate) >= MAX_VACATION_DAYS) return { line, key: "leaveImport.errors.tooLong", params: { max: String(MAX_VACATION_DAYS) } };
    const halfDayStart = parseFlag(halfStartCell);
    const halfDayEnd = parseFlag(halfEndCell);
    if (halfDayStart === null) return { line, key: "leaveImport.errors.flag", params: { field: "half_day_start", value: halfStartCell } };
    if (halfDayEnd === null) return { line, key: "leaveImport.errors.flag", params: { field: "half_day_end", value: halfEndCell } };
    // One date cannot start in the afternoon and end at midday: nothing would be left of it.
    if (startDate === endDate && halfDayStart && halfDayEnd) return { line, key: "leaveImport.errors.halfDays" };
    const status = statusCell.trim().toLowerCase();
    if (!(IMPORT_STATUSES as readonly string[]).includes(status)) return { line, key: "leaveImport.errors.status", params: { value: statusCell } };
    return { line, email, type, startDate, endDate, halfDayStart, halfDayEnd, status: status as ImportStatus };
  });
}

/**
 * The allowance figures that make a year's balance what the file says (decision 0086): what was
 * already taken in the old tool comes off the yearly allowance first, then off the carried-over
 * days, so "remaining" is allowance + carried_over − already_taken before any absence booked here.
 * Null when more was taken than the two hold.
 */
export function openingAllowance(row: Pick<BalanceImportRow, "allowance" | "carriedOver" | "alreadyTaken">): { yearly: number; residual: number } | null {
  if (row.alreadyTaken > row.allowance + row.carriedOver) return null;
  const fromYearly = Math.min(row.alreadyTaken, row.allowance);
  return { yearly: row.allowance - fromYearly, residual: row.carriedOver - (row.alreadyTaken - fromYearly) };
}

/** The identity of a past absence across imports: the same file imported twice creates it once. */
export function absenceImportKey(userId: string, categoryId: string, startDate: string, endDate: string): string {
  return `${userId}|${categoryId}|${startDate}|${endDate}`;
}

/** The downloadable template of each kind, with two example rows. */
export function leaveImportTemplate(kind: LeaveImportKind): string {
  const rows =
    kind === "balances"
      ? ["ana@example.com;2026;22;3;5", "rui@example.com;2026;22;0;10,5"]
      : ["ana@example.com;yearly_allowance;2026-03-02;2026-03-06;no;no;approved", "rui@example.com;sick_leave;2026-04-14;2026-04-14;no;no;approved"];
  return [LEAVE_IMPORT_HEADERS[kind].join(";"), ...rows].join("\r\n") + "\r\n";
}
