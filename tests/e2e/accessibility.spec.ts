// The accessibility gate (issue 16, docs/decisions/0030-accessibility.md): axe-core's WCAG 2.2 AA
// rules on every screen and on the states that matter, as each role, at 390 and 1366 px, with
// JavaScript on and off (the two projects). A serious or critical violation fails.
import { type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { LAPTOP, PHONE, PUBLIC_SCREENS, ROLES } from "./screens";
import { openPage, signIn } from "./support";

// axe reads every element of the page; My Calendar alone has a few thousand.
test.describe.configure({ timeout: 180_000 });

const WIDTHS = [LAPTOP, PHONE];

async function scan(page: Page, path: string) {
  // /public has no scripts at all, so it never hydrates.
  if (path === "/public") await page.goto(path);
  else await openPage(page, path);
  await expectAccessible(page, path);
}

for (const size of WIDTHS) {
  test(`the signed-out screens at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of [...PUBLIC_SCREENS, "/public"]) await scan(page, path);
  });

  for (const { who, screens } of ROLES) {
    test(`every screen of ${who.email} at ${size.width} px`, async ({ page }) => {
      // Signed in at full width: on a phone the name is inside the closed menu.
      await signIn(page, who.email);
      await page.setViewportSize(size);
      for (const path of screens) await scan(page, path);
    });
  }
}
