// A page that may run scripts beside a js-off page, for the checks that are scripts themselves
// (axe, tests/e2e/axe.ts). One per page, made on first use; the page fixture (fixtures.ts) closes
// it as the test ends. Closed with the page instead (on its "close" event), it outlived the test now
// and then and failed the worker with "Test ended".
import type { Page } from "@playwright/test";

const twins = new WeakMap<Page, Promise<Page>>();

export function scriptedTwin(page: Page): Promise<Page> {
  let twin = twins.get(page);
  if (!twin) {
    twin = (async () => {
      const browser = page.context().browser();
      if (!browser) throw new Error("no browser to run scripts in");
      // Its images (avatars) need the same session as the page.
      const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: true });
      const twin = await context.newPage();
      // A document of the site (a tiny one), so what is written into it resolves addresses and
      // sends cookies as the page did.
      await twin.goto(new URL("/healthz", page.url()).href);
      return twin;
    })();
    twins.set(page, twin);
  }
  return twin;
}

export async function closeScriptedTwin(page: Page) {
  const twin = twins.get(page);
  if (!twin) return;
  twins.delete(page);
  await (await twin).context().close();
}
