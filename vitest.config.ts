import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/support/integration-setup.ts"],
          // TEST_DB=postgresql: one throwaway PostgreSQL cluster for the run (npm run test:integration:pg).
          globalSetup: ["tests/support/postgresql-global-setup.ts"],
          // Each file gets its own migrated database (SQLite file or PostgreSQL); two workers on two cores.
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
