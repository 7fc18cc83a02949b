// The company calendar's rows are written by the server as a string (decision 0043) and hydrated in
// the browser from React elements made of the same nodes: the two must be the same markup, byte for
// byte. The table is rendered twice, with the server's writer and without it (as in the browser's
// build, where *.server modules are empty), and compared whole.
import type { i18n as I18n } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import type { MonthPerson } from "~/components/company-month";
import type * as Writer from "~/components/company-month-html.server";

const writer = vi.hoisted(() => ({ current: undefined as undefined | ((...args: never[]) => string) }));
vi.mock("~/components/company-month-html.server", () => ({
  get markupToHtml() {
    return writer.current;
  },
}));

const { MonthTable } = await import("~/components/company-month");
const { pluralLocale } = await import("~/i18n");
const { resources } = await import("~/i18n-resources.server");
const { eachDay } = await import("~/lib/dates");
const { createLiteI18n } = await import("~/lib/i18n-lite");
const { markupToHtml } = (await vi.importActual("~/components/company-month-html.server")) as typeof Writer;

const days = [...eachDay("2027-03-01", "2027-03-31")];

function bar(id: string, startDate: string, endDate: string, status: string, details: { description: string; categoryId: string; categoryName: string } | null, half = false) {
  return { id, startDate, endDate, status, halfDayStart: half, halfDayEnd: half, details, canCancel: false, canNotify: false };
}

const people: MonthPerson[] = [
  {
    id: "p1",
    name: `Zoë "Z" O'Brien <ops> & co`,
    isViewer: false,
    holidays: { "2027-03-19": "São José & <Dia> \"do\" 'Pai'" },
    bars: [
      bar("b1", "2027-02-25", "2027-03-03", "approved", { description: "Férias <de> \"verão\" & 'sol'", categoryId: "c1", categoryName: "Vacation" }, true),
      bar("b2", "2027-03-10", "2027-03-10", "pending", null),
      bar("b3", "2027-03-29", "2027-04-02", "pending", { description: "", categoryId: "vacation", categoryName: "Vacation" }),
    ],
  },
  { id: "p2", name: "Ana", isViewer: false, holidays: {}, bars: [] },
  { id: "p3", name: "Bruno", isViewer: false, holidays: { "2027-03-19": "São José" }, bars: [bar("b4", "2027-03-15", "2027-03-17", "approved", null)] },
];

function render(language: string, withWriter: boolean) {
  writer.current = withWriter ? markupToHtml : undefined;
  const i18n = createLiteI18n(language, resources[language as "pt"].common, pluralLocale) as unknown as I18n;
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MonthTable
        month="2027-03"
        days={days}
        today="2027-03-16"
        companyHolidays={{ "2027-03-19": "São José" }}
        people={people}
        query="team=t1&q=a%26b"
        interactive={false}
        draft={null}
        onDraft={() => {}}
        onOpenBar={() => {}}
        onOpenPerson={() => {}}
      />
    </I18nextProvider>,
  );
}

describe("the company calendar's rows written as a string", () => {
  for (const language of ["en", "pt", "es"]) {
    it(`are React's own markup (${language})`, () => {
      const written = render(language, true);
      expect(written).toBe(render(language, false));
      expect(written).toContain('data-bar="b1"');
      expect(written).toContain("Zoë &quot;Z&quot; O&#x27;Brien &lt;ops&gt; &amp; co");
      expect(written).toContain('style="--span:');
    });
  }
});
