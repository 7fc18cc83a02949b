import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
// One worker per core: vitest's own default leaves one core idle (one worker on this 2-core machine).
const maxWorkers = availableParallelism();

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers,
    // `// @module-tag time-zones` marks a test file that must meet both far time zones (npm test runs
    // its stages in them; npm run test:time-zones runs the tagged files under each);
    // tests/unit/time-zone-tags.test.ts says which files must carry it.
    tags: [{ name: "time-zones", description: "Date and time code, run under both Pacific/Kiritimati and America/Los_Angeles." }],
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", sequence: { groupOrder: 0 }, maxWorkers },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/support/integration-setup.ts"],
          // One migrated template database per run, copied per test file; with TEST_DB=postgresql, in
          // one throwaway PostgreSQL cluster for the run (npm run test:integration:pg).
          globalSetup: ["tests/support/template-database-setup.ts"],
          // Each file gets its own migrated database (SQLite file or PostgreSQL).
          pool: "forks",
          // A worker's files share the libraries it loaded (Prisma, React, i18next...): loading them
          // in a fresh process per file was half the run's CPU. The setup file reloads the app's own
          // modules and restores the environment before each file (decision 0105).
          isolate: false,
          maxWorkers,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
