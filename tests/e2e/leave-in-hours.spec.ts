// Leave in hours (decision 0081), with JavaScript on and off: an owner of a company of their own
// makes an absence type counted in hours, books 09:00–13:00 on My Calendar and sees "4 h"; a
// balance switched to hours shows its card in hours; a yearly allowance earned monthly shows what is
// earned so far.
import { expect, test } from "./fixtures";
import { signUpNewCompany } from "./new-company";
import { openPage, urlPath } from "./support";

const YEAR = new Date().getFullYear() + 1;
test.describe.configure({ timeout: 90_000 });

/** The first Wednesday of June next year: a working day of the company default (Mon–Fri, 8 h). */
function wednesday(): string {
  const date = new Date(Date.UTC(YEAR, 5, 1));
  while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

test("an absence type counted in hours takes a time request on My Calendar, charged 4 h", async ({ page }, testInfo) => {
  await signUpNewCompany(page, "hours");
  const name = `Horas ${testInfo.project.name}`;

  await openPage(page, "/company-settings/absence-types");
  const form = page.getByRole("region", { name: "Novo tipo de ausência" });
  await form.getByLabel("Nome").fill(name);
  await form.getByLabel("Desconta de").selectOption("none");
  await form.getByLabel("Contado em").selectOption("hour");
  await form.getByRole("button", { name: "Criar tipo" }).click();
  await expect(page.getByTestId("absence-types").getByRole("row").filter({ hasText: name })).toContainText("Horas");

  const day = wednesday();
  await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${day}&end=${day}`);
  const drawer = page.getByTestId("vacation-drawer");
  await drawer.getByLabel("Tipo de ausência").selectOption({ label: name });
  const hours = drawer.getByTestId("hour-fields");
  // Without JavaScript the fields cannot follow the type chosen: the fieldset says whom they are for.
  await expect(hours.locator("legend")).toHaveText(testInfo.project.name === "js-off" ? "Só para tipos contados em horas" : "Horas");
  await hours.getByLabel("Das").fill("09:00");
  await hours.getByLabel("Às").fill("13:00");
  if (testInfo.project.name === "js-on") await expect(drawer.getByTestId("selection-working-days")).toHaveText("Horas neste pedido: 4\u00a0h");
  await drawer.getByRole("button", { name: "Submeter pedido" }).click();

  // The owner is the company's only admin: the request is approved as it is made.
  await expect(page).toHaveURL(urlPath(`/my-calendar?year=${YEAR}&created=approved`));
  await expect(page.getByTestId("upcoming-vacations").getByRole("listitem").filter({ hasText: name })).toContainText("4\u00a0h (09:00–13:00)");

  // Special leave, its own balance with no figures yet, switched to hours: its card counts hours.
  await openPage(page, "/company-settings/absence-types?edit=special_leave");
  const edit = page.getByRole("region", { name: "Editar tipo de ausência" });
  await edit.getByLabel("Contado em").selectOption("hour");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("absence-types").getByRole("row").filter({ hasText: "Licença especial" })).toContainText("Horas");
  await openPage(page, `/my-calendar?year=${YEAR}`);
  const card = page.getByTestId("balance-special");
  await expect(card).toContainText("horas disponíveis");
  await expect(card.locator('[data-figure="total"]')).toHaveText("0\u00a0h");

  // Accrual (decision 0082): the yearly allowance earned monthly; next year has earned nothing yet.
  await openPage(page, "/company-settings/absence-types?edit=yearly_allowance");
  await page.getByRole("region", { name: "Editar tipo de ausência" }).getByLabel("Ganho mensalmente").check();
  await page.getByRole("region", { name: "Editar tipo de ausência" }).getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("absence-types")).toContainText("Ganho mensalmente");
  await openPage(page, `/my-calendar?year=${YEAR}`);
  await expect(page.getByTestId("balance-yearly").locator('[data-figure="earned"]')).toHaveText("0 de 22\u00a0dias ganhos até hoje");
});
