// The "done when", as a new customer does it with no database edit anywhere: sign up,
// confirm, invite two people (who accept), make a team with an admin, give allowances; the
// invited person books a vacation and the team admin approves it. The owner works in Portuguese,
// the employee in English, the team admin in Spanish; with JavaScript on a laptop, without it on
// a phone. Each project signs up a company of its own.
import { expect, test, type Browser, type Page, type TestInfo } from "./fixtures";
import { awaitRedirectToLogin, linkFromOutbox, openPage, submitLogin } from "./support";

test.describe.configure({ timeout: 180_000 });

const PASSWORD = "day-one-pass-1";

function screen(testInfo: TestInfo) {
  return testInfo.project.name === "js-on" ? { width: 1366, height: 900 } : { width: 390, height: 844 };
}

/** A Monday about two weeks ahead, and the Tuesday after it: working days in the future. */
function nextFortnight(): { start: string; end: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 14);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  const start = day.toISOString().slice(0, 10);
  day.setUTCDate(day.getUTCDate() + 1);
  return { start, end: day.toISOString().slice(0, 10) };
}

/** Opens the invitation from the outbox in a browser of the person's own, in their language. */
async function acceptInvitation(browser: Browser, testInfo: TestInfo, email: string, language: "en" | "es", owner: Page) {
  const link = await linkFromOutbox(owner, email, "/accept-invite?");
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js-on", viewport: screen(testInfo) });
  const page = await context.newPage();
  await openPage(page, `${link}&lng=${language}`);
  const labels = language === "en" ? ["Password", "Confirm password", "Accept invitation"] : ["Contraseña", "Confirmar contraseña", "Aceptar invitación"];
  await page.getByLabel(labels[0], { exact: true }).fill(PASSWORD);
  await page.getByLabel(labels[1]).fill(PASSWORD);
  await page.getByRole("button", { name: labels[2] }).click();
  await expect(page).toHaveURL(/\/login\?checkEmail=0&invited=1$/);
  return { context, page };
}

test("a company signs up, sets itself up and books and approves a vacation the same day @postgresql", async ({ page, browser }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const owner = `owner-${stamp}@dayone.test`;
  const ana = `ana-${stamp}@dayone.test`;
  const ben = `ben-${stamp}@dayone.test`;
  const team = `Design ${testInfo.project.name}`;
  await page.setViewportSize(screen(testInfo));

  // Sign up (Portugal and its main zone are the defaults) and confirm the e-mail.
  await openPage(page, "/signup");
  await page.getByLabel("Nome da empresa").fill(`Dia Um ${stamp}`);
  await page.getByLabel("Nome completo").fill("Olga Owner");
  await page.getByLabel("Email", { exact: true }).fill(owner);
  await page.getByLabel("Password").fill(PASSWORD);
  await expect(page.getByLabel("País da empresa")).toHaveValue("PT");
  await page.getByRole("button", { name: "Começar trial" }).click();
  await expect(page).toHaveURL(/\/login\?checkEmail=1$/);
  await openPage(page, await linkFromOutbox(page, owner, "/verify-email?token="));
  if (testInfo.project.name === "js-off") await page.getByRole("button", { name: "Confirmar email" }).click();
  await expect(page.getByText("Email confirmado! Agora entre com as suas credenciais…")).toBeVisible();
  await awaitRedirectToLogin(page);
  await submitLogin(page, owner, PASSWORD);
  await expect(page).toHaveURL(/\/my-calendar/);

  // The set-up checklist: holidays, a first team and the owner's allowance are there already.
  const checklist = page.getByTestId("setup-checklist");
  await expect(checklist).toContainText("Falta 1 passo para todos poderem marcar férias.");
  await expect(page.getByTestId("balance-yearly").locator('[data-figure="total"]')).toHaveText("22");

  // Invite two people.
  await checklist.getByRole("link", { name: "Convidar as pessoas" }).click();
  await expect(page).toHaveURL(/\/company-settings\/users$/);
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Enviar convite" }) });
  for (const [name, email] of [["Ana Admin", ana], ["Ben Booker", ben]]) {
    await invite.getByLabel("Nome", { exact: true }).fill(name);
    await invite.getByLabel("Email").fill(email);
    await invite.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();
  }
  // Who has not joined yet is listed, until they do.
  await expect(page.getByTestId("pending-invitations")).toContainText("Ana Admin");
  await expect(page.getByTestId("pending-invitations")).toContainText("Ben Booker");
  const anaSession = await acceptInvitation(browser, testInfo, ana, "es", page);
  const benSession = await acceptInvitation(browser, testInfo, ben, "en", page);

  // A team with both, Ana its admin (the dialog with JavaScript, a page section without).
  await openPage(page, "/company-settings/teams");
  await page.getByLabel("Nome da equipa").fill(team);
  await page.getByRole("button", { name: "Adicionar equipa" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(`Equipa ${team} criada`);
  await page.getByRole("link", { name: `Gerir membros e admins de ${team}` }).click();
  const editor = page.getByRole(testInfo.project.name === "js-on" ? "dialog" : "region", { name: `Equipa ${team}` });
  for (const person of ["Ana Admin", "Ben Booker"]) {
    await editor.getByRole("combobox", { name: /^Pessoa/ }).selectOption({ label: person });
    await editor.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(editor.getByTestId("action-notice")).toContainText(`${person} está agora na equipa`);
    // The page's data has caught up: the person left the choices (the form starts again at "—").
    await expect(editor.getByRole("combobox", { name: /^Pessoa/ }).locator("option", { hasText: person })).toHaveCount(0);
  }
  await editor.getByRole("checkbox", { name: "Ana Admin é admin da equipa" }).check();
  await editor.getByRole("button", { name: "Guardar admins" }).click();
  await expect(editor.getByTestId("action-notice")).toContainText(`Admins da equipa ${team} guardados.`);

  // Ben's allowance for this year: 25 days.
  await openPage(page, "/company-settings/users");
  await page.getByRole("link", { name: "Editar Ben Booker" }).click();
  await expect(page.getByRole("heading", { name: "Editar Ben Booker" })).toBeVisible();
  const allowances = page.locator("form").filter({ has: page.getByRole("button", { name: "Guardar dias atribuídos" }) });
  await allowances.getByLabel("Férias anuais").fill("25");
  await allowances.getByLabel("Residual").fill("0");
  await allowances.getByLabel("Licença especial").fill("0");
  await allowances.getByRole("button", { name: "Guardar dias atribuídos" }).click();
  const thisYear = new Date().getFullYear();
  await expect(page.getByRole("row", { name: new RegExp(`^${thisYear} 25( |$)`) })).toBeVisible();
  await openPage(page, "/my-calendar");
  await expect(page.getByTestId("setup-checklist")).toHaveCount(0);

  // Ben books, in English.
  const range = nextFortnight();
  const description = `Day one trip ${stamp}`;
  const benPage = benSession.page;
  await submitLogin(benPage, ben, PASSWORD);
  await expect(benPage).toHaveURL(/\/my-calendar/);
  await expect(benPage.getByTestId("balance-yearly").locator('[data-figure="total"]')).toHaveText("25");
  await openPage(benPage, `/my-calendar?new=1&start=${range.start}&end=${range.end}`);
  const drawer = benPage.getByTestId("vacation-drawer");
  await drawer.getByLabel("Absence type").selectOption({ label: "Vacation" });
  await drawer.getByLabel("Description").fill(description);
  await drawer.getByRole("button", { name: "Submit request" }).click();
  await expect(benPage.getByRole("status").filter({ hasText: "Absence requested. It is waiting for approval." })).toBeVisible();

  // Ana approves, in Spanish.
  const anaPage = anaSession.page;
  await submitLogin(anaPage, ana, PASSWORD);
  await expect(anaPage).toHaveURL(/\/my-calendar/);
  await openPage(anaPage, "/approvals");
  const row = anaPage.getByTestId("pending-approvals").getByRole("row").filter({ hasText: description });
  await row.getByRole("button", { name: /^Aprobar/ }).click();
  await expect(anaPage.getByRole("status").filter({ hasText: "Solicitud aprobada." })).toBeVisible();

  // Ben sees it approved.
  await openPage(benPage, `/vacations?from=${range.start}&to=${range.end}`);
  await expect(benPage.getByTestId("my-vacations").locator("tbody tr").filter({ hasText: description })).toHaveAttribute("data-status", "approved");
  await anaSession.context.close();
  await benSession.context.close();
});

test.describe("the time zone at sign-up @js-only", () => {
  test.use({ timezoneId: "America/Sao_Paulo" });

  test("starts at the browser's zone, and goes back to the country's main zone when another country is chosen", async ({ page }) => {
    await openPage(page, "/signup");
    const zone = page.getByLabel("Fuso horário");
    await expect(zone).toHaveValue("America/Sao_Paulo");
    await page.getByLabel("País da empresa").selectOption("ES");
    await expect(zone).toHaveValue("");
    await expect(zone.locator("option:checked")).toHaveText("O fuso principal do país");
    // A zone the person picks stays whatever country follows.
    await zone.selectOption("Atlantic/Canary");
    await page.getByLabel("País da empresa").selectOption("PT");
    await expect(zone).toHaveValue("Atlantic/Canary");
  });
});
