// What each role sees in the top bar, and the server refusing pages a role may not open.
import { expect, type Page, test } from "@playwright/test";
import { DEMO, mainNav, signIn, urlPath } from "./support";

const EVERYONE = [
  { name: "O Meu Calendário", path: "/my-calendar" },
  { name: "Calendário da Empresa", path: "/company-calendar" },
  { name: "Ausências", path: "/vacations" },
  { name: "Feriados", path: "/national-holidays" },
];
const ADMIN_ONLY = [
  { name: /^Aprovações/, path: "/approvals" },
  { name: "Configurações de administração", path: "/company-settings?tab=users" },
  { name: "Relatórios", path: "/reports" },
];
const MASTER_ONLY = [{ name: "Auditoria", path: "/audit" }];

type Link = { name: string | RegExp; path: string };

async function expectLinks(page: Page, visible: Link[], hidden: Link[]) {
  const nav = mainNav(page);
  for (const link of visible) {
    await expect(nav.getByRole("link", { name: link.name, exact: true })).toHaveAttribute("href", link.path);
  }
  for (const link of hidden) {
    await expect(nav.getByRole("link", { name: link.name, exact: true })).toHaveCount(0);
  }
}

async function expectPendingBadge(page: Page) {
  const badge = mainNav(page).getByRole("link", { name: /^Aprovações/ }).getByTestId("pending-badge");
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(/^[1-9]\d*$/);
  const [r, g, b] = (await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(r, "the pending badge is red").toBeGreaterThan(150);
  expect(g).toBeLessThan(100);
  expect(b).toBeLessThan(100);
}

test("an employee sees the four common pages and no admin pages", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  await expectLinks(page, EVERYONE, [...ADMIN_ONLY, ...MASTER_ONLY]);
  await expect(page.getByTestId("pending-badge")).toHaveCount(0);
});

test("an employee follows the navigation links", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  for (const link of [...EVERYONE].reverse()) {
    await mainNav(page).getByRole("link", { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(urlPath(link.path));
    await expect(page.getByRole("heading", { level: 1, name: link.name })).toBeVisible();
  }
});

test("an admin sees approvals with a pending badge, admin configurations and reports, but not audit", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.admin.name);
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY], MASTER_ONLY);
  await expectPendingBadge(page);
});

test("the owner sees approvals with a pending badge, admin configurations and reports, but not audit", async ({ page }) => {
  await signIn(page, DEMO.owner.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.owner.name);
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY], MASTER_ONLY);
  await expectPendingBadge(page);
});

test("the master sees audit as well as the admin pages", async ({ page }) => {
  await signIn(page, DEMO.master.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.master.name);
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY, ...MASTER_ONLY], []);

  await mainNav(page).getByRole("link", { name: "Auditoria", exact: true }).click();
  await expect(page).toHaveURL(urlPath("/audit"));
  await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
});

test("an admin opens the admin pages from the navigation", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  for (const link of ADMIN_ONLY) {
    await mainNav(page).getByRole("link", { name: link.name }).click();
    await expect(page).toHaveURL(urlPath(link.path));
    await expect(page.getByText("Acesso negado")).toHaveCount(0);
  }
});

test.describe("pages refused on the server", () => {
  for (const path of ["/approvals", "/company-settings?tab=users", "/reports", "/audit"]) {
    test(`an employee opening ${path} directly gets 403`, async ({ page }) => {
      await signIn(page, DEMO.employee.email);
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
      // The error stays inside the shell: the navigation is still there to leave.
      await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
    });
  }

  test("an admin who is not master opening /audit gets 403", async ({ page }) => {
    await signIn(page, DEMO.admin.email);
    const response = await page.goto("/audit");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  });
});
