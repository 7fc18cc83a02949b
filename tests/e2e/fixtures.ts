// The specs' `test`: Playwright's, with the address of this worker's own server (playwright.config.ts
// starts one per worker, each on a database of its own). Everything else is Playwright's own.
import { test as base } from "@playwright/test";
import { e2ePort } from "./ports";

export * from "@playwright/test";

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(`http://localhost:${e2ePort(testInfo.parallelIndex)}`);
  },
});
