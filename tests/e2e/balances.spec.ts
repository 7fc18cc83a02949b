// Every balance explained: a person opens the explanation of their balances from My Calendar, and
// the owner reads a person's, on a laptop and a phone, with JavaScript on and off. Read-only, so
// both projects share the demo people.
import { expect, test, type Page } from "./fixtures";
import { DEMO, DEMO_PASSWORD, openPage, signIn } from "./support";

const SCREENS = [
  { name: "laptop", size: { width: 1366, height: 768 } },
  { name: "phone", size: { width: 390, height: 844 } },
];
const YEAR = new Date().getFullYear();

/** Signs in (the name the sign-in waits for sits in the folded menu on a phone), then takes the screen's size. */
async function signInOn(page: Page, email: string, size: { width: number; height: number }) {
  await page.setViewportSize(SCREENS[0].size);
  await signIn(page, email);
  await page.setViewportSize(size);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The three explained balances, each ending with what remains. */
async function expectExplanation(page: Page) {
  for (const kind of ["yearly", "residual", "special"]) {
    const section = page.getByTestId(`explain-${kind}`);
    await expect(section).toBeVisible();
    await expect(section.locator('[data-line="remaining"]')).toHaveText(/^-?\d+(,\d)?$/);
  }
  await expect(page.getByRole("heading", { name: `Ausências contadas em ${YEAR}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}${screen.name === "phone" ? " @phone-journey" : ""}`, () => {
    test("an employee opens the explanation of their balances from My Calendar", async ({ page }) => {
      await signInOn(page, DEMO.employee.email, screen.size);
      await openPage(page, "/my-calendar");
      const cardRemaining = await page.getByTestId("balance-yearly").locator('[data-figure="remaining"]').textContent();
      await page.getByTestId("balance-explain").click();
      await expect(page).toHaveURL(new RegExp(`/balances/me\\?year=${YEAR}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Como é calculado o seu saldo" })).toBeVisible();
      await expectExplanation(page);
      // The explanation and the card show the same figure.
      await expect(page.getByTestId("explain-yearly").locator('[data-line="remaining"]')).toHaveText(cardRemaining!);
      await expect(page.getByTestId("explain-yearly")).toContainText(`Atribuídos pela gestão para ${YEAR}.`);
      // A person has nothing to revert, and the way back is a link.
      await expect(page.getByRole("button", { name: "Reverter transição" })).toHaveCount(0);
      await page.getByRole("link", { name: "Voltar ao Meu Calendário" }).click();
      await expect(page.getByTestId("balance-yearly")).toBeVisible();
    });

    test("the owner reads a person's explanation; the person may not read the owner's", async ({ page, request }) => {
      const login = await request.post("/api/auth/login", { data: { email: DEMO.employee.email, password: DEMO_PASSWORD } });
      const employeeId = ((await login.json()) as { user: { id: string } }).user.id;

      await signInOn(page, DEMO.owner.email, screen.size);
      await openPage(page, `/balances/${employeeId}?year=${YEAR}`);
      await expect(page.getByRole("heading", { level: 1, name: `Como é calculado o saldo de ${DEMO.employee.name}` })).toBeVisible();
      await expectExplanation(page);
      // The year switch moves through years with the same person.
      await page.getByRole("link", { name: `Ano seguinte (${YEAR + 1})` }).click();
      await expect(page.getByTestId("explanation-year")).toHaveText(String(YEAR + 1));
      await expect(page.getByTestId("explain-yearly")).toContainText(`aplica-se o valor de ${YEAR}`);

      const ownerLogin = await request.post("/api/auth/login", { data: { email: DEMO.owner.email, password: DEMO_PASSWORD } });
      const ownerId = ((await ownerLogin.json()) as { user: { id: string } }).user.id;
      await page.context().clearCookies();
      await signInOn(page, DEMO.employee.email, screen.size);
      const response = await page.goto(`/balances/${ownerId}`);
      expect(response?.status()).toBe(403);
    });
  });
}
