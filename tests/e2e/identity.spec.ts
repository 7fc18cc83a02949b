// Identity flows as a person does them, following the links of the e-mails in the development
// outbox (/dev/outbox): sign-up and verification, invitation, password reset.
import { expect, test } from "./fixtures";
import { awaitRedirectToLogin, DEMO, linkFromOutbox, openPage, signIn, submitLogin } from "./support";

const unique = (testInfo: { project: { name: string } }, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}@example.test`;

test("a new company signs up, confirms the e-mail, signs in and finds empty lists that say what to do next", async ({ page }, testInfo) => {
  const email = unique(testInfo, "founder");
  await openPage(page, "/signup");
  await page.getByLabel("Nome da empresa").fill("Acme Lda");
  await page.getByLabel("Nome completo").fill("Fernanda Founder");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill("correct-horse-1");
  await page.getByRole("button", { name: "Começar trial" }).click();
  await expect(page).toHaveURL(/\/login\?checkEmail=1$/);
  await expect(page.getByText("Confirme o seu email: enviámos-lhe uma ligação para o validar.")).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await submitLogin(page, email, "correct-horse-1");
  await expect(page.getByText("Confirme primeiro o seu email: abra a ligação que lhe enviámos.")).toBeVisible();

  // Confirming uses the token up: the page must not check it again afterwards (a 400 in the console).
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith("/verify-email")) refused.push(`${response.status()} ${response.url()}`);
  });
  await openPage(page, await linkFromOutbox(page, email, "/verify-email?token="));
  if (testInfo.project.name === "js-off") {
    // Without JavaScript the confirmation is one button (mail scanners never press it); the
    // confirmed page answers 200.
    const [confirmed] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/verify-email"),
      page.getByRole("button", { name: "Confirmar email" }).click(),
    ]);
    expect(confirmed.status()).toBe(200);
  }
  await expect(page.getByText("Email confirmado! Agora entre com as suas credenciais…")).toBeVisible();
  expect(refused).toEqual([]);
  await awaitRedirectToLogin(page);
  await submitLogin(page, email, "correct-horse-1");
  await expect(page.getByTestId("display-name")).toHaveText("Fernanda Founder");
  await expect(page.getByText("Acme Lda")).toBeVisible();

  // Nothing yet: the lists say so and what to do next, with no "0–0 / 0" pager.
  await expect(page.getByText("Não tem ausências marcadas. Para pedir uma, arraste sobre os dias do calendário ou use «Nova ausência».")).toBeVisible();
  await openPage(page, "/vacations");
  const mine = page.getByTestId("my-vacations-empty");
  await expect(mine).toContainText("Ainda não tem ausências. Peça a primeira com «Nova ausência».");
  await expect(page.getByTestId("company-vacations-empty")).toContainText("Ainda ninguém na empresa pediu uma ausência.");
  await expect(page.getByTestId("page-counter")).toHaveCount(0);
  await expect(page.getByText("0–0 / 0")).toHaveCount(0);
  await mine.getByRole("link", { name: "Nova ausência" }).click();
  await expect(page.getByLabel("Tipo de ausência")).toBeVisible();

  // With a filter, the same empty list says nothing matches, and how to clear the filter.
  await openPage(page, "/vacations?status=approved");
  await expect(page.getByTestId("my-vacations-empty")).toContainText("Não há ausências com estes filtros.");
  await page.getByTestId("my-vacations-empty").getByRole("link", { name: "Limpar os filtros" }).click();
  await expect(page.getByTestId("my-vacations-empty")).toContainText("Ainda não tem ausências.");
});

test("sign-up shows what is wrong, field by field", async ({ page }) => {
  await openPage(page, "/signup");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Começar trial" }).click();
  await expect(page.getByText("Indique o nome da empresa.")).toBeVisible();
  await expect(page.getByText("Indique o seu nome completo.")).toBeVisible();
  await expect(page.getByText("Indique um email válido.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test("an admin invites a colleague, who accepts and signs in", async ({ page, browser }, testInfo) => {
  const email = unique(testInfo, "invitee");
  await signIn(page, DEMO.admin.email);
  await openPage(page, "/company-settings/users");
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Enviar convite" }) });
  await invite.getByLabel("Nome").fill("Igor Invitee");
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Enviar convite" }).click();
  await expect(page.getByText(`Convite enviado para ${email}.`)).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js-on", locale: "pt-PT" });
  const guest = await context.newPage();
  await guest.goto(await linkFromOutbox(guest, email, "/accept-invite?"));
  if (testInfo.project.name === "js-on") await guest.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(guest.getByLabel("Nome completo")).toHaveValue("Igor Invitee");
  await guest.getByLabel("Password", { exact: true }).fill("invitee-pass-1");
  await guest.getByLabel("Confirmar password").fill("invitee-pass-2");
  await guest.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(guest.getByText("As passwords não coincidem.")).toBeVisible();
  await guest.getByLabel("Password", { exact: true }).fill("invitee-pass-1");
  await guest.getByLabel("Confirmar password").fill("invitee-pass-1");
  await guest.getByRole("button", { name: "Aceitar convite" }).click();
  await expect(guest).toHaveURL(/\/login\?checkEmail=0&invited=1$/);
  await expect(guest.getByText("Convite aceite. Entre com o seu email e a nova password.")).toBeVisible();
  await submitLogin(guest, email, "invitee-pass-1");
  await expect(guest.getByTestId("display-name")).toHaveText("Igor Invitee");
  await context.close();
});

test("a forgotten password is reset through the e-mailed link", async ({ page }, testInfo) => {
  // A user of our own, so other tests keep the demo passwords.
  const email = unique(testInfo, "forgetful");
  await openPage(page, "/signup");
  await page.getByLabel("Nome da empresa").fill("Forgetful Co");
  await page.getByLabel("Nome completo").fill("Filipa Forgetful");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password").fill("first-password-1");
  await page.getByRole("button", { name: "Começar trial" }).click();
  await expect(page).toHaveURL(/checkEmail=1/);

  await openPage(page, "/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Enviar ligação" }).click();
  await expect(page.getByText(/Se existir uma conta com esse email/)).toBeVisible();

  await openPage(page, await linkFromOutbox(page, email, "/reset-password?token="));
  await page.getByLabel("Nova password").fill("second-password-2");
  await page.getByLabel("Confirmar password").fill("second-password-2");
  await page.getByRole("button", { name: "Guardar password" }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await expect(page.getByText("Password alterada. Entre com a nova password.")).toBeVisible();
  // Resetting also proves the mailbox, so no separate confirmation is needed.
  await submitLogin(page, email, "second-password-2");
  await expect(page.getByTestId("display-name")).toHaveText("Filipa Forgetful");
});
