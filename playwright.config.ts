// End-to-end tests: the built app (`npm run build` first; `npm test` builds once for every run),
// driven by Debian's Chromium (`npx playwright install` cannot download browsers here; see the
// engineering guide, section 4). Every spec runs twice, with JavaScript on and off: the product
// must work without JS. Each of the two workers has a server and a fresh database of its own
// (tests/e2e/fixtures.ts picks the worker's), so tests that write never meet another worker's.
//
// On SQLite the whole suite runs. TEST_DB=postgresql runs the journeys tagged @postgresql (those
// that cross the engine-specific data code: sign-up, a request and its overlap refusal, approval,
// reports, CSV import) with JavaScript on: the screens do not differ by engine, and the data layer
// runs whole on both engines in the integration suite.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_WORKERS, e2eIdpPort, e2ePort } from "./tests/e2e/ports";

const CI = Boolean(process.env.CI);
const POSTGRESQL = process.env.TEST_DB === "postgresql";

// Debian's build of Chromium's headless shell, which is what Playwright runs headless by default: the
// full browser in headless mode spent as much CPU again on its own browser process and UI
// (docs/decisions/0064, amendment). The full browser is the fallback.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const chromium = {
  ...devices["Desktop Chrome"],
  // Portuguese is the product's default language; a Portuguese browser makes that explicit
  // (the server also reads Accept-Language). Tests that need another browser language say so.
  locale: "pt-PT",
  // Not the server's zone (UTC, below): a date computed from the browser's clock would show up
  // a day off here (UTC+14), so every date a person sees must come from the server.
  timezoneId: "Pacific/Kiritimati",
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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
  grep: POSTGRESQL ? /@postgresql/ : undefined,
  // Apart per engine: the PostgreSQL journeys run beside the SQLite run, and each run empties its own.
  outputDir: POSTGRESQL ? "tests/.tmp/e2e-results-postgresql" : "tests/.tmp/e2e-results",
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: E2E_WORKERS,
  reporter: "list",
  // Generous for a busy 2-core machine; a healthy run takes a few seconds per test.
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    headless: true,
    // Traces cost a lot of CPU on a small machine: E2E_TRACE=1 records them for failing tests.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  projects: [
    // Tests tagged @once check what does not depend on scripts (the server's answers, the markup
    // every screen is rendered with), so one project runs them; @js-off-only is the reverse.
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@js-off-only/ },
    // Tests tagged @js-only exercise enhancements (drag selection) that have a no-JS path tested apart.
    // Tests tagged @phone-journey repeat a desktop journey at 390 px: with JavaScript, as phones run
    // it. Without JavaScript the journey runs on the desktop, and layout.spec.ts checks that every
    // screen fits a phone (@js-off-only) and that the no-JS menu works there.
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only|@once|@phone-journey/ },
  ].filter((project) => !POSTGRESQL || project.name === "js-on"),
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => {
    const port = e2ePort(worker);
    const dir = `tests/.tmp/e2e/${port}`;
    return {
      // A fresh database per run and worker: the server applies the migrations and seeds the demo company.
      command:
        `rm -rf ${dir} && mkdir -p ${dir} && ` +
        // TRUST_PROXY: the fuzzer (fuzz.spec.ts) names its own client addresses in X-Forwarded-For,
        // so its failed sign-ins never slow down the browsers' (which come from 127.0.0.1).
        // Billing runs against a fake Stripe started in the same process (tests/support/e2e-server.ts),
        // and so do the sign-in providers' fakes (real OpenID providers, from E2E_IDP_PORT up).
        `TZ=UTC DATABASE_URL=file:./${dir}/e2e.db CERTIFICATE_DIR=${dir}/certificates PORT=${port} E2E_IDP_PORT=${e2eIdpPort(worker)} NODE_ENV=test LOG_REQUESTS=false SEED_DEMO=always TRUST_PROXY=loopback npx tsx tests/support/e2e-server.ts`,
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: !CI,
      timeout: 60_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      // On PostgreSQL (TEST_DB=postgresql) the server stops its throwaway cluster as it exits.
      ...(POSTGRESQL ? { gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 } } : {}),
    };
  }),
});
