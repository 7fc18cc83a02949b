// @module-tag time-zones (rerun under far time zones: npm run test:time-zones)
// The company calendar's rows: days with nothing on them are one cell per run (within one kind of
// column, since a spanning cell takes the background of the column it starts in), while each
// vacation and each holiday keeps a cell of its own. Every row still covers every day of the month.
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { MonthTable, type MonthPerson } from "~/components/company-month";
import { addDays, eachDay, isWeekend } from "~/lib/dates";
import { createPageI18n } from "~/utils/i18n.server";

const days = [...eachDay("2026-12-01", "2026-12-31")];
const TODAY = "2026-12-16";

function person(id: string, bars: [string, string][], holidays: Record<string, string> = {}): MonthPerson {
  return {
    id,
    name: id,
    isViewer: false,
    holidays,
    bars: bars.map(([startDate, endDate], i) => ({ id: `${id}-${i}`, startDate, endDate, status: "approved", halfDayStart: false, halfDayEnd: false, details: null, canCancel: false, canNotify: false })),
  };
}

/** Each row's cells as [first day index, days spanned, classes]. */
const i18n = await createPageI18n("pt", ["common"]);

function rowsOf(people: MonthPerson[]) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MonthTable month="2026-12" days={days} today={TODAY} companyHolidays={{}} people={people} query="" interactive={false} draft={null} onDraft={() => {}} onOpenBar={() => {}} onOpenPerson={() => {}} />
    </I18nextProvider>,
  );
  const rows = [...html.matchAll(/<tr class="company-month__row"[^>]*>(.*?)<\/tr>/g)].map((m) => m[1]);
  return rows.map((row) => {
    let day = 0;
    return [...row.matchAll(/<td([^>]*)>/g)].map(([, attrs]) => {
      const span = Number(/colSpan="(\d+)"/i.exec(attrs)?.[1] ?? 1);
      const cell = { first: day, span, attrs };
      day += span;
      return cell;
    });
  });
}

const kind = (date: string) => (date === TODAY ? "today" : isWeekend(date) ? "weekend" : "day");

describe("company month rows", () => {
  it("cover every day, one cell per vacation and holiday, empty days merged within one kind of column", () => {
    const [quiet, busy] = rowsOf([person("quiet", []), person("busy", [["2026-12-09", "2026-12-11"]], { "2026-12-08": "Imaculada Conceição", "2026-12-25": "Natal" })]);
    for (const row of [quiet, busy]) {
      expect(row.reduce((sum, cell) => sum + cell.span, 0)).toBe(days.length);
      for (const cell of row) {
        const covered = days.slice(cell.first, cell.first + cell.span);
        if (!cell.attrs.includes("bar-cell")) expect(new Set(covered.map(kind)).size).toBe(1);
      }
    }
    // A month of weekday runs, weekends and today: far fewer cells than days.
    expect(quiet.length).toBeLessThan(15);
    expect(quiet.some((cell) => cell.span === 5)).toBe(true);

    const at = (date: string) => busy.find((cell) => days[cell.first] === date)!;
    expect(at("2026-12-08").span).toBe(1);
    expect(at("2026-12-08").attrs).toContain("company-month__holiday");
    expect(at("2026-12-09").span).toBe(3);
    expect(at("2026-12-09").attrs).toContain("company-month__bar-cell");
    expect(at("2026-12-25").attrs).toContain("company-month__holiday");
    // The empty days after the vacation start a cell of their own, that day.
    expect(at(addDays("2026-12-11", 1))).toBeDefined();
  });

  it("clips vacations that start before the month or end after it to the month's days", () => {
    const [edges] = rowsOf([person("edges", [["2026-11-25", "2026-12-02"], ["2026-12-03", "2026-12-04"], ["2026-12-30", "2027-01-06"]])]);
    expect(edges.reduce((sum, cell) => sum + cell.span, 0)).toBe(days.length);
    const bars = edges.filter((cell) => cell.attrs.includes("bar-cell")).map((cell) => [days[cell.first], cell.span]);
    expect(bars).toEqual([
      ["2026-12-01", 2],
      ["2026-12-03", 2],
      ["2026-12-30", 2],
    ]);
  });
});
