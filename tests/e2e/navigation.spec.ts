// What each role sees in the top bar, and the server refusing pages a role may not open.
import { expect, type Page, test } from "./fixtures";
import { DEMO, mainNav, signIn, urlPath } from "./support";

type Link = { name: string | RegExp; path: string };

const EVERYONE: Link[] = [
  { name: "O Meu Calendário", path: "/my-calendar" },
  { name: "Calendário da Empresa", path: "/company-calendar" },
  { name: "Ausências", path: "/vacations" },
  { name: "Feriados", path: "/national-holidays" },
];
const ADMIN_ONLY: Link[] = [
  // The approvals link also holds the pending badge, which is part of its accessible name.
  { name: /^Aprovações/, path: "/approvals" },
  { name: "Configurações de administração", path: "/company-settings/users" },
  { name: "Relatórios", path: "/reports" },
];
// The master (every company) and owners (their own): canReadAudit.
const AUDIT: Link[] = [{ name: "Auditoria", path: "/audit" }];

function navLink(page: Page, link: Link) {
  return mainNav(page).getByRole("link", { name: link.name, exact: typeof link.name === "string" });
}

async function expectLinks(page: Page, visible: Link[], hidden: Link[]) {
  for (const link of visible) await expect(navLink(page, link)).toHaveAttribute("href", link.path);
  for (const link of hidden) await expect(navLink(page, link)).toHaveCount(0);
}

async function expectRedPendingBadge(page: Page) {
  const badge = navLink(page, ADMIN_ONLY[0]).getByTestId("pending-badge");
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(/^[1-9]\d*$/);
  const [r, g, b] = (await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
  expect(r > 150 && g < 100 && b < 100, `the pending badge is red (rgb ${r}, ${g}, ${b})`).toBe(true);
}

async function expectForbidden(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} is refused`).toBe(403);
  await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  // Not a dead end: what to do, and the way to the person's own calendar.
  await expect(page.getByTestId("error-next-step")).toContainText("peça acesso à administração da sua empresa");
  await expect(page.getByTestId("error-next-step").getByRole("link", { name: "Ir para O Meu Calendário" })).toHaveAttribute("href", "/my-calendar");
}

test("an employee sees and follows the four common pages, sees no admin pages and cannot open them", async ({ page }) => {
  await signIn(page, DEMO.employee.email);
  await expectLinks(page, EVERYONE, [...ADMIN_ONLY, ...AUDIT]);
  await expect(page.getByTestId("pending-badge")).toHaveCount(0);

  for (const link of [...EVERYONE].reverse()) {
    await navLink(page, link).click();
    await expect(page).toHaveURL(urlPath(link.path));
    await expect(page.getByRole("heading", { level: 1, name: link.name })).toBeVisible();
  }

  for (const path of ["/approvals", "/company-settings/users", "/reports", "/audit"]) {
    await expectForbidden(page, path);
    // The error stays inside the shell: the navigation is still there to leave.
    await expect(page.getByTestId("display-name")).toHaveText(DEMO.employee.name);
  }
});

test("an admin sees approvals with a red pending badge, admin configurations and reports, but not audit", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.admin.name);
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY], AUDIT);
  await expectRedPendingBadge(page);

  for (const link of ADMIN_ONLY) {
    await navLink(page, link).click();
    await expect(page).toHaveURL(urlPath(link.path));
    await expect(page.getByText("Acesso negado")).toHaveCount(0);
  }
  await expectForbidden(page, "/audit");
});

test("a company settings link of the spec (?tab=) opens that tab at its own address", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await page.goto("/company-settings?tab=billing-details&edit=1");
  await expect(page).toHaveURL(urlPath("/company-settings/billing-details?edit=1"));
  await expect(page.getByRole("navigation", { name: "Secções das configurações" }).getByRole("link", { name: "Dados de faturação", exact: true })).toHaveAttribute("aria-current", "page");
  // The menu's link stays the current page on every tab.
  await expect(navLink(page, ADMIN_ONLY[1])).toHaveAttribute("aria-current", "page");
});

test("the owner sees approvals with a red pending badge, admin configurations, reports and their company's audit", async ({ page }) => {
  await signIn(page, DEMO.owner.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.owner.name);
  // Owners read their own company's audit (docs/decisions/0025-audit.md).
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY, ...AUDIT], []);
  await expectRedPendingBadge(page);
  await navLink(page, AUDIT[0]).click();
  await expect(page).toHaveURL(urlPath("/audit"));
  await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
});

test("the master sees audit as well as the admin pages", async ({ page }) => {
  await signIn(page, DEMO.master.email);
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.master.name);
  await expectLinks(page, [...EVERYONE, ...ADMIN_ONLY, ...AUDIT], []);

  await navLink(page, AUDIT[0]).click();
  await expect(page).toHaveURL(urlPath("/audit"));
  await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
});
