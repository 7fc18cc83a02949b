// npm test's stage table counts the tests each stage ran from its runner's summary: a summary it
// misread would print a table that hides a failure or a stage that ran nothing.
import { describe, expect, it } from "vitest";
import { countsIn, STEPS } from "../../scripts/test";

describe("countsIn", () => {
  it("reads vitest's summary, coloured or not", () => {
    expect(countsIn("\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m473 passed\u001b[39m\u001b[22m\u001b[90m (473)\u001b[39m")).toEqual({ passed: 473, failed: 0, skipped: 0 });
    expect(countsIn("      Tests  2 failed | 632 passed | 16 skipped (650)")).toEqual({ passed: 632, failed: 2, skipped: 16 });
  });

  it("adds up the summaries of several runs", () => {
    expect(countsIn("      Tests  10 passed (10)\n...\n      Tests  3 failed | 7 passed (10)")).toEqual({ passed: 17, failed: 3, skipped: 0 });
  });

  it("reads Playwright's list reporter, with flaky tests counted as failures", () => {
    const output = ["  ✓  12 [js-on] › tests/e2e/auth.spec.ts:6:1 › signs in (2.1s)", "", "  1 failed", "    [js-off] › tests/e2e/x.spec.ts:3:1 › y", "  1 flaky", "  3 skipped", "  220 passed (7.4m)"].join("\n");
    expect(countsIn(output)).toEqual({ passed: 220, failed: 2, skipped: 3 });
  });

  it("does not count a test's own title or a file summary line", () => {
    expect(countsIn("  ✓ tests/unit/x.test.ts (3 tests) 12ms\n Test Files  47 passed (47)")).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });
});

describe("the stages", () => {
  // tests/integration/pgbouncer.test.ts proves the connections go through PgBouncer only when the
  // stage asks for it: without this, dropping the variable would skip that proof silently.
  it("run the PostgreSQL integration suite through PgBouncer", () => {
    const stages = STEPS.flatMap((step) => ("lanes" in step ? step.lanes.flat() : [step]));
    const integration = stages.filter((stage) => stage.env?.TEST_DB === "postgresql" && stage.commands.some((command) => command.includes("--project integration")));
    expect(integration).toHaveLength(1);
    expect(integration[0].env).toMatchObject({ TEST_PGBOUNCER: "1" });
  });

  // Two Playwright runs side by side would both start servers on E2E_PORT and find the other's.
  it("give e2e runs in lanes of one step ports of their own", () => {
    for (const step of STEPS) {
      if (!("lanes" in step)) continue;
      const e2e = step.lanes.flat().filter((stage) => stage.commands.some((command) => command.includes("playwright test")));
      const ports = e2e.map((stage) => stage.env?.E2E_PORT ?? process.env.E2E_PORT ?? "3210");
      expect(new Set(ports).size).toBe(e2e.length);
    }
  });
});
