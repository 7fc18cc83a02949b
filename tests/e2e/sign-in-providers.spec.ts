// Sign-in with providers and company SSO (decision 0089), as people do it, with JavaScript on and
// off: the providers are real OpenID providers over HTTP (tests/support/oidc-idp.ts) that each
// e2e server starts beside itself (E2E_IDP_PORT, tests/e2e/ports.ts), with a plain sign-in form
// that takes any e-mail as a verified account of theirs. The protocol's refusals (tampered state,
// replayed code, unverified e-mail...) are the integration tests' (provider-sign-in.test.ts).
import { expect, test, type Page } from "./fixtures";
import { OWN_COMPANY_PASSWORD, signUpNewCompany } from "./new-company";
import { e2eCompanyIdp } from "./ports";
import { DEMO, DEMO_PASSWORD, linkFromOutbox, loginForm, openPage, submitLogin } from "./support";

/** Demo people no other test signs in through a provider: one per project, so each sees a first sign-in. */
const GOOGLE_PERSON = {
  "js-on": { email: "vera.rodrigues18@demo.test", name: "Vera Rodrigues" },
  "js-off": { email: "rui.pereira19@demo.test", name: "Rui Pereira" },
} as const;

/** What a person does at the test IdP's sign-in page: says who they are there. */
async function signInAtIdp(page: Page, email: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in at the IdP" }).click();
}

test("a person signs in with Google, linking it to their account after one confirmation", async ({ page }, testInfo) => {
  const person = GOOGLE_PERSON[testInfo.project.name as keyof typeof GOOGLE_PERSON];
  await openPage(page, "/login");
  await page.getByTestId("sign-in-google").click();
  await signInAtIdp(page, person.email);
  // The first time, the person says yes to the link; nobody is signed in before that.
  await expect(page).toHaveURL(/\/auth\/confirm$/);
  await expect(page.getByText(person.email)).toBeVisible();
  await page.getByRole("button", { name: "Associar Google e iniciar sessão" }).click();
  await expect(page).toHaveURL(/\/my-calendar$/);
  await expect(page.getByTestId("display-name")).toHaveText(person.name);
});

test("an invited person accepts the invitation with Microsoft", async ({ page, request }, testInfo) => {
  const invited = `invited-${testInfo.project.name}-${Date.now()}@demo.test`;
  const { access_token } = (await (await request.post("/api/auth/login", { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })).json()) as { access_token: string };
  const invitation = await request.post("/api/users/invite", { headers: { Authorization: `Bearer ${access_token}` }, data: { email: invited, full_name: "Ivo Invited" } });
  expect(invitation.status()).toBe(201);

  await openPage(page, await linkFromOutbox(page, invited, "/accept-invite?"));
  await page.getByTestId("sign-in-microsoft").click();
  await signInAtIdp(page, invited);
  await expect(page).toHaveURL(/\/my-calendar$/);
  await expect(page.getByTestId("display-name")).toBeVisible();
  // A provider's account, no password: the person's sign-in methods say so.
  await openPage(page, "/sign-in-methods");
  await expect(page.getByText("Ainda não tem palavra-passe: inicia sessão com um fornecedor.")).toBeVisible();
});

test("an owner sets up company SSO, tests it and requires it; an employee's password is then refused, naming SSO", async ({ page, request, browser }, testInfo) => {
  test.setTimeout(60_000);
  const domain = `sso-${testInfo.project.name}-${Date.now()}.test`;
  const idp = e2eCompanyIdp(testInfo.parallelIndex);
  const { owner } = await signUpNewCompany(page, "owner", { domain });

  // An employee with a password, through the API as a directory would.
  const employee = `eva@${domain}`;
  const { access_token } = (await (await request.post("/api/auth/login", { data: { email: owner, password: OWN_COMPANY_PASSWORD } })).json()) as { access_token: string };
  expect((await request.post("/api/users/invite", { headers: { Authorization: `Bearer ${access_token}` }, data: { email: employee, full_name: "Eva Employee" } })).status()).toBe(201);
  const token = new URL(await linkFromOutbox(page, employee, "/accept-invite?"), "http://x").searchParams.get("token");
  expect((await request.post("/api/users/accept-invite", { data: { token, new_password: "employee-pass-1" } })).status()).toBe(201);

  await openPage(page, "/company-settings/security");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Verificar e guardar" }) });
  const fill = async (issuer: string) => {
    await form.getByLabel("URL do emissor").fill(issuer);
    await form.getByLabel("ID de cliente").fill(idp.clientId);
    await form.getByLabel("Segredo do cliente").fill(idp.clientSecret);
    await form.getByLabel("Domínios de e-mail").fill(domain);
    await form.getByRole("button", { name: "Verificar e guardar" }).click();
  };
  // An issuer without a discovery document is refused at its field.
  await fill("http://127.0.0.1:9");
  await expect(page.getByText("O fornecedor não respondeu com um documento de descoberta (.well-known/openid-configuration).")).toBeVisible();
  await fill(idp.issuer);
  await expect(page.getByText("Guardado: o fornecedor respondeu à descoberta.")).toBeVisible();
  // The secret is never shown back.
  await expect(page.getByTestId("sso-secret")).toHaveValue("");
  await expect(page.getByTestId("sso-status")).toHaveAttribute("data-status", "notVerified");

  // Not required before a sign-in through it has worked.
  await page.getByRole("button", { name: "Exigir SSO" }).click();
  await expect(page.getByText("Inicie sessão uma vez através do SSO da empresa antes de o exigir.")).toBeVisible();
  await page.getByRole("button", { name: "Testar início de sessão" }).click();
  await signInAtIdp(page, owner);
  await expect(page).toHaveURL(/\/company-settings\/security\?tested=1$/);
  await expect(page.getByTestId("sso-tested")).toBeVisible();
  await expect(page.getByTestId("sso-status")).toHaveAttribute("data-status", "verified");
  await page.getByRole("button", { name: "Exigir SSO" }).click();
  await expect(page.getByTestId("sso-status")).toHaveAttribute("data-status", "required");

  // The employee, in a browser of their own (the owner's holds a session at the IdP too).
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js-on", locale: "pt-PT" });
  const colleague = await context.newPage();
  await openPage(colleague, "/login");
  await submitLogin(colleague, employee, "employee-pass-1");
  await expect(colleague.getByRole("alert")).toContainText("A sua empresa exige início de sessão único (SSO)");
  // The way that works: the same form's other button, to the company's IdP.
  // Only the e-mail counts: with JavaScript, the form's checks must not ask for the password.
  await loginForm(colleague).email.fill(employee);
  await loginForm(colleague).password.fill("");
  await colleague.getByRole("button", { name: "Continuar com o SSO da empresa" }).click();
  await signInAtIdp(colleague, employee);
  await expect(colleague).toHaveURL(/\/my-calendar$/);
  await expect(colleague.getByTestId("display-name")).toHaveText("Eva Employee");
  await context.close();
});
