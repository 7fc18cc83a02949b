// Each rule of the holiday CSV import (spec section 5), on the pure module the screen and the API
// share: the header (preferred and compatibility, case and spaces ignored), the empty file, the
// first 50 data rows' dates with up to 5 line numbers and the Excel hint, encodings and line ends.
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n-resources.server";
import { checkHolidayCsv, CSV_CHECKED_ROWS, decodeCsv, holidayCsvTemplate, MAX_CSV_ROWS, readHolidayCsv } from "~/lib/holiday-csv";

const HEADER = "date,name,country_code,is_recurring";
const csv = (...lines: string[]) => lines.join("\n") + "\n";
const rows = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `2027-01-${String(((from + i - 1) % 28) + 1).padStart(2, "0")},Dia ${from + i},PT,false`);

describe("the header", () => {
  it("takes date,name,country_code,is_recurring and the compatibility is_national", () => {
    expect(checkHolidayCsv(csv(HEADER, "2027-01-01,Ano Novo,PT,true"))).toBeNull();
    expect(checkHolidayCsv(csv("date,name,country_code,is_national", "2027-01-01,Ano Novo,PT,true"))).toBeNull();
  });

  it("ignores case and spaces", () => {
    expect(checkHolidayCsv(csv(" Date , NAME,Country_Code , is_Recurring ", "2027-01-01,Ano Novo,PT,true"))).toBeNull();
    expect(checkHolidayCsv(csv("DATE,NAME,COUNTRY_CODE,IS_NATIONAL", "2027-01-01,Ano Novo,PT,true"))).toBeNull();
    expect(checkHolidayCsv(csv('"date","name","country_code","is_recurring"', "2027-01-01,Ano Novo,PT,true"))).toBeNull();
  });

  it("refuses any other header: other names, order, a fifth column, semicolons", () => {
    for (const header of ["date,name,country,is_recurring", "name,date,country_code,is_recurring", `${HEADER},region`, "date;name;country_code;is_recurring", "date,name,country_code", "2027-01-01,Ano Novo,PT,true"]) {
      expect(checkHolidayCsv(csv(header, "2027-01-01,Ano Novo,PT,true")), header).toEqual({ key: "holidays.csv.invalidHeader" });
    }
  });
});

describe("an empty file", () => {
  it("is 'Ficheiro vazio.' — nothing, blanks, or only a byte order mark", () => {
    for (const text of ["", "   ", "\n\r\n", "\uFEFF", "\uFEFF\r\n"]) expect(checkHolidayCsv(text)).toEqual({ key: "holidays.csv.empty" });
    expect(resources.pt.common.holidays.csv.empty).toBe("Ficheiro vazio.");
  });

  it("with a header and no rows says so", () => {
    expect(checkHolidayCsv(csv(HEADER))).toEqual({ key: "holidays.csv.noRows" });
  });
});

describe("the first 50 data rows start with a YYYY-MM-DD date", () => {
  it("names the bad lines (the header is line 1), up to 5, with the Excel hint", () => {
    const lines = [HEADER, "2027-01-01,Ano Novo,PT,true", "01/05/2027,Dia do Trabalhador,PT,true", "2027-06-10,Dia de Portugal,PT,true"];
    expect(checkHolidayCsv(csv(...lines))).toEqual({ key: "holidays.csv.badDates", params: { count: "1", lines: "3" } });
    const many = [HEADER, ...Array.from({ length: 8 }, (_, i) => `${i + 1}/1/2027,Dia,PT,true`)];
    expect(checkHolidayCsv(csv(...many))).toEqual({ key: "holidays.csv.badDates", params: { count: "5", lines: "2, 3, 4, 5, 6" } });
    expect(resources.en.common.holidays.csv.badDates_other).toContain("Excel");
    expect(resources.pt.common.holidays.csv.badDates_one).toContain("Excel");
  });

  it("checks only the first 50 data rows: a bad 51st row is left to the row rules", () => {
    const text = csv(HEADER, ...rows(CSV_CHECKED_ROWS), "not a date,Dia,PT,false");
    expect(checkHolidayCsv(text)).toBeNull();
    const read = readHolidayCsv(text);
    expect(read.ok && read.rows.at(-1)).toMatchObject({ line: CSV_CHECKED_ROWS + 2, date: "not a date" });
    expect(checkHolidayCsv(csv(HEADER, ...rows(CSV_CHECKED_ROWS - 1), "not a date,Dia,PT,false"))).toMatchObject({ key: "holidays.csv.badDates", params: { lines: "51" } });
  });

  it("counts data rows, not blank lines, and accepts a quoted date", () => {
    expect(checkHolidayCsv(csv(HEADER, "", '"2027-01-01","Ano Novo","PT","true"', "   ", "2027-12-25,Natal,PT,true"))).toBeNull();
    // Line numbers are the file's: the blank line 2 still counts as a line.
    expect(checkHolidayCsv(csv(HEADER, "", "25-12-2027,Natal,PT,true"))).toMatchObject({ params: { lines: "3" } });
  });

  it("refuses more rows than one import takes", () => {
    expect(checkHolidayCsv(csv(HEADER, ...rows(MAX_CSV_ROWS + 1)))).toEqual({ key: "holidays.csv.tooManyRows", params: { max: String(MAX_CSV_ROWS) } });
  });
});

describe("reading the rows", () => {
  it("reads quoted names with commas and quotes, and numbers lines as the file does", () => {
    const read = readHolidayCsv(csv(HEADER, '2027-01-01,"Ano Novo, o primeiro",PT,true', '2027-12-25,"Natal ""grande""",pt,0'));
    expect(read).toEqual({
      ok: true,
      errors: [],
      rows: [
        { line: 2, date: "2027-01-01", name: "Ano Novo, o primeiro", countryCode: "PT", isRecurring: "true" },
        { line: 3, date: "2027-12-25", name: 'Natal "grande"', countryCode: "pt", isRecurring: "0" },
      ],
    });
  });

  it("numbers lines right when a quoted name spans two lines (past the 50 checked rows: a line not starting with a date is refused before)", () => {
    const read = readHolidayCsv(csv(HEADER, ...rows(CSV_CHECKED_ROWS), '2027-01-01,"Ano', 'Novo",PT,true', "", "2027-12-25,Natal,PT,true"));
    expect(read.ok && read.rows.slice(-2).map((r) => [r.line, r.name])).toEqual([
      [53, "Ano\nNovo"],
      [55, "Natal"],
    ]);
    expect(readHolidayCsv(csv(HEADER, '2027-01-01,"Ano', 'Novo",PT,true'))).toMatchObject({ ok: false, problem: { key: "holidays.csv.badDates", params: { lines: "3" } } });
  });

  it("makes a row with another number of columns an error of its line", () => {
    const read = readHolidayCsv(csv(HEADER, "2027-01-01,Ano Novo,PT", "2027-12-25,Natal,PT,true,extra", "2027-06-10,Dia de Portugal,PT,true"));
    expect(read.ok && read.errors).toEqual([
      { line: 2, key: "holidays.csv.columns", params: { count: "3" } },
      { line: 3, key: "holidays.csv.columns", params: { count: "5" } },
    ]);
    expect(read.ok && read.rows.map((r) => r.line)).toEqual([4]);
  });

  it("refuses a file it cannot read, naming the line", () => {
    const read = readHolidayCsv(csv(HEADER, "2027-01-01,Ano Novo,PT,true", '2027-12-25,"Natal,PT,true'));
    expect(read).toMatchObject({ ok: false, problem: { key: "holidays.csv.unreadable" } });
  });

  it("keeps accents with CRLF or LF, with or without a byte order mark, in UTF-8 or Excel's Windows-1252", () => {
    const lines = [HEADER, "2027-10-05,Implantação da República,PT,true", "2027-01-06,Día de los Reyes Magos,ES,false"];
    const utf8 = new TextEncoder();
    for (const text of [lines.join("\r\n"), lines.join("\n"), "\uFEFF" + lines.join("\r\n"), "\uFEFF" + lines.join("\n") + "\n"]) {
      const read = readHolidayCsv(decodeCsv(utf8.encode(text)));
      expect(read.ok && read.rows.map((r) => r.name)).toEqual(["Implantação da República", "Día de los Reyes Magos"]);
    }
    // "ç" and "ã" as single Windows-1252 bytes (what Excel writes for "CSV (comma delimited)").
    const latin1 = Uint8Array.from([...(lines.join("\r\n"))].map((c) => c.charCodeAt(0)));
    const read = readHolidayCsv(decodeCsv(latin1));
    expect(read.ok && read.rows[0].name).toBe("Implantação da República");
  });

  it("offers a template that passes its own checks", () => {
    const template = holidayCsvTemplate();
    expect(template.startsWith(HEADER + "\r\n")).toBe(true);
    const read = readHolidayCsv(decodeCsv(new TextEncoder().encode(template)));
    expect(read.ok && read.rows).toHaveLength(2);
  });
});

describe("the spec's holiday messages", () => {
  it("read as section 8 wrote them in Portuguese, and exist in every language", () => {
    const spec: [string, string][] = [
      ["loadFailed", "Falha a carregar a lista."],
      ["createFailed", "Falha a criar feriado."],
      ["deleteFailed", "Falha a eliminar feriado."],
      ["importFailed", "Falha no import CSV."],
    ];
    for (const [key, pt] of spec) {
      expect(resources.pt.common.holidays[key as "loadFailed"]).toBe(pt);
      expect(resources.en.common.holidays[key as "loadFailed"]).toBeTruthy();
      expect(resources.es.common.holidays[key as "loadFailed"]).toBeTruthy();
    }
  });
});
