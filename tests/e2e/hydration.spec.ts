// The browser hydrates the server's pages without a complaint: a mismatch between the server's
// markup and the browser's first render (text, attributes, translations) is a console error, and
// React throws the server's markup away to render it again. The screens with the most markup, and
// the request form, whose code arrives after the page has hydrated.
import { expect, test, type Page } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test("My Calendar, the company calendar and the request form hydrate without console errors @js-only", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  const problems = consoleProblems(page);

  await openPage(page, "/my-calendar");
  await expect(page.getByTestId("year-summary")).toBeVisible();

  await openPage(page, "/company-calendar");
  await expect(page.getByTestId("company-month")).toBeVisible();

  const year = new Date().getFullYear() + 2;
  await openPage(page, `/my-calendar?year=${year}&new=1&start=${year}-03-02&end=${year}-03-04`);
  const drawer = page.getByTestId("vacation-drawer");
  await expect(drawer.getByTestId("selection-working-days")).toHaveText(/^Dias úteis neste pedido: \d+$/);
  // The form's own code arrives after the page has hydrated, and hydrates the drawer in its turn.
  await page.waitForLoadState("networkidle");

  await openPage(page, "/my-calendar?lng=en");
  await expect(page.getByTestId("year-summary")).toBeVisible();
  await openPage(page, "/my-calendar?lng=pt");

  expect(problems).toEqual([]);
});
