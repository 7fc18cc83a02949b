// The accessibility gate's one check (docs/decisions/0030-accessibility.md): axe-core with the WCAG
// 2.2 AA rules on the page as it is now. Serious and critical violations fail the test; every
// violation found is printed with its rule, the elements it names and the rule's help page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING = new Set(["serious", "critical"]);

/**
 * Runs axe-core on the page as the person sees it now. axe is a script, and a page loaded with
 * scripting off cannot run one (Playwright gets no context to evaluate in), so in the js-off
 * project the page's current markup, its scripts removed, is shown at the same address and size
 * in a second page that may run scripts: the stylesheet and images load from the server as before.
 */
export async function expectAccessible(page: Page, state: string) {
  const where = `${state} (${test.info().project.name}, ${page.viewportSize()?.width} px)`;
  const results = test.info().project.name === "js-off" ? await analyzeWithoutScripts(page) : await analyze(page);
  const lines = results.violations.map(
    (violation) =>
      `  [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n` +
      violation.nodes.map((node) => `    - ${node.target.join(" ")}`).join("\n"),
  );
  if (lines.length) console.log(`axe on ${where}:\n${lines.join("\n")}`);
  const failing = results.violations
    .filter((violation) => FAILING.has(violation.impact ?? ""))
    .map((violation) => `${violation.id} [${violation.impact}] ${violation.nodes.map((node) => node.target.join(" ")).join(", ")} — ${violation.helpUrl}`);
  // Soft: one run lists every screen's violations rather than stopping at the first.
  expect.soft(failing, `serious or critical accessibility violations on ${where}`).toEqual([]);
}

function analyze(page: Page) {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
}

async function analyzeWithoutScripts(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const copy = await scriptedTwin(page);
  await copy.setViewportSize(page.viewportSize() ?? { width: 1366, height: 768 });
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }), { times: 1 });
  await copy.goto(url);
  return analyze(copy);
}

const twins = new WeakMap<Page, Promise<Page>>();

/** One scripted page per js-off page, made on first use and closed with it. */
function scriptedTwin(page: Page): Promise<Page> {
  let twin = twins.get(page);
  if (!twin) {
    twin = (async () => {
      const browser = page.context().browser();
      if (!browser) throw new Error("no browser to run axe in");
      // Its images (avatars) need the same session as the page.
      const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: true });
      page.once("close", () => void context.close());
      return context.newPage();
    })();
    twins.set(page, twin);
  }
  return twin;
}
