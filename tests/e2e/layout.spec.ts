// Shared layout: every screen fits a 390 px phone without sideways scrolling (wide tables scroll
// inside their own box), the top bar folds into a menu there, and at 1366 px it is one row for
// every role. The menu is a <details>, it needs no script. A screen's markup is the same with and
// without JavaScript, so each walk runs in one project: the phone walks without JavaScript (where
// the no-script fallbacks show), the top bar with it (@once).
import { expect, type Page, test } from "./fixtures";
import { LAPTOP, NO_SCRIPT_SCREENS, PHONE, PUBLIC_SCREENS, ROLES } from "./screens";
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

for (const { who, screens } of ROLES) {
  test(`every screen ${who.email} opens fits a phone @js-off-only`, async ({ page }) => {
    await signIn(page, who.email);
    await page.setViewportSize(PHONE);
    for (const path of screens) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectNoSidewaysScroll(page, path);
      await expectLanguageSwitchOnScreen(page, path);
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
    }
  });
}

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
