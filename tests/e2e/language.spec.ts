// Interface languages: Portuguese by default, a PT / EN / ES switch that works with JS off,
// ?lng= in the URL, and the choice kept across pages and on the user's profile.
//
// The language chosen while signed in is stored on the profile, so tests that change it sign in
// as seeded employees no other test uses (a different one per test and project, see spareUser)
// and put Portuguese back afterwards, so the suite stays order-independent and parallel.
import { expect, type Page, test } from "./fixtures";
import { chooseLanguage, DEMO, loginForm, mainNav, signIn, signOutButton, spareUser, submitLogin, urlPath } from "./support";

async function expectShellLanguage(page: Page, lang: "pt" | "en" | "es") {
  const texts = {
    pt: { myCalendar: "O Meu Calendário", signOut: "Terminar sessão" },
    en: { myCalendar: "My Calendar", signOut: "Sign out" },
    es: { myCalendar: "Mi Calendario", signOut: "Cerrar sesión" },
  }[lang];
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(mainNav(page).getByRole("link", { name: texts.myCalendar, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: texts.signOut, exact: true })).toBeVisible();
}

/** Puts the signed-in user's profile (and this browser) back to Portuguese. */
async function restorePortuguese(page: Page) {
  // A request made by the test, not the page: it says it comes from the app, as the page's would.
  const response = await page.request.post("/language", {
    form: { lng: "pt", redirectTo: "/my-calendar" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);
}

test.describe("default language", () => {
  test("a signed-in user sees Portuguese", async ({ page }) => {
    await signIn(page, DEMO.employee.email);
    await expectShellLanguage(page, "pt");
    await expect(page.getByRole("button", { name: "PT", exact: true })).toHaveAttribute("aria-pressed", "true");
  });

  test("the login page is in Portuguese, and an unsupported ?lng= value changes nothing", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
    await expect(loginForm(page).submit).toHaveText("Entrar");

    await page.goto("/login?lng=xx");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
  });

  test.describe("with a browser in a language the product does not offer", () => {
    test.use({ locale: "de-DE" });

    test("Portuguese is the fallback", async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "pt");
      await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
    });
  });

  test.describe("with an English browser", () => {
    test.use({ locale: "en-GB" });

    test("the browser setting is followed when nothing was chosen", async ({ page }) => {
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    });
  });
});

test.describe("signed out", () => {
  test("the switch on the login page changes the language, and it stays", async ({ page }) => {
    await page.goto("/login");
    await chooseLanguage(page, "EN");
    await expect(page).toHaveURL(urlPath("/login"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(loginForm(page).submit).toHaveText("Sign in");

    // A failed attempt answers in the chosen language too.
    await submitLogin(page, "nobody@demo.test", "whatever");
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();

    await chooseLanguage(page, "ES");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();

    await page.goto("/vacations");
    await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fvacations"));
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();

    await chooseLanguage(page, "PT");
    await expect(page.getByRole("heading", { name: "Entrar" })).toBeVisible();
    // The switch keeps us on the same page, query string included.
    await expect(page).toHaveURL(urlPath("/login?redirectTo=%2Fvacations"));
  });

  test("?lng= in the URL switches the language and is remembered", async ({ page }) => {
    await page.goto("/login?lng=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.goto("/login?lng=es");
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  });
});

test.describe("signed in", () => {
  test.afterEach(async ({ page }) => {
    await restorePortuguese(page);
  });

  test("the top bar switch changes the language, and it persists across navigation", async ({ page }, testInfo) => {
    await signIn(page, spareUser(testInfo, 0));
    await page.goto("/company-calendar");
    await expectShellLanguage(page, "pt");

    await chooseLanguage(page, "EN");
    await expect(page).toHaveURL(urlPath("/company-calendar"));
    await expectShellLanguage(page, "en");
    await expect(page.getByRole("heading", { level: 1, name: "Company Calendar" })).toBeVisible();
    await expect(page.getByRole("button", { name: "EN", exact: true })).toHaveAttribute("aria-pressed", "true");

    await mainNav(page).getByRole("link", { name: "Absences", exact: true }).click();
    await expect(page).toHaveURL(urlPath("/vacations"));
    await expect(page.getByRole("heading", { level: 1, name: "Absences" })).toBeVisible();
    await page.goto("/national-holidays");
    await expect(page.getByRole("heading", { level: 1, name: "Bank Holidays" })).toBeVisible();
    await expectShellLanguage(page, "en");

    await chooseLanguage(page, "ES");
    await expect(page).toHaveURL(urlPath("/national-holidays"));
    await expectShellLanguage(page, "es");
    await page.goto("/my-calendar");
    await expectShellLanguage(page, "es");

    await chooseLanguage(page, "PT");
    await expectShellLanguage(page, "pt");
  });

  test("the choice is kept on the profile and follows the user to a new browser", async ({ page, browser }, testInfo) => {
    const email = spareUser(testInfo, 1);
    await signIn(page, email);
    await chooseLanguage(page, "EN");
    await expectShellLanguage(page, "en");

    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      // Signing in is what brings the profile's language to a new browser.
      await signIn(otherPage, email, { throughForm: true });
      await expectShellLanguage(otherPage, "en");
      await signOutButton(otherPage).click();
      // Signed out, the browser keeps the language it last used.
      await expect(otherPage.getByRole("heading", { name: "Sign in" })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("?lng= in the URL switches the language of the app", async ({ page }, testInfo) => {
    await signIn(page, spareUser(testInfo, 2));
    await page.goto("/my-calendar?lng=es");
    await expectShellLanguage(page, "es");
    await page.goto("/vacations");
    await expect(page.getByRole("heading", { level: 1, name: "Ausencias" })).toBeVisible();
    await page.goto("/my-calendar?lng=en");
    await expectShellLanguage(page, "en");
  });
});
