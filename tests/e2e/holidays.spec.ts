// Bank holidays as people use them, with JavaScript on and off, on a laptop and a phone: an admin
// imports a CSV (preview, then for real), adds a regional holiday and deletes one (asked first);
// the pending request of a person of that region then counts one working day fewer on the
// Absences page and My Calendar marks the day. Everyone reads the list, in pt, en and es.
// Both projects share one server and database: each run works in a year of its own, far from the
// demo data and other specs, with holidays that recur never (a recurring one would touch every year).
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

// The demo's Sales lead: no other spec signs in as her. Every run sets the same region.
const PERSON = { email: "sales.lead@demo.test", name: "Sara Sales" };
const REGION = "30";
const RUN_YEARS: Record<string, number> = { "js-on desktop": 2041, "js-on phone": 2042, "js-off desktop": 2043 };
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
// Several sign-ins and pages per run: more than the default budget on a busy machine.
test.describe.configure({ timeout: 90_000 });

function jsOn(testInfo: TestInfo) {
  return testInfo.project.name === "js-on";
}

/** Monday of the second week of March of `year`, plus `days`. */
function marchDay(year: number, days: number): string {
  const date = new Date(Date.UTC(year, 2, 8));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** With E2E_SHOTS=1, a full-page picture of each step for a person to look at. */
async function shot(page: Page, testInfo: TestInfo, step: string) {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: `tests/.tmp/shots/${testInfo.project.name}-${page.viewportSize()?.width}-${step}.png`, fullPage: true });
}

/** Signs in as someone else in the same browser (on the laptop layout, where the name shows). */
async function switchTo(page: Page, email: string, viewport: { width: number; height: number }) {
  await page.context().clearCookies();
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page, email);
  await page.setViewportSize(viewport);
}

/** The working days the Absences page shows for the person's request of that week. */
function workingDaysCell(page: Page, description: string) {
  return page.getByTestId("my-vacations").locator('tbody tr:not([data-status="cancelled"])').filter({ hasText: description }).locator("td.absence-table__number");
}

async function clearRange(page: Page, start: string, end: string) {
  await page.goto(`/vacations?from=${start}&to=${end}&size=100`);
  const cancelButtons = page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ });
  for (let left = await cancelButtons.count(); left > 0; left--) {
    await cancelButtons.first().click();
    await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
    await expect(cancelButtons).toHaveCount(left - 1);
  }
}

/** Opens a <details> card of the page by its summary (a native toggle, with or without JavaScript). */
async function openCard(page: Page, title: string | RegExp) {
  const card = page.locator("details.collapsible").filter({ has: page.locator("summary", { hasText: title }) });
  if (!(await card.evaluate((element: HTMLDetailsElement) => element.open))) await card.locator("summary").click();
  return card;
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${size}${size === "phone" ? " @phone-journey" : ""}`, () => {
    test(`an admin imports holidays, adds a regional one, and a person of that region has one working day fewer${size === "desktop" ? " @postgresql" : ""}`, async ({ page }, testInfo) => {
      const run = `${testInfo.project.name} ${size}`;
      const year = RUN_YEARS[run];
      // Names of their own on every run, so a reused server never sees them as duplicates.
      const stamp = Date.now().toString(36);
      const start = marchDay(year, 0);
      const end = marchDay(year, 4);
      const wednesday = marchDay(year, 2);
      const description = `Viagem ${run} ${stamp}`;

      // 1. The admin gives the person a work region (Company settings → Users).
      await signIn(page, DEMO.admin.email);
      await page.setViewportSize(viewport);
      await openPage(page, "/company-settings/users");
      await page.getByLabel("Nome ou email").fill(PERSON.name);
      await page.getByRole("button", { name: "Procurar", exact: true }).click();
      await page.getByRole("link", { name: `Editar ${PERSON.name}` }).click();
      const profile = page.locator("form").filter({ has: page.getByRole("button", { name: "Guardar", exact: true }) });
      await profile.getByLabel("Região").fill(REGION);
      await profile.getByRole("button", { name: "Guardar", exact: true }).click();
      await expect(page.getByText(`Dados de ${PERSON.name} guardados.`)).toBeVisible();

      // 2. The person asks for a week off (Monday to Friday): 5 working days, pending.
      await switchTo(page, PERSON.email, viewport);
      await clearRange(page, start, end);
      await openPage(page, `/my-calendar?year=${year}&new=1&start=${start}&end=${end}`);
      const drawer = page.getByTestId("vacation-drawer");
      await drawer.getByLabel("Tipo de ausência").selectOption("training");
      await drawer.getByLabel("Data de início").fill(start);
      await drawer.getByLabel("Data de fim").fill(end);
      await drawer.getByLabel("Descrição").fill(description);
      await drawer.getByRole("button", { name: "Submeter pedido" }).click();
      await expect(page).toHaveURL(/created=/);
      await page.goto(`/vacations?from=${start}&to=${end}`);
      await expect(workingDaysCell(page, description)).toHaveText("5");

      // 3. The admin previews a CSV (nothing written), then imports it.
      await switchTo(page, DEMO.admin.email, viewport);
      await openPage(page, `/national-holidays?year=${year}`);
      await expect(page.getByRole("heading", { name: "Feriados", level: 1 })).toBeVisible();
      const csv = [
        "date,name,country_code,is_recurring",
        `${year}-01-01,Ano Novo ${stamp},PT,false`,
        `${year}-06-10,Dia de Portugal ${stamp},PT,false`,
        `${year}-06-10,Dia de Portugal ${stamp},PT,false`,
        `${year}-02-30,Dia impossível ${stamp},PT,false`,
      ].join("\r\n");
      const importCard = await openCard(page, "Importar CSV");
      await importCard.getByLabel("Ficheiro CSV").setInputFiles({ name: "feriados.csv", mimeType: "text/csv", buffer: Buffer.from("\uFEFF" + csv, "utf8") });
      await importCard.getByRole("button", { name: "Pré-visualizar" }).click();
      const result = page.getByTestId("csv-result");
      await expect(result).toContainText("Pré-visualização: ainda nada foi gravado");
      await expect(page.getByTestId("csv-summary")).toHaveText("A criar: 2 · A ignorar: 1 · Erros: 1");
      await expect(result).toContainText(`Dia de Portugal ${stamp}`);
      await expect(result.locator("summary").first()).toHaveText("2 feriados a criar");
      await expect(result).toContainText("Linha 5: Indique uma data válida.");
      await expect(page.getByTestId("holiday-list")).not.toContainText(`Ano Novo ${stamp}`);
      await shot(page, testInfo, "csv-preview");
      // The previewed file is imported by its own button; the form above offers only another preview.
      await expect(importCard.getByRole("button", { name: "Importar", exact: true })).toHaveCount(0);
      await result.getByRole("button", { name: "Importar 2 feriados" }).click();
      await expect(page.getByTestId("csv-result")).toContainText("Importação concluída.");
      await expect(importCard.getByRole("button", { name: "Importar", exact: true })).toHaveCount(1);
      await expect(page.getByTestId("csv-summary")).toHaveText("Criados: 2 · Ignorados: 1 · Erros: 1");
      // The lists say what happened, not what would.
      await expect(page.getByTestId("csv-result").locator("summary")).toHaveText(["2 feriados criados", "1 feriado ignorado", "1 linha recusada"]);
      await expect(page.getByTestId("holiday-list")).toContainText(`Ano Novo ${stamp}`);

      // 4. A regional holiday on the Wednesday of the person's week, not recurring.
      const createCard = await openCard(page, "Adicionar feriado");
      await createCard.getByLabel(/^Data/).fill(wednesday);
      await createCard.getByLabel(/^Nome/).fill(`Dia da Região ${stamp}`);
      await expect(createCard.getByLabel(/^País/)).toHaveValue("PT");
      await createCard.getByLabel(/^Região/).fill(REGION);
      await createCard.getByLabel(/^Recorrente/).uncheck();
      await createCard.getByRole("button", { name: "Adicionar feriado" }).click();
      await expect(createCard.getByTestId("action-notice")).toContainText(`Feriado Dia da Região ${stamp} adicionado`);

      // 5. The filters (the URL is the list's state): the country typed in small letters.
      const filters = page.locator("form.holidays-filters");
      await filters.getByLabel(/^País/).fill("pt");
      await filters.getByLabel(/^Ano/).fill(String(year));
      await filters.getByLabel(/^Mês/).selectOption("03");
      await filters.getByRole("button", { name: "Aplicar" }).click();
      await expect(page).toHaveURL(new RegExp(`country=(pt|PT)&year=${year}&month=03`));
      const regional = page.getByTestId("holiday-row").filter({ hasText: `Dia da Região ${stamp}` });
      await expect(regional).toContainText(REGION);
      await expect(regional).toContainText("Não");
      await expect(page.getByTestId("holiday-row").filter({ hasText: `Ano Novo ${stamp}` })).toHaveCount(0);
      await expect(page.locator("form.holidays-filters").getByLabel(/^País/)).toHaveValue("PT");
      await shot(page, testInfo, "filtered");

      // 6. Deleting asks first (a dialog with JavaScript, the page's question without).
      await openPage(page, `/national-holidays?year=${year}&month=06`);
      await page.getByRole("button", { name: new RegExp(`^Eliminar o feriado Dia de Portugal ${stamp}`) }).click();
      const question = jsOn(testInfo) ? page.getByRole("dialog", { name: "Eliminar feriado" }) : page.getByTestId("confirmation-step");
      await expect(question).toContainText(`Quer mesmo eliminar o feriado Dia de Portugal ${stamp}`);
      await question.getByRole("button", { name: "Sim, eliminar" }).click();
      await expect(page.getByTestId("action-notice")).toContainText(`Feriado Dia de Portugal ${stamp} de`);
      await expect(page.getByTestId("holiday-row").filter({ hasText: `Dia de Portugal ${stamp}` })).toHaveCount(0);

      // 7. The person's request now counts one working day fewer, and the calendar marks the day.
      await switchTo(page, PERSON.email, viewport);
      await page.goto(`/vacations?from=${start}&to=${end}`);
      await expect(workingDaysCell(page, description)).toHaveText("4");
      await openPage(page, `/my-calendar?year=${year}`);
      await expect(page.locator(`[data-date="${wednesday}"]`)).toHaveClass(/month-grid__day--holiday-marked/);
      await expect(page.locator(`[data-date="${wednesday}"]`)).toHaveAttribute("title", new RegExp(`Dia da Região ${stamp}`));

      // Nothing sticks out sideways on a phone.
      await page.goto(`/national-holidays?year=${year}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    });
  });
}

test("everyone reads the holidays, in Portuguese, English and Spanish; employees without the admin's forms", async ({ page }, testInfo) => {
  await signIn(page, DEMO.employee.email);
  await openPage(page, "/national-holidays");
  await expect(page.getByRole("heading", { name: "Feriados", level: 1 })).toBeVisible();
  await expect(page.getByText("Os administradores da empresa adicionam e removem feriados")).toBeVisible();
  await expect(page.locator("summary", { hasText: "Adicionar feriado" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Eliminar o feriado/ })).toHaveCount(0);
  await expect(page.getByTestId("holiday-row").filter({ hasText: "Natal" })).toBeVisible();

  // A filter it cannot take is named next to its field, and the list stays.
  await openPage(page, "/national-holidays?year=27&country=P1");
  await expect(page.getByText("Indique um ano com 4 algarismos, de 2000 a 2100.")).toBeVisible();
  await expect(page.getByText("Indique o país com 2 letras (ex.: PT).")).toBeVisible();
  await shot(page, testInfo, "employee-pt");

  // ?lng= changes this browser's language only (the profile keeps its own).
  await openPage(page, "/national-holidays?lng=en");
  await expect(page.getByRole("heading", { name: "Bank Holidays", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Recurring" })).toBeVisible();
  await expect(page.getByText("Company admins add and remove holidays")).toBeVisible();
  await openPage(page, "/national-holidays?lng=es&year=");
  await expect(page.getByRole("heading", { name: "Días festivos", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Recurrente" })).toBeVisible();
});

test("the admin's forms read in English and Spanish, and the official holidays of a region are previewed", async ({ page }, testInfo) => {
  await signIn(page, DEMO.owner.email);
  await openPage(page, "/national-holidays?lng=en&load=preview&load_country=ES&load_region=MD&load_year=2045");
  await expect(page.locator("summary", { hasText: "Add holiday" })).toBeVisible();
  await expect(page.locator("summary", { hasText: "Import CSV" })).toBeVisible();
  const preview = page.getByTestId("catalogue-preview");
  await expect(preview).toContainText("Official holidays of Comunidad de Madrid (Spain) in 2045");
  await expect(preview.getByRole("button", { name: /^Add \d+ holidays$/ })).toBeVisible();
  await shot(page, testInfo, "catalogue-en");
  await openPage(page, "/national-holidays?lng=es");
  await expect(page.locator("summary", { hasText: "Añadir festivo" })).toBeVisible();
  await expect(page.locator("summary", { hasText: "Festivos oficiales" })).toBeVisible();
});
