// The accessibility gate's one check (docs/decisions/0030-accessibility.md): axe-core with the WCAG
// 2.2 AA rules on the page as it is now, plus what axe does not know about this app's forms: every
// error shown under a field is tied to that field and announced. Serious and critical violations
// fail the test; every violation found is printed with its rule, the elements it names and the
// rule's help page.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { scriptedTwin } from "./scripted-twin";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING = new Set(["serious", "critical"]);

/**
 * `within`: the part of the page a state changed (a drawer, a panel), when the rest of the page is a
 * screen the every-screen scans cover already: axe's time grows with the page's elements, and My
 * Calendar and the company calendar have thousands.
 */
export async function expectAccessible(page: Page, state: string, { within }: { within?: string } = {}) {
  const where = `${state} (${test.info().project.name}, ${page.viewportSize()?.width} px)`;
  await scan(test.info().project.name === "js-off" ? await scriptedCopy(page) : page, where, within);
}

async function scan(scanned: Page, where: string, within: string | undefined) {
  await animationsSettled(scanned);
  // Legacy mode runs axe.run in the page itself. The default runs axe.runPartial in each frame and
  // then axe.finishRun in a new blank page, for cross-origin frames, which this app has none of:
  // that page and the second injection of axe cost about half of each scan.
  const builder = new AxeBuilder({ page: scanned }).withTags(WCAG_TAGS).options({ resultTypes: ["violations"] }).setLegacyMode();
  if (within) {
    expect(await scanned.locator(within).count(), `${within} on ${where}`).toBeGreaterThan(0);
    builder.include(within);
  }
  const results = await builder.analyze();
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
  expect.soft(await untiedFieldErrors(scanned), `field errors not tied to their field or not announced on ${where}`).toEqual([]);
}

/**
 * Waits for the page's finite animations (a drawer sliding in, 160 ms) to end: axe measures colour
 * contrast as painted, and text fading in is low-contrast for its first frames (seen on a busy
 * machine as a false color-contrast failure).
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Errors under fields (`.field__error`) that no field names in aria-describedby, or that nothing announces. */
function untiedFieldErrors(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".field__error")]
      .filter((error) => error.getClientRects().length > 0)
      .flatMap((error) => {
        const field = error.id ? document.querySelector(`[aria-describedby~="${CSS.escape(error.id)}"]`) : null;
        const problems = [
          field ? null : "no field names it in aria-describedby",
          field && field.getAttribute("aria-invalid") !== "true" ? "its field is not aria-invalid" : null,
          error.closest('[role="alert"], [role="status"], [aria-live]') ? null : "not announced (role=alert or aria-live)",
        ].filter(Boolean);
        return problems.length ? [`"${error.textContent}" (#${error.id}): ${problems.join(", ")}`] : [];
      }),
  );
}

/**
 * axe is a script, and waits on timers that never fire in a page whose scripting is off. So in the
 * js-off project the page's current markup, its scripts removed, is written (setContent) into a
 * second page that may run scripts, at the same size and on the same site: the stylesheet and
 * images load from the server with the same session, and nothing hydrates. Not served at the page's
 * address through a route: such navigations sometimes never reached their load event in Chromium
 * (the document parsed, no request pending, the test stuck for its 5 minutes in CI).
 */
async function scriptedCopy(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  const copy = await scriptedTwin(page);
  await copy.setViewportSize(page.viewportSize() ?? { width: 1366, height: 768 });
  await copy.setContent(html, { timeout: 60_000 });
  // axe measures contrast as painted: an unstyled copy would pass it for nothing.
  const linked = html.match(/<link\b[^>]*rel="stylesheet"/gi)?.length ?? 0;
  expect(await copy.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href && sheet.cssRules.length > 0).length), "stylesheets applied to the scripted copy").toBe(linked);
  return copy;
}
