// Shared layout: every screen fits a 390 px phone without sideways scrolling (wide tables scroll
// inside their own box), the top bar folds into a menu there, and at 1366 px it is one row for
// every role. The menu is a <details>, it needs no script. A screen's markup is the same with and
// without JavaScript, so each walk runs in one project: the phone walks without JavaScript (where
// the no-script fallbacks show), the top bar with it (@once).
import { expect, type Page, test } from "./fixtures";
import { absencePages, ADMIN_SCREENS, LAPTOP, NO_SCRIPT_SCREENS, PHONE, PUBLIC_SCREENS, ROLES } from "./screens";
import { DEMO, mainNav, signIn, urlPath } from "./support";

// Screenshots of failures are cheap; this spec opens many pages in a row.
test.describe.configure({ timeout: 90_000 });

async function expectNoSidewaysScroll(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Nothing in the page's main part needs sideways scrolling either: no box or table scrolls (a
 * table of buttons is a card per row on a phone) and every link and button lies within the screen.
 * Closed disclosures (a picture's table of numbers) are opened first: what they hold counts too.
 */
async function expectMainFits(page: Page, path: string) {
  const problems = await page.evaluate(() => {
    for (const details of document.querySelectorAll("main details")) (details as HTMLDetailsElement).open = true;
    const width = window.innerWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      if (element.closest("dialog:not([open])")) continue;
      const name = `${element.tagName.toLowerCase()}.${element.className || element.getAttribute("data-testid") || ""}`;
      const style = getComputedStyle(element);
      const scrolls = element.tagName === "TABLE" || /auto|scroll/.test(style.overflowX);
      if (scrolls && element.scrollWidth > element.clientWidth + 1) found.push(`${name} scrolls (${element.scrollWidth} > ${element.clientWidth})`);
      if (element.matches("a, button, summary")) {
        const box = element.getBoundingClientRect();
        if (box.width > 0 && (box.left < -1 || box.right > width + 1)) found.push(`${name} "${element.textContent?.trim().slice(0, 30)}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return found;
  });
  expect(problems, `${path} at ${page.viewportSize()!.width} px`).toEqual([]);
}

/** The language buttons are whole and on screen (they were cut off at the right edge). */
async function expectLanguageSwitchOnScreen(page: Page, path: string) {
  const viewport = page.viewportSize()!;
  for (const code of ["PT", "EN", "ES"]) {
    const box = await page.getByRole("button", { name: code, exact: true }).boundingBox();
    expect(box, `${code} on ${path}`).not.toBeNull();
    expect(box!.x, `${code} on ${path}`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${code} on ${path}`).toBeLessThanOrEqual(viewport.width);
  }
}

test("the public screens fit a phone @js-off-only", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
    await expectLanguageSwitchOnScreen(page, path);
  }
});

test("the pages without scripts fit a phone @once", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of NO_SCRIPT_SCREENS) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, path);
  }
});

// The admin screens' tables, charts and buttons, the bank holidays' admin table and the Audit.
const ADMIN_TABLE_SCREENS = [...ADMIN_SCREENS, "/national-holidays", "/audit"];

for (const { who, screens } of ROLES) {
  test(`every screen ${who.email} opens fits a phone @js-off-only`, async ({ page }) => {
    await signIn(page, who.email);
    await page.setViewportSize(PHONE);
    // The admin also opens an absence's change and certificate pages, with their tables.
    const reached = who.email === DEMO.admin.email ? await absencePages(page) : [];
    for (const path of [...screens, ...reached]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectNoSidewaysScroll(page, path);
      await expectLanguageSwitchOnScreen(page, path);
      if ((who.email === DEMO.master.email && ADMIN_TABLE_SCREENS.includes(path)) || reached.includes(path)) await expectMainFits(page, path);
    }
  });

  test(`the top bar of ${who.email} is one row at 1366 px @once`, async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, who.email);
    // Spanish has the longest labels, Portuguese is the default.
    for (const language of ["es", "en", "pt"]) {
      await page.goto(`/my-calendar?lng=${language}`);
      const links = mainNav(page).getByRole("link");
      const tops = new Set<number>();
      for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) tops.add(Math.round(box!.y));
      expect([...tops], `the ${language} navigation links share one line`).toHaveLength(1);
      const bar = (await page.getByRole("banner").boundingBox())!;
      const link = (await links.first().boundingBox())!;
      // Name, language and sign-out sit on that same row: the bar is not taller than one line.
      expect(bar.height, `the ${language} top bar holds one row`).toBeLessThan(link.height * 2);
      await expect(page.getByTestId("display-name")).toBeVisible();
      // The product's name too (it was hidden to make room for an admin's links).
      await expect(page.locator(".brand__name"), `the product's name in ${language}`).toBeVisible();
    }
  });
}

test("the year's report fits a laptop and its pictures a phone @once", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await page.setViewportSize(LAPTOP);
  await page.goto("/reports");
  const headers = page.getByTestId("report-table").locator("thead th");
  expect(await headers.count()).toBe(14);
  for (const header of await headers.all()) {
    const box = (await header.boundingBox())!;
    expect(box.x + box.width, `${await header.textContent()} within 1366 px`).toBeLessThanOrEqual(LAPTOP.width);
  }
  await expectMainFits(page, "/reports");

  await page.setViewportSize(PHONE);
  // Every month's label and every person's value drawn whole within the picture's card.
  for (const testId of ["chart-days-off", "chart-days-left"]) {
    const card = (await page.getByTestId(testId).boundingBox())!;
    const labels = page.getByTestId(testId).locator("svg text.chart__label, svg text.chart__year, svg text.chart__value");
    for (const label of await labels.all()) {
      const box = (await label.boundingBox())!;
      expect(box.x, `${testId}: ${await label.textContent()}`).toBeGreaterThanOrEqual(card.x - 1);
      expect(box.x + box.width, `${testId}: ${await label.textContent()}`).toBeLessThanOrEqual(card.x + card.width + 1);
    }
  }
  await expect(page.getByTestId("chart-days-off").locator("svg text.chart__label")).toHaveCount(12);
  await expectMainFits(page, "/reports on a phone");
});

test("company settings' menu shows its two groups by name, and on a phone is one line that opens", async ({ page }) => {
  await signIn(page, DEMO.admin.email);
  await page.setViewportSize(LAPTOP);
  await page.goto("/company-settings/teams");
  const menu = page.getByRole("navigation", { name: "Secções das configurações" });
  const titles = menu.locator(".settings-nav__title");
  await expect(titles).toHaveText(["Gestão", "Conta e faturação"]);
  for (const title of await titles.all()) await expect(title).toBeVisible();
  await expect(menu.getByRole("link", { name: "Equipas" })).toHaveAttribute("aria-current", "page");

  await page.setViewportSize(PHONE);
  const toggle = page.getByTestId("settings-nav-toggle");
  await expect(toggle).toContainText("Equipas");
  await expect(menu.getByRole("link", { name: "Faturas" })).toBeHidden();
  expect((await menu.boundingBox())!.height, "one line, not a list of nine").toBeLessThan(60);
  await toggle.click();
  await expect(titles.last()).toBeVisible();
  await menu.getByRole("link", { name: "Faturas" }).click();
  await expect(page).toHaveURL(urlPath("/company-settings/billing-invoices"));
  await expect(page.getByTestId("settings-nav-toggle")).toContainText("Faturas");
  await expect(menu.getByRole("link", { name: "Utilizadores" })).toBeHidden();
});

test("on a phone the navigation is a menu that opens, leads to a page and is closed there", async ({ page }) => {
  await signIn(page, DEMO.master.email);
  await page.setViewportSize(PHONE);
  await page.goto("/my-calendar");
  const nav = mainNav(page);
  await expect(nav).toBeHidden();
  await expect(page.getByTestId("display-name")).toBeHidden();

  await page.locator(".topbar__toggle").click();
  await expect(nav).toBeVisible();
  await expect(page.getByTestId("display-name")).toHaveText(DEMO.master.name);
  await nav.getByRole("link", { name: "Ausências" }).click();
  await expect(page).toHaveURL(urlPath("/vacations"));
  await expect(page.getByRole("heading", { level: 1, name: "Ausências" })).toBeVisible();
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page, "/vacations with the menu used");
});
