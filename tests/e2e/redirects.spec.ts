// The protected area: where signed-out and signed-in visitors are sent, and signing out.
import { expect, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD, signIn, signOutButton, submitLogin, urlPath } from "./support";

test("signed out, the protected pages go to the login page, remembering where we were going", async ({ page }) => {
  for (const path of ["/vacations", "/my-calendar", "/company-calendar", "/approvals"]) {
    await page.goto(path);
    await expect(page).toHaveURL(urlPath(`/login?redirectTo=${encodeURIComponent(path)}`));
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  }
  // The home page and unknown paths lead to the login page too (by way of /my-calendar).
  for (const path of ["/", "/no-such-page"]) {
    await page.goto(path);
    await expect(page).toHaveURL(urlPath("/login", { query: true }));
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  }
});

test("after signing in we land where we were going", async ({ page }) => {
  await page.goto("/vacations");
  await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fvacations"));
  await submitLogin(page, DEMO.employee.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(urlPath("/vacations"));
  await expect(page.getByRole("heading", { level: 1, name: "Ausências" })).toBeVisible();
});

test("signing in from a typed /login?redirectTo=/vacations link lands on /vacations", async ({ page }) => {
  await signIn(page, DEMO.employee.email, { from: "/login?redirectTo=/vacations" });
  await expect(page).toHaveURL(urlPath("/vacations"));
});

test("a redirectTo pointing to another site is ignored", async ({ page }) => {
  await signIn(page, DEMO.employee.email, { from: "/login?redirectTo=//example.com/steal" });
  await expect(page).toHaveURL(urlPath("/my-calendar"));
});

test("signed in, /login, / and unknown paths go to my calendar; a GET to /logout does not sign out", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  for (const path of ["/login", "/", "/no-such-page", "/logout"]) {
    await page.goto(path);
    await expect(page).toHaveURL(urlPath("/my-calendar"));
    await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
  }
  await expect(page.getByRole("heading", { level: 1, name: "O Meu Calendário" })).toBeVisible();
});

test("signing out returns to the login page and closes the protected pages again", async ({ page }) => {
  await signIn(page, DEMO.employee.email, { from: "/login?redirectTo=/vacations" });
  await expect(page).toHaveURL(urlPath("/vacations"));

  await signOutButton(page).click();
  await expect(page).toHaveURL(urlPath("/login"));
  await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveCount(0);

  for (const path of ["/my-calendar", "/vacations"]) {
    await page.goto(path);
    await expect(page).toHaveURL(urlPath(`/login?redirectTo=${encodeURIComponent(path)}`));
  }
  await page.goto("/");
  await expect(page).toHaveURL(urlPath("/login", { query: true }));
  await expect(page.getByTestId("display-name")).toHaveCount(0);
});
