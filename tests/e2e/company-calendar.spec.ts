// The company calendar as people use it, with JavaScript on and off: drafting a request on one's
// own row, what colleagues see of it, cancelling it from its bar and telling the team's admin,
// a person's panel or page, the filters, and a part-timer's days off shaded on their row.
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { DEMO, DEMO_PASSWORD, openPage, signIn, urlPath } from "./support";

const YEAR = new Date().getFullYear() + 2;
const MONTH = `${YEAR}-05`;
// Engineering people no other spec signs in as, one per project (both run at once on one server).
const PEOPLE = {
  "js-on": { email: "gabriela.ferreira6@demo.test", name: "Gabriela Ferreira" },
  "js-off": { email: "joao.pereira9@demo.test", name: "João Pereira" },
} as const;
// In Sales: a colleague who is no admin of Engineering.
const COLLEAGUE = "hugo.gomes7@demo.test";

test.describe.configure({ timeout: 90_000 });

function personOf(testInfo: TestInfo) {
  return PEOPLE[testInfo.project.name === "js-off" ? "js-off" : "js-on"];
}

function rowOf(page: Page, name: string) {
  return page.getByTestId("company-month").locator("tr[data-person]").filter({ has: page.getByRole("rowheader", { name, exact: false }) });
}

/** Cancels what an earlier run on a reused server left in the month. */
async function clearMonth(page: Page) {
  await page.goto(`/vacations?from=${MONTH}-01&to=${MONTH}-31&size=100`);
  const cancelButtons = page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ });
  for (let left = await cancelButtons.count(); left > 0; left--) {
    await cancelButtons.first().click();
    await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
    await expect(cancelButtons).toHaveCount(left - 1);
  }
}

test("a person drafts a request on their own row; a colleague sees only 'Ausente'; cancelling it tells the team's admin", async ({ page, browser }, testInfo) => {
  const me = personOf(testInfo);
  const jsOn = testInfo.project.name === "js-on";
  const description = `Dentista ${testInfo.project.name}`;
  await signIn(page, me.email);
  await clearMonth(page);
  await openPage(page, `/company-calendar?month=${MONTH}`);
  const row = rowOf(page, me.name);

  if (jsOn) {
    // Drag across three days of one's own row: a ghost bar, then "Continuar" opens the request form.
    const from = await row.locator(`td[data-date="${MONTH}-09"]`).boundingBox();
    const to = await row.locator(`td[data-date="${MONTH}-11"]`).boundingBox();
    if (!from || !to) throw new Error("day cells not found");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(row.locator("td.company-month__draft")).toHaveCount(3);
    await expect(page.getByTestId("draft-bar")).toContainText("Novo pedido");
    await page.getByTestId("draft-bar").getByRole("button", { name: "Continuar" }).click();
  } else {
    await row.getByRole("link", { name: "Nova ausência" }).click();
  }

  const form = page.getByTestId("vacation-drawer");
  await expect(form).toBeVisible();
  if (jsOn) {
    await expect(form.getByLabel("Data de início")).toHaveValue(`${MONTH}-09`);
    await expect(form.getByLabel("Data de fim")).toHaveValue(`${MONTH}-11`);
  } else {
    await form.getByLabel("Data de início").fill(`${MONTH}-09`);
    await form.getByLabel("Data de fim").fill(`${MONTH}-11`);
  }
  await form.getByLabel("Tipo de ausência").selectOption("training");
  await form.getByLabel("Descrição").fill(description);
  await form.getByRole("button", { name: "Submeter pedido" }).click();
  await expect(page).toHaveURL(urlPath(`/company-calendar?month=${MONTH}&created=1`));
  const bar = row.locator("[data-bar]");
  await expect(bar).toContainText(`${description} (Pendente)`);

  // A colleague of another team sees that the person is away, not why.
  const colleagueContext = await browser.newContext({ javaScriptEnabled: jsOn, locale: "pt-PT" });
  const colleague = await colleagueContext.newPage();
  await signIn(colleague, COLLEAGUE);
  await colleague.goto(`/company-calendar?month=${MONTH}`);
  await expect(rowOf(colleague, me.name).locator("[data-bar]")).toContainText("Ausente (Pendente)");
  await expect(colleague.locator("body")).not.toContainText(description);
  await colleagueContext.close();

  // The bar's panel: cancel (asked first), then 'Queres notificar o Admin da Team?'.
  await bar.click();
  const panel = page.getByTestId("bar-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { name: description })).toBeVisible();
  await panel.getByRole("button", { name: "Cancelar", exact: true }).click();
  await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
  await expect(page.getByTestId("action-notice")).toContainText("Pedido cancelado.");
  await expect(row.locator("[data-bar]")).toHaveCount(0);
  const question = page.getByTestId("notify-question");
  await expect(question).toContainText("Queres notificar o Admin da Team?");
  await question.getByRole("button", { name: "Sim, notificar" }).click();
  await expect(page.getByTestId("action-notice")).toContainText("Os administradores da equipa foram avisados por email.");

  await page.goto("/dev/outbox");
  const mail = page.getByTestId("outbox-mail").filter({ has: page.getByTestId("outbox-to").getByText("admin@demo.test", { exact: true }) }).first();
  await expect(mail).toContainText(`Ausência cancelada: ${me.name}`);
});

test("a person's name opens who they are; a colleague's balances stay private", async ({ page }, testInfo) => {
  await signIn(page, COLLEAGUE);
  await openPage(page, `/company-calendar?month=${MONTH}`);
  await page.getByTestId("company-month").getByRole("link", { name: "Ana Silva", exact: true }).click();
  if (testInfo.project.name === "js-on") {
    const panel = page.getByTestId("person-panel");
    await expect(panel).toContainText("ana.silva0@demo.test");
    await expect(panel).toContainText("só são visíveis para ela e para os administradores");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId("company-month").getByRole("link", { name: "Ana Silva", exact: true })).toBeFocused();
    // One's own name shows one's own allowances.
    await page.getByTestId("company-month").getByRole("link", { name: "Hugo Gomes", exact: true }).click();
    await expect(page.getByTestId("person-panel").getByTestId("balance-yearly")).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/people\/[^/?]+\?year=\d{4}$/);
    await expect(page.getByRole("heading", { name: "Ana Silva", level: 2, exact: true })).toBeVisible();
    await expect(page.locator("main")).toContainText("ana.silva0@demo.test");
    await expect(page.locator("main")).toContainText("só são visíveis para ela e para os administradores");
    await expect(page.getByTestId("person-year")).toBeVisible();
  }
});

test("the team filter and a name typed without accents narrow the rows; the month moves by links", async ({ page }) => {
  await signIn(page, COLLEAGUE);
  await openPage(page, `/company-calendar?month=${MONTH}`);
  await page.getByLabel("Equipa").selectOption({ label: "Sales" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  const names = page.getByTestId("company-month").getByRole("rowheader");
  await expect(names.filter({ hasText: "Bruno Martins" })).toHaveCount(1);
  await expect(names.filter({ hasText: /^Ana Silva$/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Limpar" }).click();
  // The filters form starts afresh with the address: type once it has arrived.
  await expect(page).toHaveURL(urlPath(`/company-calendar?month=${MONTH}`));
  // The demo company fits one page: it opens on every team (a larger one on the viewer's: decision 0102).
  await expect(page.getByLabel("Equipa")).toHaveValue("all");
  await page.getByLabel("Procurar pessoa").fill("joao");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(names.filter({ hasText: /\S/ })).toHaveText(["João Pereira"]);
  await page.getByRole("link", { name: "Mês seguinte" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${YEAR}-06`));
  await expect(page.getByTestId("calendar-month")).toHaveText(`Junho de ${YEAR}`);
  await expect(names.filter({ hasText: /\S/ })).toHaveText(["João Pereira"]);
});

// The markup is the same with JavaScript: checked once, without it (decision 0078).
test("a part-timer's weekdays off are shaded on their row, named, and in the legend @js-off-only", async ({ page, request }) => {
  const login = async (email: string) => (await (await request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } })).json()) as { access_token: string; user: { id: string } };
  const partTimer = (await login("rui.pereira19@demo.test")).user.id;
  const { access_token } = await login(DEMO.admin.email);
  // Monday to Thursday from the spec's year on (the same list again on a reused server changes nothing).
  const days = [1, 2, 3, 4].map((weekday) => ({ weekday, hours: 8 }));
  const put = await request.put(`/api/users/${partTimer}/work-schedules`, { headers: { Authorization: `Bearer ${access_token}` }, data: [{ valid_from: `${YEAR}-01-01`, cycle_weeks: 1, days }] });
  expect(put.status()).toBe(200);

  await signIn(page, COLLEAGUE);
  await openPage(page, `/company-calendar?month=${MONTH}&q=rui`);
  const off = rowOf(page, "Rui Pereira").locator("td.company-month__off");
  await expect(off.first()).toHaveAttribute("title", "Não trabalha");
  await expect(off.first()).toHaveText("Não trabalha");
  await expect(page.locator(".calendar-legend")).toContainText("Não trabalha");
});
