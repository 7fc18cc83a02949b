// Work schedules as an admin sets them and a person sees them (issue 40, decision 0079), with
// JavaScript on and off: a Monday–Thursday schedule from a later date set with the editor on the
// person's page shows in their history and in the Work schedules tab's list, and on the person's
// own My Calendar card as the coming change; removing the planned row asks first (a dialog with
// JavaScript, the server's confirmation step without), "No" keeps it and "Yes" removes it. The date is ~10 months ahead, so the demo's figures
// of this year stay as they are for the other specs. Each project edits its own demo person.
import { expect, test } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

const PEOPLE = {
  "js-on": { name: "Sofia Ferreira", email: "sofia.ferreira16@demo.test" },
  "js-off": { name: "Tiago Gomes", email: "tiago.gomes17@demo.test" },
} as const;

function laterDate(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test("an admin sets a Monday–Thursday schedule from a date; the list and the person's My Calendar show it", async ({ page }, testInfo) => {
  const person = PEOPLE[testInfo.project.name as keyof typeof PEOPLE];
  const jsOn = testInfo.project.name === "js-on";
  const from = laterDate(300);
  await signIn(page, DEMO.admin.email);
  await openPage(page, `/company-settings/users?q=${encodeURIComponent(person.name)}`);
  await page.getByRole("link", { name: `Editar ${person.name}` }).click();
  const card = page.getByTestId("person-schedule");
  await expect(card.getByText("Esta pessoa segue o horário padrão da empresa.")).toBeVisible();

  // Friday unticked; the date in the future; the rest as the company default had it (8 h).
  await card.getByLabel("A partir de").fill(from);
  await card.getByLabel("sexta-feira: dia de trabalho").uncheck();
  await card.getByRole("button", { name: "Guardar horário" }).click();
  await expect(page.getByTestId("action-notice")).toHaveText("Horário guardado.");
  const row = page.getByTestId("schedule-history").getByRole("row").filter({ hasText: "Previsto" });
  await expect(row).toContainText("segunda–quinta 8 h");
  const question = () => (jsOn ? page.getByRole("dialog", { name: "Remover o horário previsto?" }) : page.getByTestId("confirmation-step"));
  await row.getByRole("button", { name: /^Remover o horário a partir de/ }).click();
  await expect(question()).toContainText("Pretende mesmo remover o horário a partir de");
  await expect(question()).toContainText("segunda–quinta 8 h");
  await question().getByRole(jsOn ? "button" : "link", { name: "Não, manter" }).click();
  await expect(question()).toHaveCount(0);
  await expect(row).toContainText("segunda–quinta 8 h");

  // The Work schedules tab lists the person with today's schedule and the coming change.
  await openPage(page, "/company-settings/work-schedules");
  const listed = page.getByTestId("schedule-person").filter({ hasText: person.name });
  await expect(listed).toContainText("segunda–sexta 8 h");
  await expect(listed).toContainText(": segunda–quinta 8 h");

  // The person sees it on My Calendar.
  await page.context().clearCookies();
  await signIn(page, person.email);
  const mine = page.getByTestId("my-schedule");
  await expect(mine).toContainText("Trabalha: segunda–sexta 8 h");
  await expect(mine).toContainText("A partir de");
  await expect(mine.locator(`time[datetime="${from}"]`)).toBeVisible();
  await expect(mine).toContainText("segunda–quinta 8 h");

  // Back as the admin, "Yes" removes it: the person follows the company default again.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email);
  await openPage(page, `/company-settings/users?q=${encodeURIComponent(person.name)}`);
  await page.getByRole("link", { name: `Editar ${person.name}` }).click();
  await row.getByRole("button", { name: /^Remover o horário a partir de/ }).click();
  await question().getByRole("button", { name: "Sim, remover o horário" }).click();
  await expect(page.getByTestId("action-notice")).toHaveText("Horário previsto removido.");
  await expect(card.getByText("Esta pessoa segue o horário padrão da empresa.")).toBeVisible();
});
