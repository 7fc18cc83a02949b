// Keyboard-only flows (issue 16, docs/decisions/0030-accessibility.md): every step below is a key
// press (page.keyboard) — Tab to a control, Enter, arrows, typing — except setting up data and
// handing a file to the file chooser the keyboard opened. With JavaScript the calendars select
// ranges by arrows and Enter, dialogs keep focus inside and Escape closes them, and focus lands on
// what opened a panel or on the answer after each action; without it the same flows go through
// links and plain forms.
import { expect, test, type Locator, type Page } from "./fixtures";
import { signUpNewCompany } from "./new-company";
import { DEMO, openPage, signIn } from "./support";

const YEAR = new Date().getFullYear() + 6;
// People no other spec signs in as, one per project (their requests are approved by the owner below).
const PEOPLE = {
  "js-on": { email: "marta.oliveira12@demo.test", name: "Marta Oliveira" },
  "js-off": { email: "ricardo.costa15@demo.test", name: "Ricardo Costa" },
} as const;

test.describe.configure({ timeout: 120_000 });

function jsOn() {
  return test.info().project.name === "js-on";
}

function person() {
  return PEOPLE[jsOn() ? "js-on" : "js-off"];
}

/** The Monday of the given ISO-ish week of a month of YEAR, plus `days`. */
function dayOf(month: number, week: number, days = 0): string {
  const date = new Date(Date.UTC(YEAR, month - 1, 1));
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCDate(date.getUTCDate() + (week - 1) * 7 + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus. The element is found once: resolving the
 * locator again at every press costs seconds on a long list (Approvals after the whole suite).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 400 } = {}) {
  const element = await target.elementHandle();
  if (!element) throw new Error(`${target} is not on the page`);
  for (let presses = 0; presses < max; presses++) {
    if (await element.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

/** Moves a focused <select> with the arrow keys until it shows the value. */
async function arrowToOption(page: Page, select: Locator, value: string) {
  for (let presses = 0; presses < 20 && (await select.inputValue()) !== value; presses++) await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue(value);
}

/**
 * Types a date into a focused date input, segment by segment. The segments' order is the browser's
 * (day first in Portugal, month first in an English browser): when day-first typing gives another
 * date, Shift+Tab goes back to the first segment and the date is typed month first.
 */
async function typeDate(page: Page, input: Locator, iso: string) {
  const [year, month, day] = iso.split("-");
  await page.keyboard.type(`${day}${month}${year}`);
  if ((await input.inputValue()) !== iso) {
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.type(`${month}${day}${year}`);
  }
  await expect(input).toHaveValue(iso);
}

/** Fills the request form (drawer or page section) from its type selector on, by keyboard, and sends it. */
async function requestByKeyboard(page: Page, form: Locator, { start, end, description }: { start?: string; end?: string; description: string }) {
  const category = form.getByLabel("Tipo de ausência");
  await tabTo(page, category);
  await arrowToOption(page, category, "training");
  if (start && end) {
    await tabTo(page, form.getByLabel("Data de início"));
    await typeDate(page, form.getByLabel("Data de início"), start);
    await tabTo(page, form.getByLabel("Data de fim"));
    await typeDate(page, form.getByLabel("Data de fim"), end);
  }
  await tabTo(page, form.getByLabel("Descrição"));
  await page.keyboard.type(description);
  await tabTo(page, form.getByRole("button", { name: "Submeter pedido" }));
  await page.keyboard.press("Enter");
}

/** Cancels what an earlier run on a reused server left in the range (set-up, not part of the flow). */
async function clearRange(page: Page, start: string, end: string) {
  await page.goto(`/vacations?from=${start}&to=${end}&size=100`);
  const cancelButtons = page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ });
  for (let left = await cancelButtons.count(); left > 0; left--) {
    await cancelButtons.first().click();
    await page.getByRole("button", { name: "Sim, cancelar pedido" }).click();
    await expect(cancelButtons).toHaveCount(left - 1);
  }
}

test("a vacation requested from My Calendar with the keyboard only", async ({ page }) => {
  const start = dayOf(3, 2);
  const end = dayOf(3, 2, 2);
  const description = `Teclado ${test.info().project.name}`;
  await signIn(page, person().email);
  await clearRange(page, start, end);
  await openPage(page, `/my-calendar?year=${YEAR}`);
  const newVacation = page.getByRole("link", { name: "Nova ausência" });

  if (jsOn()) {
    // The drawer takes focus, Escape closes it and gives focus back to what opened it.
    await tabTo(page, newVacation);
    await page.keyboard.press("Enter");
    await expect(page.locator("#absence-drawer-title")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("vacation-drawer")).toHaveCount(0);
    await expect(newVacation).toBeFocused();

    // The year's grid is one tab stop (its 1 January); arrows walk the days, Enter marks each end.
    const firstDay = page.locator(`td[data-date="${YEAR}-01-01"]`);
    await tabTo(page, firstDay);
    const steps = (Date.parse(start) - Date.parse(`${YEAR}-01-01`)) / 86_400_000;
    for (let week = 0; week < Math.floor(steps / 7); week++) await page.keyboard.press("ArrowDown");
    for (let day = 0; day < steps % 7; day++) await page.keyboard.press("ArrowRight");
    await expect(page.locator(`td[data-date="${start}"]`)).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.locator("td.month-grid__day--selected")).toHaveCount(3);
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("vacation-drawer");
    await expect(page.locator("#absence-drawer-title")).toBeFocused();
    await expect(drawer.getByLabel("Data de início")).toHaveValue(start);
    await expect(drawer.getByLabel("Data de fim")).toHaveValue(end);
    await requestByKeyboard(page, drawer, { description });
    await expect(page.getByRole("status").filter({ hasText: "Ausência pedida" })).toBeVisible();
    // Back on the day that closed the range: the next range is a few arrows away.
    await expect(page.locator(`td[data-date="${end}"]`)).toBeFocused();
  } else {
    await tabTo(page, newVacation);
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("vacation-drawer");
    await expect(drawer).toBeVisible();
    await requestByKeyboard(page, drawer, { start, end, description });
    await expect(page.getByRole("status").filter({ hasText: "Ausência pedida" })).toBeVisible();
  }
  await expect(page.locator(`td[data-date="${start}"]`)).toHaveAttribute("data-status", "pending");
});

test("a request approved from Approvals with the keyboard only", async ({ page, browser }) => {
  const start = dayOf(4, 2);
  const description = `Aprovar por teclado ${test.info().project.name}`;
  // Set-up: the person asks with the mouse.
  const asker = await browser.newContext({ javaScriptEnabled: jsOn(), locale: "pt-PT", timezoneId: "Pacific/Kiritimati" });
  const askerPage = await asker.newPage();
  await signIn(askerPage, person().email);
  await clearRange(askerPage, start, start);
  await openPage(askerPage, `/my-calendar?year=${YEAR}&new=1&start=${start}&end=${start}`);
  const form = askerPage.getByTestId("vacation-drawer");
  await form.getByLabel("Tipo de ausência").selectOption("training");
  await form.getByLabel("Descrição").fill(description);
  await form.getByRole("button", { name: "Submeter pedido" }).click();
  await expect(askerPage).toHaveURL(/created=/);
  await asker.close();

  // The owner reviews everyone's requests: other specs move this person to other teams (whose
  // admins would then see the request instead of admin@demo.test). The largest page: the suite's
  // own requests can fill more than the first 50 (earliest start first).
  await signIn(page, DEMO.owner.email);
  await openPage(page, "/approvals?size=100");
  const row = page.locator("tr").filter({ hasText: description });
  const approve = row.getByRole("button", { name: new RegExp(`^Aprovar ${person().name}`) });
  await tabTo(page, approve);
  await page.keyboard.press("Enter");
  const notice = page.getByTestId("action-notice");
  await expect(notice).toContainText("aprovado");
  await expect(row).toHaveCount(0);
  // The button went with its row: focus goes to the answer, not back to the top of the page.
  if (jsOn()) await expect(notice).toBeFocused();
});

test("a draft on one's own row of the company calendar with the keyboard only", async ({ page }) => {
  const start = dayOf(5, 2);
  const end = dayOf(5, 2, 1);
  const month = start.slice(0, 7);
  const description = `Rascunho por teclado ${test.info().project.name}`;
  await signIn(page, person().email);
  await clearRange(page, start, end);
  await openPage(page, `/company-calendar?month=${month}`);
  const ownRow = page.locator("tr.company-month__row--own");

  if (jsOn()) {
    // A colleague's panel: Enter on the name opens it with focus inside, Escape closes it and
    // gives focus back to the name.
    const colleague = page.getByTestId("company-month").locator("tr:not(.company-month__row--own) .company-month__name").first();
    await tabTo(page, colleague);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("person-panel")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("person-panel")).toHaveCount(0);
    await expect(colleague).toBeFocused();

    // One's row has one tab stop (the month's first day here); arrows move, Enter marks both ends.
    await tabTo(page, ownRow.locator(`td[data-date="${month}-01"]`), { backwards: true });
    const steps = (Date.parse(start) - Date.parse(`${month}-01`)) / 86_400_000;
    for (let day = 0; day < steps; day++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(ownRow.locator("td.company-month__draft")).toHaveCount(2);
    const draftBar = page.getByTestId("draft-bar");
    await expect(draftBar).toContainText("Novo pedido");
    // The bar sits above the table: focus goes to its "Continue".
    await expect(draftBar.getByRole("button", { name: "Continuar" })).toBeFocused();
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("vacation-drawer");
    await expect(page.locator("#absence-drawer-title")).toBeFocused();
    await expect(drawer.getByLabel("Data de início")).toHaveValue(start);
    await requestByKeyboard(page, drawer, { description });
  } else {
    await tabTo(page, ownRow.getByRole("link", { name: "Nova ausência" }));
    await page.keyboard.press("Enter");
    const drawer = page.getByTestId("vacation-drawer");
    await expect(drawer).toBeVisible();
    await requestByKeyboard(page, drawer, { start, end, description });
  }
  await expect(page).toHaveURL(/created=/);
  await expect(ownRow.locator("[data-bar]").filter({ hasText: description })).toBeVisible();
});

test("an owner imports a holiday CSV, answers a question and changes a setting with the keyboard only", async ({ page }) => {
  await signUpNewCompany(page, "keys");

  // The CSV card opens with Enter; the file input opens the file chooser from the keyboard.
  // Playwright asks the browser to catch file choosers when the first listener is added, without
  // waiting for its answer: added just before the key press, a busy machine let the press win
  // and no chooser came. Added here, the browser has long answered by then.
  const chooser = page.waitForEvent("filechooser");
  await openPage(page, "/national-holidays");
  const card = page.locator('details.collapsible:has(input[name="intent"][value="import"])');
  await tabTo(page, card.locator("summary"));
  await page.keyboard.press("Enter");
  await tabTo(page, card.locator('input[type="file"]'));
  await page.keyboard.press("Space");
  const csv = `date,name,country_code,is_recurring\n${YEAR}-06-02,Dia do Teclado,PT,false\n${YEAR}-06-03,Dia do Tab,PT,false\n`;
  await (await chooser).setFiles({ name: "feriados.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await tabTo(page, card.getByRole("button", { name: "Pré-visualizar" }));
  await page.keyboard.press("Enter");
  const result = page.getByTestId("csv-result");
  await expect(result).toContainText("Dia do Teclado");
  if (jsOn()) await expect(result).toBeFocused();
  await tabTo(page, result.getByRole("button", { name: "Importar 2 feriados" }));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("csv-summary")).toContainText("2");
  if (jsOn()) await expect(page.getByTestId("csv-result")).toBeFocused();

  // A destructive question: with JavaScript a modal dialog that keeps focus in and closes on
  // Escape, giving focus back; without, the server's question with a "No" link.
  await openPage(page, `/national-holidays?year=${YEAR}&month=06`);
  const remove = page.getByRole("button", { name: /^Eliminar o feriado Dia do Tab/ });
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  if (jsOn()) {
    const dialog = page.getByRole("dialog");
    const keep = dialog.getByRole("button").first();
    const confirm = dialog.getByRole("button").last();
    await expect(keep).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(keep).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
  } else {
    const step = page.getByTestId("confirmation-step");
    await expect(step).toBeVisible();
    await tabTo(page, step.getByRole("link"));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("confirmation-step")).toHaveCount(0);
  }

  // A setting: the yearly allowance new people get.
  await openPage(page, "/company-settings/company");
  const allowance = page.locator('input[name="defaultYearlyAllowance"]');
  await tabTo(page, allowance);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("25");
  await tabTo(page, page.locator('form:has(input[name="intent"][value="company.update"]) button[type="submit"]'));
  await page.keyboard.press("Enter");
  const notice = page.getByTestId("action-notice");
  await expect(notice).toBeVisible();
  if (jsOn()) await expect(notice).toBeFocused();
  await openPage(page, "/company-settings/company");
  await expect(allowance).toHaveValue("25");

  if (!jsOn()) {
    // The company's leave year (decision 0080), here where a company of its own is at hand: from
    // April, My Calendar's switcher names the leave year holding today "2026/27".
    await page.locator('select[name="leaveYearStartMonth"]').selectOption("4");
    await page.locator('form:has(input[name="intent"][value="company.update"]) button[type="submit"]').click();
    await expect(page.getByTestId("action-notice")).toBeVisible();
    const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Lisbon" }).format(new Date()).split("-").map(Number);
    const start = month >= 4 ? year : year - 1;
    await openPage(page, "/my-calendar");
    await expect(page.getByTestId("calendar-year")).toHaveText(`${start}/${String((start + 1) % 100).padStart(2, "0")}`);
    // Its twelve months start with April.
    await expect(page.getByTestId("year-calendar").locator("caption").first()).toHaveText(`Abril de ${start}`);
  }
});

test("the phone menu opens and closes from the keyboard", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, "/my-calendar");
  const toggle = page.locator(".topbar__toggle");
  await tabTo(page, toggle);
  await page.keyboard.press("Enter");
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(nav).toBeVisible();
  if (jsOn()) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
  } else {
    await page.keyboard.press("Enter");
    await expect(nav).toBeHidden();
  }
});
