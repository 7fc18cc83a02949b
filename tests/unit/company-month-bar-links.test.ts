// A vacation's link on the company calendar (barHref) is written once per table and query, with
// the vacation's id put in its place: it must be the link the whole query written for that vacation
// gives (withQuery), whatever the query holds and whatever the id is.
import { describe, expect, it } from "vitest";
import { barHref, withQuery } from "~/components/company-month";

const queries = [
  "",
  "month=2027-03",
  "team=t1&q=a%26b",
  // A panel and a draft of the last action, which the link drops or replaces.
  "month=2027-02&bar=old&start=2027-02-01&end=2027-02-02&new=1&created=1",
  // Text that looks like the link's own pieces: only a key of its own is the vacation's.
  "q=BARPLACEHOLDER&xbar=BARPLACEHOLDER&bar2=1",
  "q=bar%3DBARPLACEHOLDER%26x",
  "q=%C3%A1rvore+%E2%80%93+%F0%9F%8C%B3",
];
// Never empty (an empty value would drop the key, as withQuery does for "").
const ids = ["cmwv8zkca00tcz47dyxlg0jts", "with space", "a&b=c", "árvore–🌳", "BARPLACEHOLDER", "x*y.z_w-v"];

describe("an absence's link on the company calendar", () => {
  for (const query of queries) {
    it(`is the query written whole for each vacation (${query || "no query"})`, () => {
      for (const month of ["2027-03", "2026-12"] as const) {
        for (const id of ids) expect(barHref(query, month, id)).toBe(`/company-calendar?${withQuery(query, { month, bar: id })}`);
      }
    });
  }
});
