// The one CSV writer of every export (docs/decisions/0024-reports-and-csv.md). What a spreadsheet
// needs to open the file in columns, with accents, in the person's language:
// - UTF-8 with a byte order mark (Excel reads accents right only with it), CRLF line ends, RFC 4180
//   quoting;
// - the separator follows the language: Excel in Portuguese and Spanish splits on ';' (their
//   decimal mark is the comma), in English on ','. Numbers are written with that language's
//   decimal mark, so "2,5" is a number in pt/es and "2.5" one in en. (A "sep=;" first line would
//   also split, but then Excel ignores the BOM and breaks every accent.)
// - dates are ISO (YYYY-MM-DD, and "YYYY-MM-DD HH:MM:SS" for times), which Excel reads in every
//   locale;
// - formula-safe: a text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is
//   prefixed with an apostrophe. Numbers are numbers, so a negative balance stays a number.

export interface CsvDialect {
  separator: "," | ";";
  decimal: "." | ",";
}

export const COMMA_DIALECT: CsvDialect = { separator: ",", decimal: "." };
const SEMICOLON_DIALECT: CsvDialect = { separator: ";", decimal: "," };

/** The dialect Excel expects in a language of the product (en: comma; pt, es: semicolon). */
export function csvDialectFor(language: string): CsvDialect {
  return language === "en" ? COMMA_DIALECT : SEMICOLON_DIALECT;
}

const FORMULA_START = /^[=+\-@\t\r]/;

function formatNumber(value: number, dialect: CsvDialect): string {
  if (!Number.isFinite(value)) return "";
  // Days are whole or half; anything else is rounded to two decimals, never written as 1e-7.
  const text = String(Math.round(value * 100) / 100 + 0);
  return dialect.decimal === "," ? text.replace(".", ",") : text;
}

export function csvCell(value: unknown, dialect: CsvDialect = COMMA_DIALECT): string {
  if (typeof value === "number") return formatNumber(value, dialect);
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(dialect.separator) || text.includes('"') || text.includes("\n") || text.includes("\r");
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file's text: header, rows, CRLF after each line (csvResponse puts the BOM before it). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], dialect: CsvDialect = COMMA_DIALECT): string {
  const lines = new Array<string>(rows.length + 2);
  const line = (row: readonly unknown[]) => {
    let text = "";
    for (let i = 0; i < row.length; i++) text += (i ? dialect.separator : "") + csvCell(row[i], dialect);
    return text;
  };
  lines[0] = line(header);
  for (let i = 0; i < rows.length; i++) lines[i + 1] = line(rows[i]);
  // The last, empty, line ends the file with CRLF. One join and nothing added before or after it:
  // the text comes out as one flat string, encoded as it is rather than copied once more first.
  lines[rows.length + 1] = "";
  return lines.join("\r\n");
}

/** Rows as CSV lines, each ending in CRLF: a part of a file toCsv would write whole (same bytes). */
export function csvLines(rows: readonly (readonly unknown[])[], dialect: CsvDialect = COMMA_DIALECT): string {
  let text = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += (i ? dialect.separator : "") + csvCell(row[i], dialect);
    text += "\r\n";
  }
  return text;
}

/** A name safe for a file system and a header: letters, digits, dots and dashes (accents kept). */
export function csvFileName(base: string): string {
  return safeFileName(base, "csv");
}

/** csvFileName's rule for any kind of file (a PDF, a ZIP). */
export function safeFileName(base: string, extension: string): string {
  const name = base
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return `${name || "export"}.${extension}`;
}

/** What old clients read: the same name without accents or anything outside printable ASCII. */
function asciiFileName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "-")
    .replace(/["\\]/g, "-");
}

/** Content-Disposition for a download: an ASCII name, and the UTF-8 one beside it when they differ (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = asciiFileName(filename);
  return ascii === filename ? `attachment; filename="${filename}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/**
 * A CSV file as an attachment in the person's language: the BOM, then `text`; `filename` in ASCII
 * for old clients, `filename*` (RFC 6266 / 5987) with the accented name for every current browser.
 */
export function csvResponse(filename: string, text: string): Response {
  // Bytes, not a string: a Response checks a string body for lone surrogates character by character
  // before encoding it (5 % of a 1,000-person export). The BOM as bytes too: as a character it would
  // make the whole text a two-byte string, twice the memory to join and encode.
  const body = Buffer.concat([UTF8_BOM, Buffer.from(text)]) as Buffer<ArrayBuffer>;
  return new Response(body, { headers: csvHeaders(filename) });
}

/**
 * A CSV file streamed as it is written (decision 0102): the BOM, then each part `parts` yields, read
 * from the database a page at a time, so a 2,000-person export never holds its whole text. The first
 * part is awaited here: a refusal or a failure before the first byte throws to the caller (runExport's
 * page); one after it ends the download short, and is logged.
 */
export async function csvStreamResponse(filename: string, parts: AsyncIterable<string>): Promise<Response> {
  const iterator = parts[Symbol.asyncIterator]();
  const first = await iterator.next();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(UTF8_BOM);
      if (first.done) controller.close();
      else controller.enqueue(Buffer.from(first.value));
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(Buffer.from(next.value));
      } catch (error) {
        console.error(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { headers: csvHeaders(filename) });
}

function csvHeaders(filename: string): Record<string, string> {
  return { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": attachmentDisposition(filename), "Cache-Control": "private, no-store" };
}

/** A translated label per value, each translated once: i18next costs far more than a CSV row. */
export function labelsOf(translate: (value: string) => string): (value: string) => string {
  const labels = new Map<string, string>();
  return (value) => {
    let label = labels.get(value);
    if (label === undefined) {
      label = translate(value);
      labels.set(value, label);
    }
    return label;
  };
}
