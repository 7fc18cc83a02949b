// The protected area: where signed-out and signed-in visitors are sent, and signing out.
import { expect, test } from "@playwright/test";
import { DEMO, signIn, signOutButton, submitLogin, DEMO_PASSWORD, urlPath } from "./support";

test.describe("signed out", () => {
  test("the home page goes to the login page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(urlPath("/login"));
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  });

  for (const path of ["/vacations", "/my-calendar", "/company-calendar", "/approvals"]) {
    test(`${path} goes to the login page and remembers where we were going`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(urlPath(`/login?redirectTo=${encodeURIComponent(path)}`));
      await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
    });
  }

  test("an unknown path goes to the login page by way of my calendar", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fmy-calendar"));
  });

  test("after signing in we land where we were going", async ({ page }) => {
    await page.goto("/vacations");
    await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fvacations"));
    await submitLogin(page, DEMO.employee.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(urlPath("/vacations"));
    await expect(page.getByRole("heading", { level: 1, name: "Ausências" })).toBeVisible();
  });

  test("signing in from a typed /login?redirectTo= link lands on that page", async ({ page }) => {
    await signIn(page, DEMO.employee.email, { from: "/login?redirectTo=/vacations" });
    await expect(page).toHaveURL(urlPath("/vacations"));
  });

  test("a redirectTo pointing to another site is ignored", async ({ page }) => {
    await signIn(page, DEMO.employee.email, { from: "/login?redirectTo=//example.com/steal" });
    await expect(page).toHaveURL(urlPath("/my-calendar"));
  });
});

test.describe("signed in", () => {
  test("the login page goes to my calendar", async ({ page }) => {
    await signIn(page, DEMO.employee.email);
    await page.goto("/login");
    await expect(page).toHaveURL(urlPath("/my-calendar"));
    await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
  });

  test("the home page and an unknown path go to my calendar", async ({ page }) => {
    await signIn(page, DEMO.employee.email);
    await page.goto("/");
    await expect(page).toHaveURL(urlPath("/my-calendar"));
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(urlPath("/my-calendar"));
    await expect(page.getByRole("heading", { level: 1, name: "O Meu Calendário" })).toBeVisible();
  });

  test("signing out returns to the login page and closes the protected pages again", async ({ page }) => {
    await signIn(page, DEMO.employee.email);
    await page.goto("/vacations");
    await expect(page.getByTestId("display-name")).toBeVisible();

    await signOutButton(page).click();
    await expect(page).toHaveURL(urlPath("/login"));
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
    await expect(page.getByTestId("display-name")).toHaveCount(0);

    for (const path of ["/my-calendar", "/vacations"]) {
      await page.goto(path);
      await expect(page).toHaveURL(urlPath(`/login?redirectTo=${encodeURIComponent(path)}`));
    }
    await page.goto("/");
    await expect(page).toHaveURL(urlPath("/login"));
  });

  test("a GET to /logout does not sign out", async ({ page }) => {
    await signIn(page, DEMO.employee.email);
    await page.goto("/logout");
    await expect(page).toHaveURL(urlPath("/my-calendar"));
    await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
  });
});
