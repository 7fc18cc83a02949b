// Signing in: success, wrong credentials, empty fields.
import { expect, test } from "./fixtures";
import { COMPANY_NAME, DEMO, DEMO_PASSWORD, loginForm, signOutButton, submitLogin, urlPath } from "./support";

const INVALID_CREDENTIALS = "Email ou password incorretos.";

test("an employee signs in and lands on their calendar, name and company in the top bar", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  await submitLogin(page, DEMO.employee.email, DEMO_PASSWORD);

  await expect(page).toHaveURL(urlPath("/my-calendar"));
  const topBar = page.getByRole("banner");
  await expect(topBar.getByTestId("display-name")).toHaveText(DEMO.employee.name);
  await expect(topBar).toContainText(COMPANY_NAME);
  await expect(signOutButton(page)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "O Meu Calendário" })).toBeVisible();
});

test("a wrong password and an unknown e-mail get the same message and do not sign in", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, DEMO.employee.email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  await expect(page).toHaveURL(urlPath("/login"));
  await expect(page.getByTestId("display-name")).toHaveCount(0);

  await page.goto("/login");
  await submitLogin(page, "nobody@demo.test", DEMO_PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  await expect(page).toHaveURL(urlPath("/login"));
  await expect(page.getByTestId("display-name")).toHaveCount(0);

  // Still signed out: the protected area sends us back to the login page.
  await page.goto("/my-calendar");
  await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fmy-calendar"));

  // The right password then works; the e-mail is matched whatever its case and spaces.
  await submitLogin(page, "  Employee@Demo.TEST ", DEMO_PASSWORD);
  await expect(page).toHaveURL(urlPath("/my-calendar"));
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
});

test("empty fields show validation messages and do not sign in", async ({ page }) => {
  await page.goto("/login");
  await loginForm(page).submit.click();

  await expect(page.getByText("Indique o seu email.")).toBeVisible();
  await expect(page.getByText("Indique a sua password.")).toBeVisible();
  await expect(page.getByText(INVALID_CREDENTIALS)).toHaveCount(0);
  await expect(page).toHaveURL(urlPath("/login"));

  // Only the password missing: only its message.
  await page.goto("/login");
  await loginForm(page).email.fill(DEMO.employee.email);
  await loginForm(page).submit.click();
  await expect(page.getByText("Indique a sua password.")).toBeVisible();
  await expect(page.getByText("Indique o seu email.")).toHaveCount(0);
  await expect(page).toHaveURL(urlPath("/login"));
  await expect(page.getByTestId("display-name")).toHaveCount(0);

  await page.goto("/my-calendar");
  await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fmy-calendar"));
});
