// Minimum cover and lock dates on the screens (issue 41, decision 0091), with JavaScript on and
// off: the owner sets Sales' cover on the Teams tab; a request leaving too few in is refused naming
// the day and who else is off; with "warn" it goes through and the team admin sees the warning and
// what the rule says now on Approvals. A company lock date is marked on My Calendar.
// Both projects share a server: each works in months of its own, in a year the demo never reaches.
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { expectAccessible } from "./axe";
import { DEMO, openPage, signIn, signOutButton, urlPath } from "./support";

const YEAR = new Date().getFullYear() + 4;
// Sales people no other spec requests leave for; Sara Sales is the team's admin.
const FIRST = { email: "hugo.gomes7@demo.test", name: "Hugo Gomes" };
const SECOND = { email: "nuno.santos13@demo.test", name: "Nuno Santos" };
const SALES_ADMIN = "sales.lead@demo.test";
test.describe.configure({ timeout: 90_000 });

/** The second Wednesday of a month of YEAR: a working day, whatever the holidays. */
function wednesday(month: number): string {
  const date = new Date(Date.UTC(YEAR, month - 1, 1));
  while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + 7);
  return date.toISOString().slice(0, 10);
}

function monthOf(testInfo: TestInfo, offset: number): number {
  return (testInfo.project.name === "js-off" ? 7 : 2) + offset;
}

async function switchTo(page: Page, email: string) {
  // From a page without an open drawer or dialog over the top bar's sign-out button.
  await openPage(page, "/my-calendar");
  await signOutButton(page).click();
  await expect(page).toHaveURL(urlPath("/login"));
  await signIn(page, email);
}

/** Fills and saves the Sales team's cover form, in the team's dialog (JS) or its page section (no JS). */
async function submitSalesCover(page: Page, fields: { maxAbsent: string; mode: "Bloquear" | "Avisar" }) {
  await openPage(page, "/company-settings/teams");
  await page.getByRole("link", { name: "Gerir membros e admins de Sales" }).click();
  const cover = page.getByTestId("team-cover");
  await cover.getByLabel("Máximo de pessoas ausentes num dia").fill(fields.maxAbsent);
  await cover.getByLabel("Mínimo de pessoas presentes num dia").fill("");
  await cover.getByRole("radio", { name: new RegExp(`^${fields.mode}:`) }).check();
  await cover.getByRole("button", { name: "Guardar cobertura" }).click();
  return cover;
}

async function setSalesCover(page: Page, fields: { maxAbsent: string; mode: "Bloquear" | "Avisar" }) {
  await submitSalesCover(page, fields);
  await expect(page.getByTestId("action-notice")).toContainText("Cobertura mínima de Sales guardada.");
}

async function requestDay(page: Page, date: string, description: string) {
  await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${date}&end=${date}`);
  const form = page.getByTestId("vacation-drawer");
  await form.getByLabel("Tipo de ausência").selectOption("training");
  await form.getByLabel("Data de início").fill(date);
  await form.getByLabel("Data de fim").fill(date);
  await form.getByLabel("Descrição").fill(description);
  await form.getByRole("button", { name: "Submeter pedido" }).click();
}

test.describe("minimum cover", () => {
  // Sales without a rule again, whatever happened, for the specs that follow on this server.
  test.afterEach(async ({ page }) => {
    await page.context().clearCookies();
    await signIn(page, DEMO.owner.email);
    await setSalesCover(page, { maxAbsent: "", mode: "Bloquear" });
  });

  test("a blocking cover rule refuses a request naming the day and who is off; warning lets it through to the approver", async ({ page }, testInfo) => {
    const day = wednesday(monthOf(testInfo, 0));
    // The day as people read it ("10 de jul. de 2030", with no-break spaces).
    const dayText = new RegExp(`${Number(day.slice(8, 10))}\\sde\\s\\S+\\sde\\s${YEAR}`);
    await signIn(page, DEMO.owner.email);
    // 1. The owner lets at most one of Sales be off on a day, and blocks what breaks it; a
    //    negative number is refused with its own message first.
    const refused = await submitSalesCover(page, { maxAbsent: "-1", mode: "Bloquear" });
    await expect(refused.getByRole("alert")).toContainText("Indique um número inteiro a partir de 0");
    await expect(refused.getByLabel("Máximo de pessoas ausentes num dia")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "a team's cover form with an error");
    await setSalesCover(page, { maxAbsent: "1", mode: "Bloquear" });
    await openPage(page, "/company-settings/teams");
    await expect(page.getByTestId("team-row").filter({ hasText: "Sales" }).getByTestId("team-cover-summary")).toHaveText("no máximo 1 ausente (bloqueia)");

    // 2. Hugo asks for the day: the first off, within the rule.
    await switchTo(page, FIRST.email);
    await requestDay(page, day, `Cover first ${testInfo.project.name}`);
    await expect(page).toHaveURL(urlPath(`/my-calendar?year=${YEAR}&created=1`));

    // 3. Nuno asks for the same day: refused, with the day and Hugo named (never why he is off).
    await switchTo(page, SECOND.email);
    await requestDay(page, day, `Cover second ${testInfo.project.name}`);
    const refusal = page.getByTestId("vacation-drawer").getByRole("alert").filter({ hasText: "Sales permite no máximo 1 pessoas ausentes num dia" });
    await expect(refusal).toContainText(FIRST.name);
    await expect(refusal).toContainText(dayText);
    await expect(refusal).not.toContainText("Cover first");

    // 4. With "warn" the same request goes through, and says so.
    await switchTo(page, DEMO.owner.email);
    await setSalesCover(page, { maxAbsent: "1", mode: "Avisar" });
    await switchTo(page, SECOND.email);
    await requestDay(page, day, `Cover second ${testInfo.project.name}`);
    await expect(page).toHaveURL(new RegExp(`/my-calendar\\?year=${YEAR}&created=1`));
    await expect(page.getByTestId("rule-warnings")).toContainText(FIRST.name);

    // 5. Sales' admin sees the stored warning and the live cover beside Nuno's request.
    await switchTo(page, SALES_ADMIN);
    await page.goto("/approvals?size=100");
    const row = page.getByTestId("pending-approvals").locator("tbody tr").filter({ hasText: `Cover second ${testInfo.project.name}` });
    await expect(row.getByTestId("rule-warnings-note")).toContainText("Aviso de regra: Sales permite no máximo 1 pessoas ausentes num dia");
    await expect(row.getByTestId("rule-warnings-note")).toContainText(FIRST.name);
    await expect(row.getByTestId("live-cover")).toContainText("Cobertura agora:");
    await expect(row.getByTestId("live-cover")).toContainText("A aprovação é possível: a regra apenas avisa.");
    await expectAccessible(page, "Approvals with the live cover");
  });
});

test("a company lock date is marked on My Calendar, with its reason and a legend entry", async ({ page }, testInfo) => {
  const first = wednesday(monthOf(testInfo, 1));
  const reason = `Inventário ${testInfo.project.name}`;
  await signIn(page, DEMO.owner.email);
  await openPage(page, "/company-settings/lock-dates");
  await page.getByLabel("Primeiro dia").fill(first);
  await page.getByLabel("Último dia").fill(first);
  await page.getByLabel("Motivo").fill(reason);
  await page.getByRole("button", { name: "Bloquear estas datas" }).click();
  await expect(page.getByTestId("action-notice")).toContainText("Datas bloqueadas.");

  await switchTo(page, FIRST.email);
  await openPage(page, `/my-calendar?year=${YEAR}`);
  const cell = page.locator(`td[data-date="${first}"]`);
  await expect(cell).toHaveClass(/month-grid__day--locked/);
  await expect(cell).toHaveAttribute("title", new RegExp(`Bloqueado: ${reason}`));
  await expect(page.locator(".calendar-legend")).toContainText("Datas bloqueadas");
  await expect(page.getByTestId("locked-dates")).toContainText(reason);
  await expectAccessible(page, "My Calendar with a lock date");
  // The first of the month is not locked.
  await expect(page.locator(`td[data-date="${wednesday(monthOf(testInfo, 1)).slice(0, 8)}01"]`)).not.toHaveClass(/month-grid__day--locked/);
});
