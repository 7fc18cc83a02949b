// The specs' `test`: Playwright's, with the address of this worker's own server (playwright.config.ts
// starts one per worker, each on a database of its own), and a page that closes the scripted twin
// axe may have made for it (scripted-twin.ts). Everything else is Playwright's own.
import { test as base } from "@playwright/test";
import { e2ePort } from "./ports";
import { closeScriptedTwin } from "./scripted-twin";

export * from "@playwright/test";

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(`http://localhost:${e2ePort(testInfo.parallelIndex)}`);
  },
  page: async ({ page }, provide) => {
    await provide(page);
    await closeScriptedTwin(page);
  },
});
