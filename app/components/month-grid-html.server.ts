// The server's writer of month grid rows (app/components/month-grid.tsx), kept out of the browser's
// bundle: the browser renders the same rows with React elements.
import { attributeNameOf, escapeAsReact } from "~/utils/markup.server";
import type { DayAttributes, GridDay } from "./month-grid";

/**
 * A grid's rows as the markup React writes for MonthGrid's rows, built as a string: My Calendar's
 * twelve grids are ~400 cells of up to seven attributes each, and React's attribute writer was the
 * largest single cost of the page on the server (decision 0043). Each cell's attributes are the
 * props the browser renders, written in their order as React writes them (undefined ones left out,
 * booleans as "true"/"false"); tests/unit/month-grid-markup.test.tsx keeps the two equal.
 */
export function monthRowsHtml(weeks: readonly (GridDay | null)[][], describe: (cell: GridDay) => DayAttributes): string {
  let html = "";
  for (const week of weeks) {
    html += "<tr>";
    for (const cell of week) {
      if (!cell) {
        html += '<td class="month-grid__pad" aria-hidden="true"></td>';
        continue;
      }
      html += "<td";
      const attributes = describe(cell);
      let name: keyof DayAttributes;
      for (name in attributes) {
        const value = attributes[name];
        if (value === undefined) continue;
        html += ` ${attributeNameOf(name)}="${typeof value === "string" ? escapeAsReact(value) : value}"`;
      }
      html += `>${cell.day}</td>`;
    }
    html += "</tr>";
  }
  return html;
}
