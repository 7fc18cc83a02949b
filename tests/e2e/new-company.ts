// A company of a test's own, signed up and confirmed like a customer does: its owner can change
// settings and holidays that the demo company's other tests count on.
import { expect, test, type Page } from "./fixtures";
import { awaitRedirectToLogin, linkFromOutbox, openPage, signIn } from "./support";

export const OWN_COMPANY_PASSWORD = "own-company-pass-1";

/**
 * Signs up a new company (Portugal, its default zone) and signs its owner in; `domain`, the
 * owner's e-mail domain, when the company must have one of its own (company SSO).
 */
export async function signUpNewCompany(page: Page, prefix: string, { domain = "own-company.test" } = {}): Promise<{ owner: string; company: string }> {
  const stamp = `${test.info().project.name}-${Date.now()}`;
  const owner = `${prefix}-${stamp}@${domain}`;
  const company = `${prefix} ${stamp}`;
  // Sign-ups are limited per client address (10 an hour): each comes from an address of its own
  // (the e2e server trusts the loopback proxy's X-Forwarded-For), so the suite's others keep theirs.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${1 + (Date.now() % 250)}` });
  await openPage(page, "/signup");
  await page.getByLabel("Nome da empresa").fill(company);
  await page.getByLabel("Nome completo").fill("Vera Vaz");
  await page.getByLabel("Email", { exact: true }).fill(owner);
  await page.getByLabel("Password").fill(OWN_COMPANY_PASSWORD);
  await page.getByRole("button", { name: "Começar trial" }).click();
  await expect(page).toHaveURL(/\/login\?checkEmail=1$/);
  await openPage(page, await linkFromOutbox(page, owner, "/verify-email?token="));
  if (test.info().project.name === "js-off") await page.getByRole("button", { name: "Confirmar email" }).click();
  await expect(page.getByText("Email confirmado! Agora entre com as suas credenciais…")).toBeVisible();
  await awaitRedirectToLogin(page);
  await signIn(page, owner, { password: OWN_COMPANY_PASSWORD });
  return { owner, company };
}
