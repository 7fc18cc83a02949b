// The holiday CSV import's own rules (spec section 5), pure: the file's checks before anything is
// read (empty file, header, the first 50 data rows start with a date), then its rows parsed with
// csv-parse (quotes, BOM, CRLF) into the fields the holiday rules check (app/lib/holidays.ts).
// What is created or skipped is the model's business (app/models/holiday.server.ts).
import { parse } from "csv-parse/sync";
import { findControlCharacter } from "./text-input";

/** The preferred header, and the compatibility one whose last column means the same. */
export const HOLIDAY_CSV_HEADER = ["date", "name", "country_code", "is_recurring"] as const;
export const HOLIDAY_CSV_COMPAT_HEADER = ["date", "name", "country_code", "is_national"] as const;
/** Spec section 9: the first 50 data rows are checked for a date, up to 5 bad ones reported. */
export const CSV_CHECKED_ROWS = 50;
export const CSV_REPORTED_BAD_LINES = 5;
/** A bound well above any company's holidays that keeps one import's work and answer bounded. */
export const MAX_CSV_ROWS = 20_000;
/** The largest file the screen and the API take (the multipart body limit is 5 MB). */
export const MAX_CSV_BYTES = 4 * 1024 * 1024;

export interface CsvProblem {
  /** Locale key. */
  key: string;
  params?: Record<string, string>;
}

export interface CsvRowFields {
  /** The file's line number (the header is line 1; a record spanning lines, its last). */
  line: number;
  date: string;
  name: string;
  countryCode: string;
  isRecurring: string;
}

export interface CsvRowError {
  line: number;
  key: string;
  params?: Record<string, string>;
}

export type ReadCsv = { ok: true; rows: CsvRowFields[]; errors: CsvRowError[] } | { ok: false; problem: CsvProblem };

/**
 * The file's text: UTF-8 with or without a byte order mark; a file that is no valid UTF-8 is
 * read as Windows-1252, what Excel writes for "CSV (comma delimited)", so accents survive either way.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

const LINE_BREAK = /\r\n|\n|\r/;
// A date at the start of the line; a quoted first cell ("2027-01-01",…) counts too.
const STARTS_WITH_DATE = /^"?\d{4}-\d{2}-\d{2}/;

/** date,name,country_code,is_recurring whatever the case and spaces: "Date, Name , COUNTRY_CODE,is_national". */
function headerOf(line: string): string[] {
  return line.split(",").map((cell) => cell.replace(/\s+/g, "").replace(/^"(.*)"$/, "$1").toLowerCase());
}

function isKnownHeader(cells: string[]): boolean {
  const same = (header: readonly string[]) => cells.length === header.length && header.every((name, i) => cells[i] === name);
  return same(HOLIDAY_CSV_HEADER) || same(HOLIDAY_CSV_COMPAT_HEADER);
}

/**
 * The spec's checks of a file before its rows are read: empty file ('Ficheiro vazio.'), the header,
 * and the first 50 data rows each starting with a YYYY-MM-DD date (up to 5 bad line numbers named,
 * with a hint about Excel, which rewrites dates in the local format). Null when the file passes.
 */
export function checkHolidayCsv(text: string): CsvProblem | null {
  const content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!content.trim()) return { key: "holidays.csv.empty" };
  const lines = content.split(LINE_BREAK);
  const headerIndex = lines.findIndex((line) => line.trim() !== "");
  if (!isKnownHeader(headerOf(lines[headerIndex]))) return { key: "holidays.csv.invalidHeader" };
  const bad: number[] = [];
  let dataRows = 0;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    dataRows++;
    if (dataRows <= CSV_CHECKED_ROWS && !STARTS_WITH_DATE.test(lines[i].trimStart())) bad.push(i + 1);
  }
  if (dataRows === 0) return { key: "holidays.csv.noRows" };
  if (bad.length) {
    const listed = bad.slice(0, CSV_REPORTED_BAD_LINES);
    return { key: "holidays.csv.badDates", params: { count: String(listed.length), lines: listed.join(", ") } };
  }
  if (dataRows > MAX_CSV_ROWS) return { key: "holidays.csv.tooManyRows", params: { max: String(MAX_CSV_ROWS) } };
  return null;
}

/**
 * Each record with the file's line it ends on. Most files have one record per non-empty line:
 * then the lines are counted here, which keeps csv-parse on its fast path (its `info` option
 * triples the time of a 10,000-row file); a quoted value spanning lines takes the slow one.
 */
export function recordsWithLines(text: string, delimiter: "," | ";" = ","): { record: string[]; line: number }[] {
  const options = { bom: true, skip_empty_lines: true, relax_column_count: true, delimiter } as const;
  const records = parse(text, options) as string[][];
  const lineNumbers: number[] = [];
  text.split(LINE_BREAK).forEach((line, index) => {
    if (line !== "" && line !== "\uFEFF") lineNumbers.push(index + 1);
  });
  if (lineNumbers.length === records.length) return records.map((record, i) => ({ record, line: lineNumbers[i] }));
  const withInfo = parse(text, { ...options, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
  return withInfo.map(({ record, info }) => ({ record, line: info.lines }));
}

/**
 * Checks the file, then reads every data row. A row with another number of cells than the
 * header's is an error of that line; a file csv-parse cannot read (a quote never closed) is
 * refused whole, naming the line.
 */
export function readHolidayCsv(text: string): ReadCsv {
  const problem = checkHolidayCsv(text);
  if (problem) return { ok: false, problem };
  let records: { record: string[]; line: number }[];
  try {
    records = recordsWithLines(text);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, problem: { key: "holidays.csv.unreadable", params: { line: String(line ?? "?") } } };
  }
  const rows: CsvRowFields[] = [];
  const errors: CsvRowError[] = [];
  // The first record is the header, already checked.
  for (const { record, line } of records.slice(1)) {
    if (record.length !== HOLIDAY_CSV_HEADER.length) {
      errors.push({ line, key: "holidays.csv.columns", params: { count: String(record.length) } });
      continue;
    }
    const [date, name, countryCode, isRecurring] = record;
    rows.push({ line, date, name, countryCode, isRecurring });
  }
  return { ok: true, rows, errors };
}

/** The file the screen offers to download: the header and two examples, as spreadsheets open it. */
export function holidayCsvTemplate(): string {
  return [HOLIDAY_CSV_HEADER.join(","), "2027-01-01,Ano Novo,PT,true", "2027-03-26,Sexta-feira Santa,PT,false"].join("\r\n") + "\r\n";
}

export type CsvUpload = { ok: true; text: string } | { ok: false; status: 400 | 413; key: string; params?: Record<string, string> };

/**
 * The CSV a form sends: the text carried from a preview (field `csv`), else the file (field
 * `file`, else the first file of the form), at most 4 MB.
 */
export async function csvFromForm(formData: FormData): Promise<CsvUpload> {
  const carried = formData.get("csv");
  if (typeof carried === "string" && carried.trim()) {
    return carried.length > MAX_CSV_BYTES ? { ok: false, status: 413, key: "holidays.csv.fileTooLarge" } : { ok: true, text: carried };
  }
  const named = formData.get("file");
  const file = named instanceof File ? named : [...formData.values()].find((value): value is File => value instanceof File);
  if (!file || (file.size === 0 && !file.name)) return { ok: false, status: 400, key: "holidays.csv.fileRequired" };
  if (file.size > MAX_CSV_BYTES) return { ok: false, status: 413, key: "holidays.csv.fileTooLarge" };
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  // A NUL (a UTF-16 file, a binary one) would fail on PostgreSQL: refused whole, with the line.
  const control = findControlCharacter(text);
  if (control !== -1) return { ok: false, status: 400, key: "holidays.csv.controlCharacter", params: { line: String(text.slice(0, control).split("\n").length) } };
  return { ok: true, text };
}
