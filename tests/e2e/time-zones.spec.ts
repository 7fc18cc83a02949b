// The browser runs in Pacific/Kiritimati (UTC+14, playwright.config.ts), the server in UTC and the
// demo company in Europe/Lisbon: for most of each day the browser's clock is already on the next
// date. What a person sees as "today" and what they book must still be the company's dates.
import { expect, test } from "./fixtures";
import { openPage, signIn } from "./support";

// Operations people no other spec signs in as, one per project.
const PEOPLE = { "js-on": "luis.martins11@demo.test", "js-off": "patricia.sousa14@demo.test" } as const;
const YEAR = new Date().getFullYear() + 7;

/** The last Sunday of March of a year: Lisbon's clocks go forward that night. */
function lastSundayOfMarch(year: number): string {
  const day = new Date(Date.UTC(year, 3, 0));
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

const shift = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

test("today and a booking over a clock change are the company's dates, not the browser's", async ({ page }, testInfo) => {
  const jsOn = testInfo.project.name === "js-on";
  if (jsOn) expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe("Pacific/Kiritimati");
  await signIn(page, PEOPLE[jsOn ? "js-on" : "js-off"]);

  await openPage(page, "/my-calendar");
  const lisbonToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date());
  await expect(page.locator('td[aria-current="date"]')).toHaveAttribute("data-date", lisbonToday);

  // Thursday to Tuesday over the night Lisbon's clocks go forward: four working days, as any week.
  const sunday = lastSundayOfMarch(YEAR);
  const [start, end] = [shift(sunday, -3), shift(sunday, 2)];
  const description = `Relógios ${testInfo.project.name}`;
  await page.goto(`/vacations?from=${start}&to=${end}`);
  const rows = page.getByTestId("my-vacations").locator("tbody tr").filter({ hasText: description });
  if ((await rows.count()) === 0) {
    await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${start}&end=${end}`);
    const form = page.getByTestId("vacation-drawer");
    await form.getByLabel("Tipo de ausência").selectOption("training");
    await form.getByLabel("Descrição").fill(description);
    await form.getByRole("button", { name: "Submeter pedido" }).click();
    await expect(page).toHaveURL(/created=/);
    await page.goto(`/vacations?from=${start}&to=${end}`);
  }
  const row = rows.first();
  await expect(row.locator("td").nth(0)).toContainText(String(Number(start.slice(8, 10))));
  await expect(row.locator("td").nth(1)).toContainText(String(Number(end.slice(8, 10))));
  await expect(row.locator(".absence-table__number")).toHaveText("4");
  await openPage(page, `/my-calendar?year=${YEAR}`);
  for (const date of [start, sunday, end]) await expect(page.locator(`td[data-date="${date}"]`)).toHaveAttribute("data-status", "pending");
  await expect(page.locator(`td[data-date="${shift(start, -1)}"]`)).not.toHaveAttribute("data-status", "pending");
  await expect(page.locator(`td[data-date="${shift(end, 1)}"]`)).not.toHaveAttribute("data-status", "pending");
});
