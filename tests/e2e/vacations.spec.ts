// Requesting, refusing and approving vacations, with JavaScript on and off.
// Both projects run at once against one server as the same demo employee, so every test owns its
// own date range in a year the demo data never reaches (two years ahead), per project.
import { expect, type Page, test, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn, signOutButton, urlPath } from "./support";

const YEAR = new Date().getFullYear() + 2;
// "Formação" draws on no allowance: the demo has allowances only for the current year.
const CATEGORY = "training";
// Each test signs in, clears its range and goes through several pages: more than the default budget.
test.describe.configure({ timeout: 60_000 });

const OVERLAP_MESSAGE = "Já existem férias que colidem com estas datas. Ajusta o intervalo ou apaga a anterior.";

interface Range {
  start: string;
  end: string;
}

/** The Monday of the given week (1-based) of a month of YEAR, plus `days`. */
function dayOf(month: number, week: number, days = 0): string {
  const date = new Date(Date.UTC(YEAR, month - 1, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + (week - 1) * 7 + days);
  return date.toISOString().slice(0, 10);
}

/** Months of its own for each project, so the two never touch each other's vacations. */
function month(testInfo: TestInfo, offset: number): number {
  return (testInfo.project.name === "js-off" ? 9 : 3) + offset;
}


/** Cancels the employee's vacations in the range left by an earlier run on a reused server. */
async function clearRange(page: Page, range: Range) {
  await page.goto(`/vacations?from=${range.start}&to=${range.end}&size=100`);
  const cancelButtons = page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ });
  for (let left = await cancelButtons.count(); left > 0; left--) {
    await cancelButtons.first().click();
    // The dialog with JavaScript, the page's confirmation step without: the same "Yes" button.
    await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
    await expect(cancelButtons).toHaveCount(left - 1);
  }
}

/** Fills the request form inside the drawer (or the page section without JavaScript) and submits it. */
async function submitRequest(page: Page, range: Range, description: string) {
  const form = page.getByTestId("vacation-drawer");
  await expect(form).toBeVisible();
  await form.getByLabel("Tipo de ausência").selectOption(CATEGORY);
  await form.getByLabel("Data de início").fill(range.start);
  await form.getByLabel("Data de fim").fill(range.end);
  await form.getByLabel("Descrição").fill(description);
  await form.getByRole("button", { name: "Submeter pedido" }).click();
}

async function requestFromCalendar(page: Page, range: Range, description: string) {
  await page.goto(`/my-calendar?year=${YEAR}&new=1&start=${range.start}&end=${range.end}`);
  await submitRequest(page, range, description);
  await expect(page).toHaveURL(urlPath(`/my-calendar?year=${YEAR}&created=1`));
}

/** The live row of my vacation (a reused server keeps earlier runs' rows, cancelled). */
function myRow(page: Page, description: string) {
  return page.getByTestId("my-vacations").locator('tbody tr:not([data-status="cancelled"])').filter({ hasText: description });
}

test("an employee requests a vacation by typing dates and sees it pending in the list and the calendar", async ({ page }, testInfo) => {
  const range = { start: dayOf(month(testInfo, 0), 1), end: dayOf(month(testInfo, 0), 1, 2) };
  const description = `E2E request ${testInfo.project.name}`;
  await signIn(page, DEMO.employee.email);
  await clearRange(page, range);

  await page.goto(`/my-calendar?year=${YEAR}`);
  await page.getByRole("link", { name: "Nova ausência" }).click();
  await submitRequest(page, range, description);

  await expect(page).toHaveURL(urlPath(`/my-calendar?year=${YEAR}&created=1`));
  await expect(page.getByRole("status").filter({ hasText: "Ausência pedida. Aguarda aprovação." })).toBeVisible();
  await expect(page.getByTestId("vacation-drawer")).toHaveCount(0);
  for (const date of [range.start, range.end]) {
    await expect(page.locator(`[data-date="${date}"]`)).toHaveAttribute("data-status", "pending");
  }
  const upcoming = page.getByTestId("upcoming-vacations").getByRole("listitem").filter({ hasText: description });
  await expect(upcoming).toContainText("Pendente");
  await expect(upcoming).toContainText("3 dias úteis");

  await page.goto(`/vacations?from=${range.start}&to=${range.end}`);
  const row = myRow(page, description);
  await expect(row).toContainText("Pendente");
  await expect(row).toContainText("Formação");
});

test("an overlapping request is refused with the spec's message and keeps what was typed @postgresql", async ({ page }, testInfo) => {
  const first = { start: dayOf(month(testInfo, 0), 3), end: dayOf(month(testInfo, 0), 3, 4) };
  const clash = { start: dayOf(month(testInfo, 0), 3, 2), end: dayOf(month(testInfo, 0), 4) };
  await signIn(page, DEMO.employee.email);
  await clearRange(page, { start: first.start, end: clash.end });
  await requestFromCalendar(page, first, `E2E first ${testInfo.project.name}`);

  await page.goto(`/my-calendar?year=${YEAR}&new=1`);
  await submitRequest(page, clash, `E2E clash ${testInfo.project.name}`);

  await expect(page.getByRole("alert").filter({ hasText: OVERLAP_MESSAGE })).toBeVisible();
  const form = page.getByTestId("vacation-drawer");
  await expect(form.getByLabel("Data de início")).toHaveValue(clash.start);
  await expect(form.getByLabel("Descrição")).toHaveValue(`E2E clash ${testInfo.project.name}`);
  await page.goto(`/vacations?from=${first.start}&to=${clash.end}`);
  await expect(myRow(page, "E2E clash")).toHaveCount(0);
});

test("a team admin approves a request on /approvals and the employee sees it approved @postgresql", async ({ page }, testInfo) => {
  const range = { start: dayOf(month(testInfo, 1), 1), end: dayOf(month(testInfo, 1), 1, 1) };
  const description = `E2E approve ${testInfo.project.name}`;
  await signIn(page, DEMO.employee.email);
  await clearRange(page, range);
  await requestFromCalendar(page, range, description);
  await signOutButton(page).click();
  // Signed out before the next sign-in opens /login (which sends a signed-in person away).
  await expect(page).toHaveURL(urlPath("/login"));

  await signIn(page, DEMO.admin.email);
  // The largest page: the suite's own requests can fill more than the first 50.
  await page.goto("/approvals?size=100");
  await expect(page.getByRole("heading", { level: 1, name: "Aprovações" })).toBeVisible();
  await expect(page.getByText("Os pedidos não revistos são aprovados automaticamente após 5 dias úteis.")).toBeVisible();
  const row = page.getByTestId("pending-approvals").getByRole("row").filter({ hasText: description });
  await expect(row).toContainText(DEMO.employee.name);
  await row.getByRole("button", { name: /^Aprovar/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pedido aprovado." })).toBeVisible();
  await expect(row).toHaveCount(0);
  await signOutButton(page).click();
  // Signed out before the next sign-in opens /login (which sends a signed-in person away).
  await expect(page).toHaveURL(urlPath("/login"));

  await signIn(page, DEMO.employee.email);
  await page.goto(`/vacations?from=${range.start}&to=${range.end}`);
  await expect(myRow(page, description)).toContainText("Aprovada");
  await page.goto(`/my-calendar?year=${YEAR}`);
  await expect(page.locator(`[data-date="${range.start}"]`)).toHaveAttribute("data-status", "approved");
});

// Tagged @js-only: the js-off project does not run it (playwright.config.ts); without JavaScript
// the same request is made with typed dates, covered above.
test("with JavaScript, dragging across days opens the drawer with the range in order @js-only", async ({ page }, testInfo) => {
  const monday = dayOf(month(testInfo, 2), 2);
  const wednesday = dayOf(month(testInfo, 2), 2, 2);
  await signIn(page, DEMO.employee.email);
  await page.goto(`/my-calendar?year=${YEAR}`);
  await expect(page.getByTestId("year-calendar")).toHaveClass(/year-calendar--interactive/);

  // From Wednesday back to Monday: the selection is the same as dragging forwards.
  await page.locator(`[data-date="${monday}"]`).scrollIntoViewIfNeeded();
  const from = (await page.locator(`[data-date="${wednesday}"]`).boundingBox())!;
  const to = (await page.locator(`[data-date="${monday}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
  await page.mouse.up();

  const drawer = page.getByTestId("vacation-drawer");
  await expect(drawer.getByLabel("Data de início")).toHaveValue(monday);
  await expect(drawer.getByLabel("Data de fim")).toHaveValue(wednesday);
  await expect(drawer.getByTestId("selection-working-days")).toHaveText("Dias úteis neste pedido: 3");
  // Submitting waits for an absence category.
  await expect(drawer.getByRole("button", { name: "Submeter pedido" })).toBeDisabled();
  await drawer.getByLabel("Tipo de ausência").selectOption(CATEGORY);
  await expect(drawer.getByRole("button", { name: "Submeter pedido" })).toBeEnabled();
  // The e-mails to notify show only once a list of one's own is chosen (issue 39).
  await expect(drawer.getByLabel("Emails a notificar")).toBeHidden();
  await drawer.getByRole("combobox", { name: "Notificar", exact: true }).selectOption("custom");
  await expect(drawer.getByLabel("Emails a notificar")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
});

test("what is picked before the form's code has arrived stays picked and counts once it has @js-only", async ({ page }, testInfo) => {
  const range = { start: dayOf(month(testInfo, 2), 3), end: dayOf(month(testInfo, 2), 3, 1) };
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await signIn(page, DEMO.employee.email);
  // The page hydrates while the request form's own code (loaded on demand) is held back: the
  // category is picked on the server-rendered form in between.
  let release = () => {};
  const formCodeHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/_shared\/absence-form-[^/]*\.js$/, async (route) => {
    await formCodeHeld;
    await route.continue();
  });
  await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${range.start}&end=${range.end}`);
  const drawer = page.getByTestId("vacation-drawer");
  await drawer.getByLabel("Tipo de ausência").selectOption(CATEGORY);
  await drawer.getByLabel("Descrição").fill("typed early");
  release();

  await expect(drawer.getByTestId("selection-working-days")).toHaveText("Dias úteis neste pedido: 2");
  await expect(drawer.getByLabel("Tipo de ausência")).toHaveValue(CATEGORY);
  await expect(drawer.getByLabel("Descrição")).toHaveValue("typed early");
  await expect(drawer.getByRole("button", { name: "Submeter pedido" })).toBeEnabled();
  expect(pageErrors).toEqual([]);
});

test("cancelling a vacation asks first, with and without JavaScript, and then says it is cancelled", async ({ page }, testInfo) => {
  const range = { start: dayOf(month(testInfo, 3), 1), end: dayOf(month(testInfo, 3), 1, 4) };
  const description = `E2E cancel ${testInfo.project.name}`;
  await signIn(page, DEMO.employee.email);
  await clearRange(page, range);
  await requestFromCalendar(page, range, description);

  // With JS, wait for hydration: a click before it posts the no-JS form (the confirmation step).
  await openPage(page, `/vacations?from=${range.start}&to=${range.end}`);
  const row = myRow(page, description);
  const cancel = row.getByRole("button", { name: /^Cancelar pedido/ });
  await expect(cancel).toHaveText("Cancelar pedido");
  const question = /^Pretende mesmo cancelar estas férias \(.+\)\?$/;

  if (testInfo.project.name === "js-on") {
    // A modal dialog: Escape closes it and gives the focus back to the button; nothing happened.
    await cancel.click();
    const dialog = page.getByRole("dialog", { name: "Cancelar pedido" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(question)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Não, manter" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Sim, cancelar pedido" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Não, manter" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(cancel).toBeFocused();
    await expect(row).toHaveAttribute("data-status", "pending");
    await cancel.click();
    await dialog.getByRole("button", { name: "Sim, cancelar pedido" }).click();
  } else {
    // The first POST only asks; "No" leads back with nothing changed.
    await cancel.click();
    const step = page.getByTestId("confirmation-step");
    await expect(step.getByText(question)).toBeVisible();
    await expect(row).toHaveAttribute("data-status", "pending");
    await step.getByRole("link", { name: "Não, manter" }).click();
    await expect(step).toHaveCount(0);
    await expect(row).toHaveAttribute("data-status", "pending");
    await cancel.click();
    await page.getByTestId("confirmation-step").getByRole("button", { name: "Sim, cancelar pedido" }).click();
  }

  await expect(page.getByRole("status").filter({ hasText: "Pedido cancelado." })).toBeVisible();
  await expect(row).toHaveCount(0);
  const cancelled = page.getByTestId("my-vacations").locator('tbody tr[data-status="cancelled"]').filter({ hasText: description });
  await expect(cancelled.first()).toContainText("Cancelada");
});
