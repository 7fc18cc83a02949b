// A company closure booked through its preview and cancelled (issue 41, decision 0085), with
// JavaScript on and off: the preview is a POST's answer that lists a balance going below zero and
// a person already on leave; one case is decided on its row, the rest for all; booking says how many
// absences it made, and cancelling asks first (a dialog with JavaScript, the server's step without)
// and deletes them, so the demo's figures are as they were for the other specs.
import { expect, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { DEMO, openPage, signIn } from "./support";

function laterDate(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test("an admin previews a closure (a negative balance, a person on leave), books it and cancels it", async ({ page }, testInfo) => {
  const jsOn = testInfo.project.name === "js-on";
  const name = `Encerramento ${testInfo.project.name}`;
  await signIn(page, DEMO.admin.email);
  await openPage(page, "/company-settings/closures");
  // Sixty days from next week: more working days than a year's allowance, over the demo's planned leave.
  await page.getByLabel("Motivo").fill(name);
  await page.getByLabel("Primeiro dia").fill(laterDate(10));
  await page.getByLabel("Último dia").fill(laterDate(69));
  await page.getByRole("button", { name: "Pré-visualizar" }).click();

  const preview = page.getByTestId("closure-preview");
  await expect(preview.getByRole("heading", { name: `Pré-visualização: ${name}` })).toBeVisible();
  const negative = page.getByTestId("closure-person").filter({ has: page.getByTestId("closure-negative") });
  await expect(negative.first()).toContainText("Saldo abaixo de zero");
  await expect(page.getByTestId("closure-person").filter({ has: page.getByTestId("closure-on-leave") }).first()).toContainText("Já ausente");
  if (jsOn) await expectAccessible(page, "closure preview", { within: '[data-testid="closure-preview"]' });
  // Every case skipped but the first negative one, charged anyway on its row.
  await preview.getByLabel(/^Para (o|cada um dos) \d+ casos? abaixo/).selectOption("skip");
  await negative.first().getByRole("combobox").selectOption("charge");
  // Booked: the people with nothing to decide and a working day to book, and the one charged anyway.
  const plain = await page.getByTestId("closure-person").filter({ hasNot: page.getByRole("combobox") }).filter({ hasNotText: "nada é marcado" }).count();
  await preview.getByRole("button", { name: "Marcar encerramento" }).click();
  const booked = plain + 1;
  await expect(page.getByTestId("action-notice")).toHaveText(`Encerramento "${name}" marcado para ${booked} ${booked === 1 ? "pessoa" : "pessoas"}.`);

  const row = page.getByTestId("closure-row").filter({ hasText: name });
  await row.getByRole("button", { name: `Cancelar o encerramento ${name}` }).click();
  const question = jsOn ? page.getByRole("dialog", { name: "Cancelar o encerramento?" }) : page.getByTestId("confirmation-step");
  await expect(question).toContainText(`Pretende mesmo cancelar "${name}"?`);
  await question.getByRole("button", { name: "Sim, cancelar encerramento" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(`Encerramento "${name}" cancelado:`);
  await expect(row).toContainText("Cancelado");
});
