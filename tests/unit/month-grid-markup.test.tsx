// My Calendar's month grids are written by the server as a string (decision 0043) and hydrated in
// the browser from React elements: the two must be the same markup, byte for byte, or hydration
// breaks and the page without JavaScript differs from the one with it. Here, as in the browser's
// build, the *.server writer is an empty module, so MonthGrid renders its rows as elements; the
// real writer is then given the same cells and must write what React wrote.
import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type * as Writer from "~/components/month-grid-html.server";

vi.mock("~/components/month-grid-html.server", () => ({ monthRowsHtml: undefined }));

const { MonthGrid, dayAttributes, dayNotes, monthLayout, statusesByDate } = await import("~/components/month-grid");
const { monthRowsHtml } = (await vi.importActual("~/components/month-grid-html.server")) as typeof Writer;
const { pluralLocale } = await import("~/i18n");
const { resources } = await import("~/i18n-resources.server");
const { createLiteI18n } = await import("~/lib/i18n-lite");

const statuses = statusesByDate(
  [
    { startDate: "2026-12-21", endDate: "2027-01-06", status: "approved" },
    { startDate: "2027-01-05", endDate: "2027-01-08", status: "rejected" },
    { startDate: "2027-02-10", endDate: "2027-02-12", status: "pending" },
    { startDate: "2027-03-01", endDate: "2027-03-03", status: "cancelled" },
  ],
  2027,
);
// A name a company typed, with every character markup must escape.
const holidays = new Map([
  ["2027-01-01", "Ano Novo"],
  ["2027-02-09", `Carnaval <"Entrudo"> & 'folia'`],
  ["2027-01-06", "Reis"],
]);

function both(language: string, month: number) {
  const i18n = createLiteI18n(language, resources[language as "pt"].common, pluralLocale) as unknown as I18n;
  const props = {
    year: 2027,
    month,
    today: "2027-02-09",
    statuses,
    holidays,
    selection: month === 2 ? { start: "2027-02-08", end: "2027-02-11" } : null,
    focusDate: null,
    interactive: false,
  };
  const rendered = renderToString(
    <I18nextProvider i18n={i18n}>
      <MonthGrid {...props} />
    </I18nextProvider>,
  );
  const notes = dayNotes(i18n.t);
  const written = monthRowsHtml(monthLayout(2027, month, language).weeks, (cell) => dayAttributes(cell, props, notes));
  return { byReact: /<tbody>(.*)<\/tbody>/s.exec(rendered)![1], written };
}

describe("a month grid's rows written as a string", () => {
  for (const language of ["en", "pt", "es"]) {
    for (const month of [1, 2, 3, 12]) {
      it(`are React's own markup (${language}, month ${month})`, () => {
        const { byReact, written } = both(language, month);
        expect(written).toBe(byReact);
        expect(written).toContain('data-date="2027-');
      });
    }
  }

  it("escape what a company typed", () => {
    const { written } = both("en", 2);
    expect(written).toContain("Carnaval &lt;&quot;Entrudo&quot;&gt; &amp; &#x27;folia&#x27;");
    expect(written).not.toContain('<"Entrudo">');
    expect(written).toContain('id="today"');
    expect(written).toContain('aria-current="date"');
  });
});
