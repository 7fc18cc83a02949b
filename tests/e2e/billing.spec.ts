// Billing as a new customer does it, with JavaScript on and off, in Portuguese, English and
// Spanish: sign up, see the trial banner count down, subscribe against the Stripe stand-in (what
// `npm start` gives a newcomer without Stripe keys: server/stripe-stand-in.ts, started by the
// e2e server's app), come back to the invoices with the banner gone, open the invoice's PDF. Then
// the billing tabs (details locked until Edit, payment method rules, account deletion asked
// first), hiding the banner, employees who never see it, the banner as one line on a phone, and a
// visitor on the landing page on a phone.
import { expect, test, type Page, type TestInfo } from "./fixtures";
import { pdfText } from "../support/pdf";
import { awaitRedirectToLogin, DEMO, linkFromOutbox, loginForm, onceUnlessDefault, openPage, signIn } from "./support";

type Language = "pt" | "en" | "es";

const TEXT = {
  pt: { plan: "Plano em trial.", endsIn: "Trial termina em 14 dias", subscribe: "Subscrever agora", opening: "A abrir Stripe…", invoices: "Faturas", paid: "Paga", summary: /^1 pessoa × 1,00\s€: 1,00\s€ por mês$/, pay: /^Pagar 1,00\s€$/ },
  en: { plan: "Trial plan.", endsIn: "Trial ends in 14 days", subscribe: "Subscribe now", opening: "Opening Stripe…", invoices: "Invoices", paid: "Paid", summary: /^1 person × €1\.00: €1\.00 a month$/, pay: /^Pay €1\.00$/ },
  es: { plan: "Plan de prueba.", endsIn: "La prueba termina en 14 días", subscribe: "Suscribirse ahora", opening: "Abriendo Stripe…", invoices: "Facturas", paid: "Pagada", summary: /^1 persona × 1,00\s€: 1,00\s€ al mes$/, pay: /^Pagar 1,00\s€$/ },
} as const;

const PHONE = { width: 390, height: 844 };

const jsOn = (testInfo: TestInfo) => testInfo.project.name === "js-on";

/** Signs up a new company in a language, confirms the e-mail from the outbox and signs in. */
async function newCustomer(page: Page, testInfo: TestInfo, language: Language, label: string) {
  const email = `${label}-${language}-${testInfo.project.name}-${Date.now()}@example.test`;
  // Sign-ups are limited to 10 an hour per client address, and every spec's browser comes from
  // 127.0.0.1: each new customer here comes from an address of its own (the e2e server trusts the
  // loopback proxy's X-Forwarded-For), so the suite's other sign-ups keep theirs.
  const slot = [...`${label}${language}${testInfo.project.name}`].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 250, 7);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${slot + 1}` });
  await openPage(page, `/signup?lng=${language}`);
  await page.locator('input[name="companyName"]').fill(`Empresa ${label} ${language}`);
  await page.locator('input[name="fullName"]').fill("Beatriz Billing");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("correct-horse-1");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/login\?checkEmail=1$/);
  await openPage(page, await linkFromOutbox(page, email, "/verify-email?token="));
  if (!jsOn(testInfo)) await page.locator('main form button[type="submit"]').click();
  await expect(page.locator("main")).toContainText(/Email|E-mail|Correo/);
  await awaitRedirectToLogin(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("correct-horse-1");
  await loginForm(page).submit.click();
  await expect(page.getByTestId("display-name")).toHaveText("Beatriz Billing");
  return email;
}

async function noHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const language of ["pt", "en", "es"] as const) {
  test(`a new customer subscribes from the trial banner and finds the invoice and its PDF (${language})${onceUnlessDefault(language)}`, async ({ page }, testInfo) => {
    const text = TEXT[language];
    await newCustomer(page, testInfo, language, "pay");
    const banner = page.getByTestId("trial-banner");
    await expect(banner).toContainText(text.plan);
    await expect(banner.getByTestId("trial-countdown")).toHaveText(text.endsIn);

    if (jsOn(testInfo)) {
      // The banner's script is in (it loads on demand). Hold the first submission in the page to
      // see the button say what is happening (a page that is leaving cannot be looked at), then send it.
      await expect(banner).toHaveAttribute("data-enhanced", "true");
      await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault(), { once: true, capture: true }));
      await banner.getByRole("button", { name: text.subscribe }).click();
      await expect(banner.getByRole("button", { name: text.opening })).toBeDisabled();
      await page.evaluate(() => document.querySelector<HTMLFormElement>("form[data-checkout]")!.requestSubmit());
    } else {
      await banner.getByRole("button", { name: text.subscribe }).click();
    }
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    // The stand-in's checkout page, in the person's language: what is bought, and a Pay button.
    await expect(page.getByTestId("stand-in-summary")).toHaveText(text.summary);
    await page.getByRole("button", { name: text.pay }).click();

    // Back from Stripe: the address loses session_id, the banner is gone, the invoice is there.
    await expect(page).toHaveURL(/\/company-settings\/billing-invoices$/);
    await expect(page.getByRole("heading", { name: text.invoices, level: 2 })).toBeVisible();
    await expect(page.getByTestId("trial-banner")).toHaveCount(0);
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(text.paid);
    const number = (await row.getByRole("rowheader").textContent())!.trim();
    expect(number).toMatch(/^TEST-\d{4}$/);

    // The PDF opens in a new tab: Stripe's own for a Stripe invoice.
    const link = row.getByRole("link");
    await expect(link).toHaveAttribute("target", "_blank");
    const pdf = await page.request.get((await link.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(await pdfText(await pdf.body())).toContain(`Invoice ${number}`);

    // Everywhere else too, the banner stays gone.
    await openPage(page, "/my-calendar");
    await expect(page.getByTestId("display-name")).toBeVisible();
    await expect(page.getByTestId("trial-banner")).toHaveCount(0);
  });
}

test("the billing tabs: details locked until Edit, the payment method's rules, deletion asked first", async ({ page }, testInfo) => {
  await newCustomer(page, testInfo, "pt", "tabs");
  await openPage(page, "/company-settings/billing-details");
  const name = page.getByLabel("Nome da empresa");
  await expect(name).toBeDisabled();
  await page.getByTestId("billing-edit").click();
  await expect(name).toBeEnabled();
  const save = page.getByRole("button", { name: "Guardar", exact: true });
  if (jsOn(testInfo)) await expect(save).toBeDisabled();
  await page.getByLabel("Telefone").fill("+351 210 000 000");
  await page.getByLabel("Morada").fill("Praça do Comércio 1\n1100-148 Lisboa");
  await expect(save).toBeEnabled();
  await save.click();
  const toast = page.getByTestId("action-notice");
  await expect(toast).toHaveText("Dados de faturação guardados.");
  await expect(name).toBeDisabled();
  await expect(page.getByLabel("Telefone")).toHaveValue("+351 210 000 000");
  // The success toast leaves after 2.2 s with JavaScript; without it, it stays with the page.
  if (jsOn(testInfo)) await expect(toast).toHaveCount(0, { timeout: 4000 });

  // The billing language saves as it is chosen (a button without JavaScript), then the page reloads.
  await page.getByLabel("Idioma preferido").selectOption("es");
  if (!jsOn(testInfo)) await page.getByRole("button", { name: "Guardar idioma" }).click();
  await expect(page.getByTestId("action-notice")).toHaveText("Preferência de idioma atualizada");
  await expect(page.getByLabel("Idioma preferido")).toHaveValue("es");
  if (jsOn(testInfo)) await expect(page.getByTestId("action-notice")).toHaveCount(0, { timeout: 4000 });

  // Bad input is said next to its field.
  await page.getByTestId("billing-edit").click();
  await page.getByLabel("E-mail de faturação").fill("faturas");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByText("Indique um endereço de e-mail válido.")).toBeVisible();

  await openPage(page, "/company-settings/billing-payment");
  await expect(page.getByTestId("payment-current")).toHaveText("Ainda não há cartão registado.");
  await page.getByLabel("Marca").selectOption("AMEX");
  await page.getByLabel("Últimos 4 dígitos").fill("12");
  await page.getByLabel("Mês de validade").selectOption("12");
  const years = await page.getByLabel("Ano de validade").locator("option").allTextContents();
  const thisYear = new Date().getFullYear();
  expect(years.slice(1)).toEqual(Array.from({ length: 15 }, (_, i) => String(thisYear + i)));
  await page.getByLabel("Ano de validade").selectOption(String(thisYear + 3));
  await page.getByRole("button", { name: "Guardar método de pagamento" }).click();
  await expect(page.getByText("Indique os 4 últimos dígitos do cartão.")).toBeVisible();
  await page.getByLabel("Últimos 4 dígitos").fill("0005");
  await page.getByRole("button", { name: "Guardar método de pagamento" }).click();
  await expect(page.getByTestId("action-notice")).toHaveText("Método de pagamento guardado");
  await expect(page.getByTestId("payment-current")).toHaveText(`AMEX terminado em 0005, válido até 12/${thisYear + 3}.`);

  await openPage(page, "/company-settings/manage-account");
  await expect(page.getByRole("link", { name: "Abrir os documentos de privacidade" })).toHaveAttribute("href", /\/public#privacy$/);
  await page.getByRole("button", { name: "Pedir a eliminação da conta" }).click();
  const question = jsOn(testInfo) ? page.getByRole("dialog", { name: "Eliminar conta" }) : page.getByTestId("confirmation-step");
  await expect(question).toContainText("Quer mesmo eliminar a conta de Empresa tabs pt?");
  await question.getByRole("button", { name: "Sim, pedir a eliminação" }).click();
  await expect(page.getByTestId("action-notice")).toHaveText("Eliminação pedida.");
  await expect(page.getByTestId("deletion-status")).toContainText("A subscrição termina a");
});

test("employees never see the trial; an admin hides it for the session", async ({ page }) => {
  // Employees cannot act on the company's billing: no banner, on any page.
  await signIn(page, DEMO.employee.email);
  await expect(page.getByTestId("trial-banner")).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email);
  const banner = page.getByTestId("trial-banner");
  await expect(banner).toContainText("Plano em trial.");
  await expect(banner.getByRole("button", { name: "Subscrever agora" })).toBeVisible();
  // With JavaScript the banner hides at once and the cookie is set by a request in the background:
  // the next page is asked for once that request is answered.
  const dismissed = page.waitForResponse((response) => response.url().endsWith("/billing/trial-banner") && response.request().method() === "POST");
  await banner.getByRole("button", { name: "Ocultar o aviso do trial nesta sessão" }).click();
  await expect(page.getByTestId("trial-banner")).toBeHidden();
  await dismissed;
  await openPage(page, "/vacations");
  await expect(page.getByTestId("display-name")).toBeVisible();
  await expect(page.getByTestId("trial-banner")).toHaveCount(0);
});

test("the billing tabs and the banner fit a phone, the banner on one line", async ({ page }) => {
  await signIn(page, DEMO.owner.email);
  await page.setViewportSize(PHONE);
  for (const tab of ["billing-details", "billing-invoices", "billing-payment", "manage-account"]) {
    await openPage(page, `/company-settings/${tab}`);
    await expect(page.getByTestId("trial-banner")).toBeVisible();
    await noHorizontalScroll(page);
  }
  // One line: the days left, whole, beside the buttons (two lines of text or a wrapped button
  // would be 60 px or more; it was over 80).
  const banner = page.getByTestId("trial-banner");
  await expect(banner.getByTestId("trial-countdown-short")).toHaveText("Trial: 14 dias");
  expect((await banner.boundingBox())!.height).toBeLessThan(50);
  expect(await banner.locator(".trial-banner__text").evaluate((text) => text.scrollWidth <= text.clientWidth)).toBe(true);
});

for (const language of ["pt", "en", "es"] as const) {
  test(`a visitor reads the landing page on a phone and leaves an e-mail (${language})${onceUnlessDefault(language)}`, async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    // The interest form allows a client 5 tries an hour: each run comes from its own address (the
    // e2e server trusts the loopback proxy's X-Forwarded-For).
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${10 + ["pt", "en", "es"].indexOf(language) * 2 + (jsOn(testInfo) ? 0 : 1)}` });
    await page.goto(`/public?lng=${language}`);
    const titles = { pt: "Folga — férias e ausências, planeadas em equipa", en: "Folga — absences and vacations, planned together", es: "Folga — vacaciones y ausencias, planificadas en equipo" };
    await expect(page).toHaveTitle(titles[language]);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", titles[language]);
    // One money formatter per language for every price on the page (English once read "1 €" beside "€12.00").
    const prices = { pt: ["1,00 €", "12,00 €", "10,00 €", "120,00 €"], en: ["€1.00", "€12.00", "€10.00", "€120.00"], es: ["1,00 €", "12,00 €", "10,00 €", "120,00 €"] }[language];
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(prices[0].replace(" ", "\\s")));
    // Plain HTML: not one script.
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await noHorizontalScroll(page);
    // The page sells: a preview of the company calendar (a table of sample people, a one-day bar
    // as its initial), three features, the three plans with their sums, and the questions people ask.
    const preview = page.getByTestId("calendar-preview");
    await expect(preview.getByRole("table")).toBeVisible();
    await expect(preview.getByRole("rowheader")).toHaveCount(6);
    const oneDay = preview.locator(".company-month__bar--short").first();
    await expect(oneDay.locator('[aria-hidden="true"]')).toHaveText("D");
    await expect(oneDay).toHaveAttribute("title", new RegExp(`^${{ pt: "Dentista", en: "Dentist", es: "Dentista" }[language]} · `));
    await expect(page.getByTestId("feature")).toHaveCount(3);
    await expect(page.getByTestId("plan")).toHaveCount(3);
    await expect(page.getByTestId("plan-example").nth(1)).toContainText(prices[2]);
    await expect(page.getByTestId("plan-example").nth(2)).toContainText(prices[3]);
    await expect(page.locator("#pricing")).not.toContainText(language === "en" ? /\d\s*€/ : /€\s*\d/);
    for (const price of prices.slice(0, 2)) await expect(page.locator("#pricing")).toContainText(price);
    const questions = page.getByTestId("faq-question");
    await expect(questions).toHaveCount(4);
    // Answers open without scripts (<details>).
    await questions.first().locator("summary").click();
    await expect(questions.first().locator("p")).toBeVisible();
    await expect(page.locator('a[href="/login"]').first()).toBeVisible();
    await expect(page.locator('a[href="/signup"]').first()).toBeVisible();

    const form = page.locator("#interest form");
    await form.locator('input[name="email"]').fill(`visitor-${language}-${testInfo.project.name}-${Date.now()}@example.test`);
    await form.locator('button[type="submit"]').click();
    const thanks = { pt: "Obrigado! Entraremos em contacto.", en: "Thank you! We will be in touch.", es: "¡Gracias! Nos pondremos en contacto." };
    await expect(page.getByTestId("interest-thanks")).toHaveText(thanks[language]);
  });
}
