// Issue 41's "done when": an approved week is shortened through the change-approval path, with
// JavaScript on and off. The employee's week (an absence type of no allowance) is approved by the
// team admin, the employee proposes ending it on Wednesday, the week stands until the admin
// approves the change on Approvals, then it ends on Wednesday.
import { expect, type Page, test, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

// Three years ahead: no demo data and no other spec's requests (vacations.spec.ts uses two).
const YEAR = new Date().getFullYear() + 3;
test.describe.configure({ timeout: 90_000 });

/** A Monday of its own month per project, plus `days`. */
function weekDay(testInfo: TestInfo, days: number): string {
  const date = new Date(Date.UTC(YEAR, testInfo.project.name === "js-off" ? 9 : 3, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Cancels what an earlier run on a reused server left in the range. */
async function clearRange(page: Page, start: string, end: string) {
  await page.goto(`/vacations?from=${start}&to=${end}&size=100`);
  const cancelButtons = page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ });
  for (let left = await cancelButtons.count(); left > 0; left--) {
    await cancelButtons.first().click();
    await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
    await expect(cancelButtons).toHaveCount(left - 1);
  }
}

/** Signs in as another person: the session cookie of the one before goes first. */
async function switchTo(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
}

test("an approved week is shortened through the change-approval path", async ({ page }, testInfo) => {
  const monday = weekDay(testInfo, 0);
  const friday = weekDay(testInfo, 4);
  const wednesday = weekDay(testInfo, 2);
  await switchTo(page, DEMO.employee.email);
  await clearRange(page, monday, friday);
  await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${monday}&end=${friday}`);
  const form = page.getByTestId("vacation-drawer");
  await form.getByLabel("Tipo de ausência").selectOption("training");
  await form.getByLabel("Data de início").fill(monday);
  await form.getByLabel("Data de fim").fill(friday);
  await form.getByRole("button", { name: "Submeter pedido" }).click();
  await expect(page).toHaveURL(/created=1/);
  await page.goto(`/vacations?from=${monday}&to=${friday}`);
  const row = page.getByTestId("my-vacations").locator('tbody tr[data-status="pending"]');
  const id = (await row.first().getAttribute("data-vacation-id"))!;

  // The team admin approves the week.
  await switchTo(page, DEMO.admin.email);
  await openPage(page, "/approvals");
  await page.locator(`tr[data-vacation-id="${id}"]`).getByRole("button", { name: /^Aprovar/ }).click();
  await expect(page.locator(`tr[data-vacation-id="${id}"]`)).toHaveCount(0);

  // The employee proposes ending it on Wednesday, from the Change button of the approved row.
  await switchTo(page, DEMO.employee.email);
  await page.goto(`/vacations?from=${monday}&to=${friday}`);
  await page.getByTestId("my-vacations").locator(`tr[data-vacation-id="${id}"]`).getByRole("link", { name: "Alterar" }).click();
  await expect(page).toHaveURL(new RegExp(`/vacations/${id}/change$`));
  const change = page.getByTestId("change-form");
  if (testInfo.project.name === "js-on") await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await change.getByLabel("Data de fim").fill(wednesday);
  await change.getByRole("button", { name: "Propor alteração" }).click();
  await expect(page.getByText("Alteração proposta. A ausência fica como aprovada até haver decisão.")).toBeVisible();
  // Until decided, the week stands: the form is gone, the proposal is shown beside it with its charge.
  await expect(page.getByTestId("pending-change")).toBeVisible();
  await expect(page.getByTestId("change-comparison")).toContainText("5 dias");
  await expect(page.getByTestId("change-comparison")).toContainText("3 dias");

  // The admin approves only the change, on Approvals.
  await switchTo(page, DEMO.admin.email);
  await openPage(page, "/approvals");
  const pending = page.getByTestId("pending-changes").locator(`[data-vacation-id="${id}"]`);
  await expect(pending.getByTestId("change-comparison")).toContainText("3 dias");
  await pending.getByRole("button", { name: "Aprovar alteração" }).click();
  await expect(page.getByText("Alteração aprovada.")).toBeVisible();
  await expect(pending).toHaveCount(0);

  // The week now ends on Wednesday.
  await switchTo(page, DEMO.employee.email);
  await openPage(page, `/vacations/${id}/change`);
  await expect(page.getByTestId("pending-change")).toHaveCount(0);
  await expect(page.getByTestId("change-form").getByLabel("Data de fim")).toHaveValue(wednesday);
});
