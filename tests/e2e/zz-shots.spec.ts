import { expect, test } from "@playwright/test";
import { DEMO, openPage, signIn } from "./support";

for (const lng of ["pt", "en"]) {
  test(`shots ${lng}`, async ({ page }, testInfo) => {
    const p = testInfo.project.name;
    await signIn(page, DEMO.owner.email);
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPage(page, `/company-settings?tab=api-tokens&lng=${lng}`);
    await page.screenshot({ path: `/tmp/shots/${lng}-${p}-empty-1366.png`, fullPage: true });
    await page.locator('input[name="name"]').fill(`Payroll ${p} ${lng}`);
    await page.locator('form:has(input[name="intent"][value="apiTokens.create"]) button[type="submit"]').click();
    await expect(page.getByTestId("api-token-issued")).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/${lng}-${p}-issued-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/shots/${lng}-${p}-issued-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPage(page, `/company-settings?tab=api-tokens&lng=${lng}`);
    await page.getByTestId("api-token-row").first().locator('button[value="apiTokens.revoke"]').click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots/${lng}-${p}-confirm-1366.png`, fullPage: true });
    await openPage(page, `/company-settings?tab=api-tokens&lng=${lng}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/shots/${lng}-${p}-list-390.png`, fullPage: true });
  });
}
