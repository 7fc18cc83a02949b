// The accessibility gate (issue 16, docs/decisions/0030-accessibility.md): axe-core's WCAG 2.2 AA
// rules on every screen and on the states that matter, as each role, at 390 and 1366 px. A serious
// or critical violation fails.
// - Every screen is scanned once (@once, with JavaScript): a screen's markup is the same with
//   JavaScript off (the server renders it; hydration must not change it), and a second scan of it
//   found nothing new for minutes of CI.
// - The states (a drawer, a dialog, a confirmation step, forms with errors) differ with and without
//   JavaScript, so each is scanned in both projects: at both widths with JavaScript, at 390 px
//   without (scanBoth).
import { expect, type Page, test } from "./fixtures";
import { expectAccessible } from "./axe";
import { absencePages, ADMIN_SCREENS, COMMON_SCREENS, LAPTOP, NO_SCRIPT_SCREENS, PHONE, PUBLIC_SCREENS, ROLES } from "./screens";
import { signUpNewCompany } from "./new-company";
import { DEMO, loginForm, openPage, signIn } from "./support";

// axe reads every element of the page; My Calendar alone has a few thousand.
test.describe.configure({ timeout: 300_000 });

const WIDTHS = [LAPTOP, PHONE];

// The master sees the admin's screens with the same markup (other rows): scanning them again costs
// minutes of CI for nothing new. The master's own screens, and the shell with the Audit link, are.
const ADMIN = ROLES.find((role) => role.who === DEMO.admin)!;
const SCANNED_ROLES = ROLES.map((role) =>
  role.who === DEMO.master ? { ...role, screens: ["/my-calendar", ...role.screens.filter((path) => !ADMIN.screens.includes(path))] } : role,
);

// The API reference is one long static page (every operation of the document): axe takes ~18 s
// on it, the same nodes at either width, so it is scanned once, at the narrower one, where
// targets and reflow are tightest.
const API_DOCS = "/api/docs";

/** Scans the page as loaded at each width in turn: one load (and hydration) serves both scans. */
async function scanAtBothWidths(page: Page, path: string, widths = WIDTHS) {
  for (const size of widths) {
    await page.setViewportSize(size);
    if (size === widths[0]) await load(page, path);
    await expectAccessible(page, path);
  }
}

async function load(page: Page, path: string) {
  // /public and /api/docs have no scripts at all, so they never hydrate.
  if (NO_SCRIPT_SCREENS.includes(path)) await page.goto(path);
  else await openPage(page, path);
}

test("the signed-out screens at 1366 and 390 px @once", async ({ page }) => {
  for (const path of [...PUBLIC_SCREENS, ...NO_SCRIPT_SCREENS]) await scanAtBothWidths(page, path, path === API_DOCS ? [PHONE] : WIDTHS);
});

for (const { who, screens } of SCANNED_ROLES) {
  test(`every screen of ${who.email} at 1366 and 390 px @once`, async ({ page }) => {
    // Signed in at full width: on a phone the name is inside the closed menu.
    await signIn(page, who.email);
    // The admin's absence pages too: an approved absence's change page, a sickness's certificate page.
    const reached = who === DEMO.admin ? await absencePages(page) : [];
    for (const path of [...screens, ...reached]) await scanAtBothWidths(page, path);
  });
}

// ---- States: each is set up once, then checked at both widths (resizing keeps it open). ----

const YEAR = new Date().getFullYear() + 5;
// Demo people no other spec signs in as, one per project: the states below make vacations of theirs.
const STATE_PEOPLE = { "js-on": "ines.rodrigues8@demo.test", "js-off": "joana.silva10@demo.test" } as const;

function jsOn() {
  return test.info().project.name === "js-on";
}

function statePerson() {
  return STATE_PEOPLE[jsOn() ? "js-on" : "js-off"];
}

/**
 * Checks the state (or the part of the page it changed) at 1366 px and at 390 px, and leaves the
 * page at 1366 px. Without JavaScript, at 390 px only: what differs there is the markup (a server
 * step for a dialog), which the narrower width tests hardest (targets, reflow); the stylesheets'
 * colours and the 1366 px layout are checked on the same screens with JavaScript.
 */
async function scanBoth(page: Page, state: string, options: { within?: string } = {}) {
  for (const size of jsOn() ? WIDTHS : [PHONE]) {
    await page.setViewportSize(size);
    await expectAccessible(page, state, options);
  }
  await page.setViewportSize(LAPTOP);
}

/** The submit button of the form that posts this intent. */
function submitOf(page: Page, intent: string) {
  return page.locator(`form:has(input[name="intent"][value="${intent}"])`).locator('button[type="submit"]').first();
}

/** A question before destroying: a modal dialog with JavaScript, the server's confirmation step without. */
function question(): string {
  return jsOn() ? "dialog[open]" : '[data-testid="confirmation-step"]';
}

async function expectQuestion(page: Page) {
  await expect(page.locator(question())).toBeVisible();
}

/** A vacation of the state person in YEAR (made once; a reused server keeps it). */
async function ensureOwnVacation(page: Page): Promise<{ start: string; end: string }> {
  const range = { start: `${YEAR}-06-09`, end: `${YEAR}-06-11` };
  await openPage(page, `/vacations?from=${range.start}&to=${range.end}`);
  const live = page.getByTestId("my-vacations").locator('tbody tr[data-status="pending"]');
  if ((await live.count()) === 0) {
    await openPage(page, `/my-calendar?year=${YEAR}&new=1&start=${range.start}&end=${range.end}`);
    const form = page.getByTestId("vacation-drawer");
    await form.getByLabel("Tipo de ausência").selectOption("training");
    await form.getByLabel("Descrição").fill("Acessibilidade");
    await form.getByRole("button", { name: "Submeter pedido" }).click();
    await expect(page).toHaveURL(/created=/);
  }
  return range;
}

test("signed-out forms with their errors", async ({ page }) => {
  await openPage(page, "/login");
  await page.locator('input[name="email"]').fill("nobody@demo.test");
  await page.locator('input[name="password"]').fill("wrong-password");
  await loginForm(page).submit.click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await scanBoth(page, "/login refused");

  await openPage(page, "/signup");
  await page.locator('form:has(input[type="password"]) button[type="submit"]').click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "/signup with empty fields");

  await openPage(page, "/forgot-password");
  await page.locator('input[name="email"]').fill("not-an-address");
  await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "/forgot-password with a bad address");
});

test("My Calendar's request drawer: open, with an error, and a range chosen by keys", async ({ page }) => {
  await signIn(page, statePerson());
  await openPage(page, `/my-calendar?year=${YEAR}&new=1`);
  const drawer = page.getByTestId("vacation-drawer");
  await expect(drawer).toBeVisible();
  await scanBoth(page, "My Calendar with the request drawer open", { within: '[data-testid="vacation-drawer"]' });

  await drawer.getByLabel("Tipo de ausência").selectOption("training");
  await drawer.getByLabel("Data de início").fill(`${YEAR}-03-10`);
  await drawer.getByLabel("Data de fim").fill(`${YEAR}-03-02`);
  await drawer.getByRole("button", { name: "Submeter pedido" }).click();
  await expect(drawer.getByText("A data inicial não pode ser posterior à data final.")).toBeVisible();
  await scanBoth(page, "My Calendar's request with start after end", { within: '[data-testid="vacation-drawer"]' });

  if (jsOn()) {
    await openPage(page, `/my-calendar?year=${YEAR}`);
    const first = page.locator(`td[data-date="${YEAR}-01-01"]`);
    await first.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.locator("td.month-grid__day--selected")).toHaveCount(3);
    await scanBoth(page, "My Calendar while a range is chosen with the keyboard");
  }
});

test("Absences: filled, empty, an error and the cancel question", async ({ page }) => {
  await signIn(page, statePerson());
  const range = await ensureOwnVacation(page);
  await openPage(page, `/vacations?from=${range.start}&to=${range.end}`);
  await scanBoth(page, "Absences with a request");

  await openPage(page, `/vacations?from=${YEAR + 1}-01-01&to=${YEAR + 1}-01-31`);
  await scanBoth(page, "Absences with nothing in the filter");

  await openPage(page, "/vacations?new=1");
  const form = page.locator('form:has(input[name="intent"][value="create"])');
  await form.getByLabel("Tipo de ausência").selectOption("training");
  await form.getByLabel("Data de início").fill(`${YEAR}-03-10`);
  await form.getByLabel("Data de fim").fill(`${YEAR}-03-02`);
  await submitOf(page, "create").click();
  await expect(page.getByText("A data inicial não pode ser posterior à data final.")).toBeVisible();
  await scanBoth(page, "Absences' request form with start after end");

  await openPage(page, `/vacations?from=${range.start}&to=${range.end}`);
  await page.getByTestId("my-vacations").getByRole("button", { name: /^Cancelar pedido/ }).first().click();
  await expectQuestion(page);
  await scanBoth(page, "Absences asking before cancelling");
});

test("the company calendar: a bar's panel, its cancel question, a person, a draft, the drawer, no match", async ({ page }) => {
  await signIn(page, statePerson());
  const range = await ensureOwnVacation(page);
  const month = range.start.slice(0, 7);
  await openPage(page, `/company-calendar?month=${month}`);
  const ownBar = page.locator("tr.company-month__row--own [data-bar]").first();
  await expect(ownBar).toBeVisible();
  if (jsOn()) await ownBar.click();
  else await page.goto(`/company-calendar?month=${month}&bar=${await ownBar.getAttribute("data-bar")}`);
  const panel = page.getByTestId("bar-panel");
  await expect(panel).toBeVisible();
  await scanBoth(page, "the company calendar with a bar's panel open", { within: '[data-testid="bar-panel"]' });

  await panel.getByRole("button", { name: "Cancelar", exact: true }).click();
  await expectQuestion(page);
  await scanBoth(page, "the company calendar asking before cancelling", { within: question() });

  await openPage(page, `/company-calendar?month=${month}`);
  const colleague = page.getByTestId("company-month").locator("tr:not(.company-month__row--own) .company-month__name").first();
  if (jsOn()) {
    await colleague.click();
    await expect(page.getByTestId("person-panel").getByRole("heading")).toBeVisible();
    await scanBoth(page, "the company calendar with a person's panel open", { within: '[data-testid="person-panel"]' });

    await openPage(page, `/company-calendar?month=${month}`);
    await page.locator(`tr.company-month__row--own td[data-date="${month}-02"]`).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("draft-bar")).toBeVisible();
    await scanBoth(page, "the company calendar with a draft on one's row");
  } else {
    await colleague.click();
    await expect(page).toHaveURL(/\/people\//);
    await scanBoth(page, "a person's page");
  }

  await openPage(page, `/company-calendar?month=${month}&new=1`);
  await expect(page.getByTestId("vacation-drawer")).toBeVisible();
  await scanBoth(page, "the company calendar with the request drawer open", { within: '[data-testid="vacation-drawer"]' });

  await openPage(page, `/company-calendar?month=${month}&q=zzzz-nobody`);
  await scanBoth(page, "the company calendar when no one matches");
});

test("a calendar feed's new address, shown once", async ({ page }) => {
  await signIn(page, statePerson());
  await openPage(page, "/calendar-feeds");
  // Each person makes each feed once: a reused server has it already.
  if (await submitOf(page, "create").count()) {
    await submitOf(page, "create").click();
    await expect(page.getByTestId("feed-address")).toBeVisible();
    await scanBoth(page, "/calendar-feeds with a new address shown once");
  }
});

// Screens opened by their address: the server's markup, the same with or without JavaScript.
test("screens one reaches from others: feeds, a person's page, balances @once", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openPage(page, "/calendar-feeds");
  await scanBoth(page, "/calendar-feeds");
  await openPage(page, "/company-calendar");
  const href = await page.getByTestId("company-month").locator(".company-month__name").first().getAttribute("href");
  const userId = href!.split("/")[2].split("?")[0];
  await openPage(page, `/people/${userId}`);
  await scanBoth(page, "/people/:id");
  // An admin's plain link to the person's leave certificate answers the PDF (decision 0095).
  const certificate = page.getByTestId("exit-export").locator('a[href$="/export/certificate.pdf"]');
  await expect(certificate).toBeVisible();
  const pdf = await page.request.get((await certificate.getAttribute("href"))!);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  await openPage(page, `/balances/${userId}`);
  await scanBoth(page, "/balances/:id");
});

test("company settings: a team's dialog, a person's edit view, forms with errors", async ({ page }) => {
  await signIn(page, "admin@demo.test");

  await openPage(page, "/company-settings/teams");
  await page.getByTestId("team-row").first().getByRole("link").first().click();
  if (jsOn()) await expect(page.locator("dialog[open]")).toBeVisible();
  await expect(page).toHaveURL(/team=/);
  await scanBoth(page, "a team's dialog");

  await openPage(page, "/company-settings/users");
  await submitOf(page, "users.invite").click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "the invitation with empty fields");
  await page.getByTestId("people-row").first().getByRole("link", { name: /^Editar/ }).first().click();
  await expect(page).toHaveURL(/edit=/);
  await scanBoth(page, "a person's edit view");

  // The schedule editor with its errors: nobody chosen, a ticked day without hours.
  await openPage(page, "/company-settings/work-schedules");
  const bulk = page.locator('form:has(input[name="intent"][value="schedules.bulk"])');
  await bulk.locator('input[name="hours_1_1"]').fill("");
  await submitOf(page, "schedules.bulk").click();
  await expect(bulk.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "the work schedules with errors");

  await openPage(page, "/company-settings/company");
  await page.locator('input[name="defaultYearlyAllowance"]').fill("muitos");
  await submitOf(page, "company.update").click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "the company settings with a wrong number");

  await openPage(page, "/company-settings/billing-details?edit=1");
  await page.locator('input[name="invoiceEmail"]').fill("not-an-address");
  await page.locator('form:has(input[name="invoiceEmail"]) button[type="submit"]').first().click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "the billing details with a wrong e-mail");

  await openPage(page, "/company-settings/billing-payment");
  await page.locator('input[name="last4"]').fill("12");
  await submitOf(page, "payment.save").click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "the payment method with three digits missing");
});

test("API tokens: a name missing, a new token shown once, the revoke question", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openPage(page, "/company-settings/api-tokens");
  await submitOf(page, "apiTokens.create").click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "a new API token without a name");

  const name = `Axe ${test.info().project.name} ${Date.now().toString(36)}`;
  await page.locator('input[name="name"]').fill(name);
  await submitOf(page, "apiTokens.create").click();
  await expect(page.getByTestId("api-token-issued")).toBeVisible();
  await scanBoth(page, "a new API token shown once");

  const row = page.getByTestId("api-token-row").filter({ hasText: name });
  await row.getByRole("button", { name: /^Revogar o token/ }).click();
  await expectQuestion(page);
  await scanBoth(page, "the API token revoke question");
  // Answered, so the shared demo company keeps room for tokens (20 at most).
  if (jsOn()) await page.locator("dialog[open]").getByRole("button", { name: "Sim, revogar" }).click();
  else await page.getByTestId("confirmation-step").getByRole("button", { name: "Sim, revogar" }).click();
  await expect(page.getByTestId("api-token-row").filter({ hasText: name })).toHaveCount(0);
});

test("bank holidays: a new one with errors, CSV previews, the official list, filters, the delete question", async ({ page }) => {
  await signIn(page, "admin@demo.test");

  await openPage(page, "/national-holidays");
  await page.locator('details.collapsible:has(input[name="intent"][value="create"]) > summary').click();
  await submitOf(page, "create").click();
  await expect(page.locator(".field__error").first()).toBeVisible();
  await scanBoth(page, "a new holiday with empty fields");

  await openPage(page, "/national-holidays");
  const importForm = page.locator('form:has(input[name="intent"][value="import"])').first();
  await page.locator("details.collapsible", { has: importForm }).locator("summary").click();
  await importForm.locator('input[type="file"]').setInputFiles({ name: "feriados.csv", mimeType: "text/csv", buffer: Buffer.from(`date,name,country_code,is_recurring\n${YEAR}-02-03,Dia A,PT,false\n${YEAR}-02-04,Dia B,ZZZ,false\n`) });
  await importForm.locator('button[value="preview"]').click();
  await expect(page.getByTestId("csv-result")).toBeVisible();
  await scanBoth(page, "a holiday CSV's preview");
  await openPage(page, "/national-holidays");
  await page.locator("details.collapsible", { has: importForm }).locator("summary").click();
  await importForm.locator('input[type="file"]').setInputFiles({ name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from(`date,name,country_code,is_recurring\n03/02/${YEAR},Dia B,PT,false\n`) });
  await importForm.locator('button[value="preview"]').click();
  await expect(page.getByTestId("action-notice")).toBeVisible();
  await scanBoth(page, "a holiday CSV with a date Excel wrote");

  await openPage(page, `/national-holidays?lng=pt&load=preview&load_country=ES&load_region=MD&load_year=${YEAR}`);
  await scanBoth(page, "the official holidays' preview");
  await openPage(page, "/national-holidays?year=27&country=P1");
  await scanBoth(page, "the holiday filters with wrong values");
  await openPage(page, "/national-holidays");
  await page.getByRole("button", { name: /^Eliminar o feriado/ }).first().click();
  await expectQuestion(page);
  await scanBoth(page, "the holiday deletion question");
});

// Pages opened by their address, as the previous test's.
test("reports with wrong input @once", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openPage(page, "/reports?year=1999");
  await scanBoth(page, "the report with a year out of range");
  await openPage(page, "/reports?tab=absences&from=2024-13-40");
  await scanBoth(page, "the absences report with a wrong date");
});

test("a new company's owner: every screen empty at 1366 and 390 px @once", async ({ page }) => {
  await signUpNewCompany(page, "a11y");
  for (const path of [...COMMON_SCREENS, ...ADMIN_SCREENS]) await scanAtBothWidths(page, path);

  // Only an owner may ask to delete the account; the question is asked, never answered here.
  await page.setViewportSize(LAPTOP);
  await openPage(page, "/company-settings/manage-account");
  await page.locator('button[name="intent"][value="account.delete"]').click();
  await expectQuestion(page);
  await scanBoth(page, "the account deletion question");
});
