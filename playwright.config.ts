// End-to-end tests: the built app on a fresh SQLite database, driven by Debian's Chromium
// (`npx playwright install` cannot download browsers here; see the engineering guide, section 4).
// Every spec runs twice, with JavaScript on and off: the product must work without JS.
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two checkouts run the suite side by side on one machine.
const PORT = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

const chromium = {
  ...devices["Desktop Chrome"],
  // Portuguese is the product's default language; a Portuguese browser makes that explicit
  // (the server also reads Accept-Language). Tests that need another browser language say so.
  locale: "pt-PT",
  // Not the server's zone (UTC, below): a date computed from the browser's clock would show up
  // a day off here (UTC+14), so every date a person sees must come from the server.
  timezoneId: "Pacific/Kiritimati",
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // The gates of what a person sees (axe, keyboard, the browser's time zone) check the rendered
  // screens, which are the same on either engine; the second run on PostgreSQL skips them to keep
  // CI within its time (both engines' dates and queries are covered by the integration tests).
  testIgnore: process.env.TEST_DB === "postgresql" ? ["**/accessibility.spec.ts", "**/keyboard.spec.ts", "**/time-zones.spec.ts"] : [],
  outputDir: "tests/.tmp/e2e-results",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  reporter: "list",
  // Generous for a busy 2-core machine; a healthy run takes a few seconds per test.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    // Traces cost a lot of CPU on a small machine: E2E_TRACE=1 records them for failing tests.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    // Tests tagged @js-only exercise enhancements (drag selection) that have a no-JS path tested apart;
    // tests tagged @once drive the server without a browser (the fuzzer), so one project runs them.
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only|@once/ },
  ],
  webServer: {
    // A fresh database per run: the server applies the migrations and seeds the demo company.
    // Expects a built app (`npm run test:e2e` runs `remix build` first).
    command:
      "rm -rf tests/.tmp/e2e && mkdir -p tests/.tmp/e2e && " +
      // TRUST_PROXY: the fuzzer (fuzz.spec.ts) names its own client addresses in X-Forwarded-For,
      // so its failed sign-ins never slow down the browsers' (which come from 127.0.0.1).
      // Billing runs against a fake Stripe started in the same process (tests/support/e2e-server.ts).
      `TZ=UTC DATABASE_URL=file:./tests/.tmp/e2e/e2e.db PORT=${PORT} NODE_ENV=test LOG_REQUESTS=false SEED_DEMO=always TRUST_PROXY=loopback npx tsx tests/support/e2e-server.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // On PostgreSQL (TEST_DB=postgresql) the server stops its throwaway cluster as it exits.
    ...(process.env.TEST_DB === "postgresql" ? { gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 } } : {}),
  },
});
