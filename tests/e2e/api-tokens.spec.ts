// API tokens as an admin uses them, with JavaScript on and off: create a token on Company settings
// → API tokens, see its secret once (a copy button with JavaScript, selectable text without), have
// a program use it (no cookie), see when it was last used, and revoke it — asked first, a dialog
// with JavaScript, a step of the page without — after which the program is refused.
import { expect, request, test, type Page, type TestInfo } from "./fixtures";
import { DEMO, openPage, signIn } from "./support";

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

/** Answers the question: the modal dialog with JavaScript, the page's own step without. */
async function confirm(page: Page, testInfo: TestInfo) {
  const question = jsOn(testInfo) ? page.getByRole("dialog", { name: "Revogar token" }) : page.getByTestId("confirmation-step");
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Sim, revogar" }).click();
}

/** What an integration sends: the token, no cookie. */
async function callAsProgram(baseURL: string, secret: string) {
  const program = await request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${secret}`, "Accept-Language": "en" } });
  try {
    const response = await program.get("/api/users/me");
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  } finally {
    await program.dispose();
  }
}

test("an admin creates a token, sees it once, a program uses it, and the admin revokes it", async ({ page, baseURL }, testInfo) => {
  // Both projects share one server and company: each its own name.
  const name = `Integração ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin.email);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openPage(page, "/company-settings/api-tokens");
  await expect(page.getByRole("link", { name: "Tokens de API" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Tokens de API", level: 2 })).toBeVisible();
  await expect(page.getByText("age como o administrador que o criou")).toBeVisible();

  // A name is required, said next to the field.
  await page.getByRole("button", { name: "Criar token" }).click();
  await expect(page.getByText("Indique um nome para o token.")).toBeVisible();

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("radio", { name: /^Administrador/ }).check();
  await page.getByRole("button", { name: "Criar token" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(`Token «${name}» criado.`);
  const issued = page.getByTestId("api-token-issued");
  await expect(issued).toContainText("só é mostrado desta vez");
  const secret = await page.getByTestId("api-token-secret").inputValue();
  expect(secret).toMatch(/^fol_[A-Za-z0-9_-]{43}$/);
  await expect(issued.getByText(`Authorization: Bearer ${secret}`)).toBeVisible();
  await expect(issued.getByRole("button", { name: "Copiar token" })).toHaveCount(jsOn(testInfo) ? 1 : 0);

  // The page with the secret on it fits a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });

  const used = await callAsProgram(baseURL!, secret);
  expect(used.status).toBe(200);
  expect(used.body).toMatchObject({ email: DEMO.admin.email });

  // Shown once: opened again, the tab lists the token (used now) but not its secret.
  await openPage(page, "/company-settings/api-tokens");
  await expect(page.getByTestId("api-token-issued")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const row = page.getByTestId("api-token-row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
  await expect(row).toContainText("Administrador");
  await expect(row).toContainText(DEMO.admin.name);
  await expect(row).toContainText(`fol_…${secret.slice(-4)}`);
  await expect(row.getByTestId("api-token-last-used")).not.toContainText("Nunca");

  await row.getByRole("button", { name: `Revogar o token ${name}` }).click();
  await confirm(page, testInfo);
  await expect(page.getByTestId("action-notice")).toContainText(`Token «${name}» revogado.`);
  await expect(page.getByTestId("api-token-row").filter({ hasText: name })).toHaveCount(0);

  const refused = await callAsProgram(baseURL!, secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toHaveProperty("detail");
});

test("saying no to the question keeps the token", async ({ page }, testInfo) => {
  const name = `Mantido ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signIn(page, DEMO.admin.email);
  await openPage(page, "/company-settings/api-tokens");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Criar token" }).click();
  await expect(page.getByTestId("api-token-issued")).toBeVisible();
  const row = page.getByTestId("api-token-row").filter({ hasText: name });
  await expect(row).toContainText("Só leitura");

  await row.getByRole("button", { name: `Revogar o token ${name}` }).click();
  if (jsOn(testInfo)) {
    const dialog = page.getByRole("dialog", { name: "Revogar token" });
    await dialog.getByRole("button", { name: "Não, manter" }).click();
    await expect(dialog).toHaveCount(0);
  } else {
    const step = page.getByTestId("confirmation-step");
    await expect(step).toContainText(`Revogar o token «${name}»?`);
    await step.getByRole("link", { name: "Não, manter" }).click();
    await expect(page.getByTestId("confirmation-step")).toHaveCount(0);
  }
  await expect(page.getByTestId("api-token-row").filter({ hasText: name })).toHaveCount(1);

  // Tidy up: the company may have 20 tokens in use at most, and this server is shared.
  await page.getByTestId("api-token-row").filter({ hasText: name }).getByRole("button", { name: `Revogar o token ${name}` }).click();
  await confirm(page, testInfo);
  await expect(page.getByTestId("api-token-row").filter({ hasText: name })).toHaveCount(0);
});
