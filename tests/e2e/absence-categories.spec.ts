// Absence categories on company settings, as an owner and then as the employee who requests one, with
// JavaScript on and off, on a desktop and on a phone. Both projects share one server and database,
// so every category and date range belongs to one project and one width.
import { expect, type Page, test, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn, urlPath } from "./support";

const YEAR = new Date().getFullYear() + 4;
const WIDTHS = [1366, 390] as const;
const TAB = "/company-settings/absence-types";
test.describe.configure({ timeout: 90_000 });

/** A name of its own per project, width and run (a reused server keeps earlier runs' categories). */
function uniqueName(testInfo: TestInfo, label: string, width: number) {
  return `${label} ${testInfo.project.name} ${width} ${Date.now().toString(36)}`;
}

/** A Monday in a month that belongs to this project and width alone. */
function monday(testInfo: TestInfo, width: number): string {
  const month = (testInfo.project.name === "js-off" ? 6 : 1) + (width === 390 ? 2 : 0);
  const date = new Date(Date.UTC(YEAR, month - 1, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Signs in (the check that it worked reads the desktop top bar), then goes on at `width`. */
async function signInAt(page: Page, email: string, width: number) {
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, email);
  await page.setViewportSize({ width, height: 900 });
}

async function createCategory(page: Page, name: string, { needsApproval }: { needsApproval: boolean }) {
  await openPage(page, TAB);
  const form = page.getByRole("region", { name: "Novo tipo de ausência" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Cor").fill("#8e24aa");
  await form.getByLabel("Desconta de").selectOption("none");
  await form.getByLabel("Precisa de aprovação").setChecked(needsApproval);
  await form.getByRole("button", { name: "Criar tipo" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Tipo de ausência “${name}” criado.` })).toBeVisible();
  return page.getByTestId("absence-types").getByRole("row").filter({ hasText: name });
}

for (const width of WIDTHS) {
  test(`a type that needs no approval is recorded at once, and once deactivated it cannot be requested (${width} px)${width === 390 ? " @phone-journey" : ""}`, async ({ page }, testInfo) => {
    const name = uniqueName(testInfo, "Dádiva", width);
    const day = monday(testInfo, width);

    await signInAt(page, DEMO.owner.email, width);
    const row = await createCategory(page, name, { needsApproval: false });
    await expect(row).toContainText("Nenhum saldo");
    await expect(row.getByRole("cell").nth(1)).toHaveText("Não");
    await expect(row).toContainText("Nunca usado");

    await signInAt(page, DEMO.employee.email, width);
    await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${day}&end=${day}`);
    const drawer = page.getByTestId("vacation-drawer");
    await drawer.getByLabel("Tipo de ausência").selectOption({ label: name });
    await drawer.getByLabel("Data de início").fill(day);
    await drawer.getByLabel("Data de fim").fill(day);
    await drawer.getByLabel("Descrição").fill(name);
    await drawer.getByRole("button", { name: "Submeter pedido" }).click();
    await expect(page).toHaveURL(urlPath(`/my-calendar?year=${YEAR}&created=recorded`));
    await expect(page.getByRole("status").filter({ hasText: "Ausência registada. Este tipo não precisa de aprovação." })).toBeVisible();
    await expect(page.locator(`[data-date="${day}"]`)).toHaveAttribute("data-status", "approved");
    await page.goto(`/vacations?from=${day}&to=${day}`);
    await expect(page.getByTestId("my-vacations").getByRole("row").filter({ hasText: name })).toContainText("Aprovada");

    await signInAt(page, DEMO.owner.email, width);
    await openPage(page, TAB);
    const used = page.getByTestId("absence-types").getByRole("row").filter({ hasText: name });
    await expect(used).toContainText("1 ausência");
    // In use: deactivated, never deleted.
    await expect(used.getByRole("button", { name: `Apagar ${name}` })).toHaveCount(0);
    await used.getByRole("button", { name: `Desativar ${name}` }).click();
    await expect(page.getByTestId("action-notice")).toContainText("Tipo de ausência desativado");
    await expect(used).toContainText("Inativo");

    await signInAt(page, DEMO.employee.email, width);
    await openPage(page, "/vacations?new=1");
    const options = page.getByLabel("Tipo de ausência").locator("option");
    await expect(options.filter({ hasText: "Formação" })).toHaveCount(1);
    await expect(options.filter({ hasText: name })).toHaveCount(0);
  });
}

test("an unused category is edited, then deleted after confirming", async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, "Provisório", 1366);
  await signIn(page, DEMO.owner.email);
  const row = await createCategory(page, name, { needsApproval: true });
  await row.getByRole("link", { name: `Editar ${name}` }).click();
  const form = page.getByRole("region", { name: "Editar tipo de ausência" });
  await expect(form.getByLabel("Nome")).toHaveValue(name);
  await expect(form.getByLabel("Precisa de aprovação")).toBeChecked();
  await form.getByLabel("Nome").fill(`${name} bis`);
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/[?&]saved=/);
  await expect(page.getByRole("status").filter({ hasText: `Tipo de ausência “${name} bis” guardado.` })).toBeVisible();

  const renamed = page.getByTestId("absence-types").getByRole("row").filter({ hasText: `${name} bis` });
  await renamed.getByRole("button", { name: `Apagar ${name} bis` }).click();
  // The dialog with JavaScript, the page's confirmation step without: the same "Yes" button.
  await page.getByRole("button", { name: "Sim, apagar" }).click();
  await expect(page.getByTestId("action-notice")).toContainText("Tipo de ausência apagado.");
  await expect(renamed).toHaveCount(0);
});
