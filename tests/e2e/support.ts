// Small helpers shared by the end-to-end specs. They use only what a person does (fill, click,
// submit), so they work the same with JavaScript on and off.
import { expect, test, type Cookie, type Page, type TestInfo } from "./fixtures";

export const DEMO_PASSWORD = "demo-password";

export const DEMO = {
  employee: { email: "employee@demo.test", name: "Eva Employee" },
  admin: { email: "admin@demo.test", name: "André Admin" },
  owner: { email: "owner@demo.test", name: "Olívia Owner" },
  master: { email: "master@demo.test", name: "Mário Master" },
} as const;

export const COMPANY_NAME = "Demo Company";

/**
 * Employees of the deterministic demo seed (app/models/demo.server.ts) that no other test signs in
 * as. Tests that change the language stored on the profile use these, one per project and test,
 * so runs in parallel never see each other's choice.
 */
const SPARE_USERS = [
  "ana.silva0@demo.test",
  "bruno.martins1@demo.test",
  "carla.oliveira2@demo.test",
  "diogo.santos3@demo.test",
  "elisa.sousa4@demo.test",
  "fabio.costa5@demo.test",
];

export function spareUser(testInfo: TestInfo, slot: number): string {
  const projectOffset = testInfo.project.name === "js-off" ? SPARE_USERS.length / 2 : 0;
  const email = SPARE_USERS[projectOffset + slot];
  if (!email) throw new Error(`no spare demo user for slot ${slot}`);
  return email;
}

/** The login form's fields and button, whatever the interface language. */
export function loginForm(page: Page) {
  const form = page.locator("form").filter({ has: page.locator('input[type="password"]') });
  return {
    email: form.locator('input[name="email"]'),
    password: form.locator('input[name="password"]'),
    // The form also holds "Continue with company SSO" (name="intent"), which skips the password.
    submit: form.locator('button[type="submit"]:not([name="intent"])'),
  };
}

/** Fills and submits the login form on the current page (which must be /login). */
export async function submitLogin(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * The session cookie of each person this worker has signed in through the form: later tests of the
 * worker start signed in with it, as a returning browser does, instead of typing the password again.
 * Signing in itself is tested through the form (auth.spec.ts, redirects.spec.ts, onboarding).
 */
const storedSessions = new Map<string, Cookie>();
const SESSION_COOKIE = "__session";

/**
 * Signs in and waits for the app shell of My Calendar. From /login with the demo password, a session
 * this worker stored for the person is reused when it is still open (a test may have signed out);
 * any other login URL or password, or `throughForm` (a test of what signing in does), uses the form.
 */
export async function signIn(page: Page, email: string, { from = "/login", password = DEMO_PASSWORD, throughForm = false } = {}) {
  const reusable = !throughForm && from === "/login" && password === DEMO_PASSWORD;
  const stored = reusable ? storedSessions.get(email) : undefined;
  if (stored) {
    await page.context().addCookies([stored]);
    await openPage(page, "/my-calendar");
    if (new URL(page.url()).pathname === "/my-calendar") {
      await expect(page.getByTestId("display-name")).toBeVisible();
      return;
    }
    storedSessions.delete(email);
  }
  await page.goto(from);
  await submitLogin(page, email, password);
  await expect(page.getByTestId("display-name")).toBeVisible();
  if (!reusable) return;
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  if (session) storedSessions.set(email, session);
}

/**
 * The tag of a test that repeats a journey in each language: the default language (Portuguese) runs
 * with JavaScript on and off, the others once (@once), since scripts do not depend on the language.
 */
export function onceUnlessDefault(language: string): string {
  return language === "pt" ? "" : " @once";
}

/** The top bar's sign-out button, in any of the three languages. */
export function signOutButton(page: Page) {
  return page.getByRole("button", { name: /^(Terminar sessão|Sign out|Cerrar sesión)$/ });
}

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: /^(Navegação principal|Main navigation|Navegación principal)$/ });
}

/** Picks a language with the switch in the top bar (or on the signed-out pages). */
export async function chooseLanguage(page: Page, code: "PT" | "EN" | "ES") {
  await page.getByRole("button", { name: code, exact: true }).click();
}

/**
 * Matches a URL of the app with exactly this path and query; with `query: true`, any query string
 * may follow the path.
 */
export function urlPath(pathAndQuery: string, { query = false } = {}): RegExp {
  const escaped = pathAndQuery.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^http://[^/]+${escaped}${query ? "(\\?.*)?" : ""}$`);
}

/**
 * Opens a page and, when JavaScript runs, waits until React has hydrated it: typing into a form
 * before that can be lost when React takes the form over.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js-on") await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * A confirmed e-mail's page moves itself to /login (a meta refresh). Waiting for that move, rather
 * than opening /login over it, keeps the refresh from cancelling our own navigation halfway.
 */
export async function awaitRedirectToLogin(page: Page) {
  await page.waitForURL(/\/login$/);
  if (test.info().project.name === "js-on") await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The link starting with `path` in the newest e-mail to `email`, read from /dev/outbox. */
export async function linkFromOutbox(page: Page, email: string, path: string): Promise<string> {
  await page.goto("/dev/outbox");
  const mail = page.getByTestId("outbox-mail").filter({ has: page.getByTestId("outbox-to").getByText(email, { exact: true }) }).first();
  const href = await mail.locator(`a[href*="${path}"]`).first().getAttribute("href");
  if (!href) throw new Error(`no ${path} link in the mail to ${email}`);
  const url = new URL(href);
  return url.pathname + url.search;
}
