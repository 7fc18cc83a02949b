// The one CSV writer (docs/decisions/0024-reports-and-csv.md): what Excel needs to open a file in
// columns in each language, formula safety, quoting, and the attachment's name.
import { describe, expect, it } from "vitest";
import { csvCell, csvDialectFor, csvFileName, csvResponse, toCsv } from "~/lib/csv";

const parseLine = (line: string, separator: string) => {
  // Enough of RFC 4180 to read back what toCsv writes.
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === separator && !quoted) {
      cells.push(cell);
      cell = "";
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
};

describe("the CSV dialect of each language", () => {
  it.each([
    ["en", ",", "2.5"],
    ["pt", ";", "2,5"],
    ["es", ";", "2,5"],
  ])("%s: separator %s, half days written %s", (language, separator, half) => {
    const dialect = csvDialectFor(language);
    expect(dialect.separator).toBe(separator);
    const csv = toCsv(["Nome", "Início", "Dias"], [["Inês Conceição", "2026-08-03", 2.5], ["João", "2026-12-24", 3]], dialect);
    expect(csv.startsWith("Nome")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const lines = csv.split("\r\n").slice(0, -1);
    expect(lines).toEqual([`Nome${separator}Início${separator}Dias`, `Inês Conceição${separator}2026-08-03${separator}${half}`, `João${separator}2026-12-24${separator}3`]);
    // Each line splits into exactly its columns on the language's separator.
    for (const line of lines) expect(parseLine(line, separator)).toHaveLength(3);
  });

  it("falls back to the Portuguese dialect for an unknown language (pt is the product's fallback)", () => {
    expect(csvDialectFor("fr")).toEqual(csvDialectFor("pt"));
  });
});

describe("cells", () => {
  const pt = csvDialectFor("pt");
  const en = csvDialectFor("en");

  it("prefixes text a spreadsheet would run as a formula, in every dialect", () => {
    for (const dialect of [pt, en]) {
      for (const text of ["=1+1", "+351 912", "-2", "@SUM(A1)", "\tx", "\rx"]) {
        expect(csvCell(text, dialect).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
      }
    }
    expect(csvCell('=HYPERLINK("http://evil")', en)).toBe(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("keeps numbers numbers: negative balances are not turned into text", () => {
    expect(csvCell(-1.5, pt)).toBe("-1,5");
    expect(csvCell(-1.5, en)).toBe("-1.5");
    expect(csvCell(0.1 + 0.2, en)).toBe("0.3");
    expect(csvCell(-0, en)).toBe("0");
    expect(csvCell(Number.NaN, en)).toBe("");
  });

  it("quotes the dialect's separator, quotes and line breaks; a comma needs no quotes under ';'", () => {
    expect(csvCell("a;b", pt)).toBe('"a;b"');
    expect(csvCell("a,b", pt)).toBe("a,b");
    expect(csvCell("a,b", en)).toBe('"a,b"');
    expect(csvCell("line\nbreak", pt)).toBe('"line\nbreak"');
    expect(csvCell('say "hi"', pt)).toBe('"say ""hi"""');
    expect(csvCell(null, pt)).toBe("");
    expect(csvCell(undefined, pt)).toBe("");
    expect(csvCell(true, pt)).toBe("true");
  });

  it("writes a comma dialect by default (the holidays template keeps its spec header)", () => {
    expect(toCsv(["date", "name", "country_code", "is_recurring"], [])).toBe("date,name,country_code,is_recurring\r\n");
  });
});

describe("file names in the person's language", () => {
  it("keeps letters with accents, digits and dashes", () => {
    expect(csvFileName("Ausências da empresa 2026-01-01 a 2026-12-31")).toBe("ausências-da-empresa-2026-01-01-a-2026-12-31.csv");
    expect(csvFileName("Saldos / 2026")).toBe("saldos-2026.csv");
    expect(csvFileName("  ")).toBe("export.csv");
  });

  it("names the attachment in ASCII for old clients and in UTF-8 for the rest", () => {
    expect(csvResponse("my-absences.csv", "").headers.get("Content-Disposition")).toBe('attachment; filename="my-absences.csv"');
    const accented = csvResponse("ausências-2026.csv", "x");
    expect(accented.headers.get("Content-Disposition")).toBe(`attachment; filename="ausencias-2026.csv"; filename*=UTF-8''aus%C3%AAncias-2026.csv`);
    expect(accented.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(accented.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("sends the file as UTF-8 after a byte order mark, so that Excel reads its accents", async () => {
    const bytes = new Uint8Array(await csvResponse("f.csv", "Nome;Início\r\nInês;2026-08-03\r\n").arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFNome;Início\r\nInês;2026-08-03\r\n");
  });
});
