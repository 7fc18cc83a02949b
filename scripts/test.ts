// npm test: the whole suite, stage by stage, each check run once where it can fail (issue 36,
// docs/decisions/0064-a-suite-that-runs-each-check-once.md). Stops at the first failing stage and
// prints how long each stage took and how many tests it ran. Each stage is also an npm script of its
// own (README, "Tests").
import { spawn } from "node:child_process";
import { FAR_TIME_ZONES } from "../tests/support/time-zone-tags";
import { isRunAsScript } from "./lib/run-as-script";

interface Stage {
  name: string;
  /** Run one after the other; the stage passes when all of them do. */
  commands: string[];
  env?: Record<string, string>;
}

/** Stages that run one after the other, beside the step's other lanes. */
type Lane = Stage[];
/** A stage, or lanes that run side by side (their output printed as each stage ends). */
type Step = Stage | { lanes: Lane[] };

const [KIRITIMATI, LOS_ANGELES] = FAR_TIME_ZONES;

export const STEPS: Step[] = [
  {
    // tsc keeps one core busy for half a minute, alone: lint and the unit tests take the other.
    lanes: [
      [{ name: "typecheck", commands: ["npm run --silent typecheck"] }],
      [
        { name: "lint", commands: ["npm run --silent lint"] },
        // Each vitest stage runs with the process in a far zone (docs/decisions/0064, "Zones"): the
        // files tagged `// @module-tag time-zones` meet both zones, every other file one of them, and
        // UTC is the e2e servers' zone. Only the tagged unit files run a second time, in the other zone.
        { name: "unit (Pacific/Kiritimati)", commands: ["npx vitest run --project unit"], env: { TZ: KIRITIMATI } },
        { name: "unit date code (America/Los_Angeles)", commands: ["npx tsx scripts/test-time-zones.ts --unit-only --zone America/Los_Angeles"] },
      ],
    ],
  },
  { name: "build and JS budget", commands: ["npm run --silent build", "npm run --silent check:js-budget"] },
  {
    // Two lanes side by side (decision 0097): whichever lane waits on a page or a socket, the other
    // uses the core. Both keep the cores busy now (alone, the e2e stage used 1,015 s of CPU in 537 s,
    // 2/3 of it Chromium's), so the step takes about their CPU over two cores, less than one after
    // the other.
    lanes: [
      [
        { name: "e2e, SQLite (JS on and off)", commands: ["npx playwright test"] },
        // The few journeys on PostgreSQL end this lane: since the integration files share their
        // workers' libraries (decision 0105) the integration lane is as long as the e2e one, and
        // the journeys run on the ports above the SQLite run's (+ 10) with one worker, so one
        // throwaway cluster (decision 0097, amendments).
        {
          name: "e2e, PostgreSQL journeys",
          commands: ["npx playwright test"],
          env: { TEST_DB: "postgresql", E2E_PORT: String(Number(process.env.E2E_PORT || 3210) + 10), E2E_WORKERS: "1" },
        },
      ],
      [
        { name: "integration, SQLite (America/Los_Angeles)", commands: ["npx vitest run --project integration"], env: { TZ: LOS_ANGELES } },
        // Through a PgBouncer in transaction mode, as docs/deploy.md runs several instances (decision
        // 0099): one run proves the data layer on PostgreSQL and behind the pooler; the e2e journeys
        // on PostgreSQL connect directly.
        {
          name: "integration, PostgreSQL through PgBouncer (Pacific/Kiritimati)",
          commands: ["npx vitest run --project integration"],
          env: { TEST_DB: "postgresql", TEST_PGBOUNCER: "1", TZ: KIRITIMATI },
        },
      ],
    ],
  },
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The test counts in a vitest or Playwright summary (each run's last lines). */
export function countsIn(output: string): Counts {
  const text = output.replace(ANSI, "");
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  // vitest: "      Tests  12 failed | 460 passed | 8 skipped (480)"
  for (const line of text.match(/^\s*Tests\s+.+\(\d+\)\s*$/gm) ?? []) {
    for (const [, n, kind] of line.matchAll(/(\d+) (passed|failed|skipped)/g)) counts[kind as keyof Counts] += Number(n);
  }
  // Playwright's list reporter: "  224 passed (7.5m)", "  2 failed", "  3 skipped"
  for (const [, n, kind] of text.matchAll(/^\s{2}(\d+) (passed|failed|skipped|flaky)(?: \(.+\))?\s*$/gm)) {
    counts[kind === "flaky" ? "failed" : (kind as keyof Counts)] += Number(n);
  }
  return counts;
}

/** Runs a command, its output passed through as it comes unless `buffered` (then only returned). */
function run(command: string, env: Record<string, string> | undefined, buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (chunk: Buffer, to: NodeJS.WriteStream) => {
      output += chunk.toString();
      if (!buffered) to.write(chunk);
    };
    child.stdout.on("data", (chunk: Buffer) => take(chunk, process.stdout));
    child.stderr.on("data", (chunk: Buffer) => take(chunk, process.stderr));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(0)} s`;
}

function printTable(rows: Row[], totalMs: number) {
  const width = Math.max("total".length, ...rows.map((row) => row.name.length));
  console.log("\n" + "stage".padEnd(width) + "  time     tests");
  for (const row of rows) {
    const { passed, failed, skipped } = row.counts;
    const tests = passed + failed + skipped ? `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}` : "";
    console.log(`${row.name.padEnd(width)}  ${seconds(row.ms).padStart(6)}   ${row.ok ? "" : "FAILED "}${tests}${row.besideOthers ? `${tests ? " " : ""}(side by side)` : ""}`);
  }
  console.log(`${"total".padEnd(width)}  ${seconds(totalMs).padStart(6)}`);
}

interface Row {
  name: string;
  ms: number;
  counts: Counts;
  ok: boolean;
  /** Ran in a lane beside others: its time overlaps theirs. */
  besideOthers?: boolean;
}

/** Runs a stage's commands one after the other, stopping at the first that fails. */
async function runStage(stage: Stage, buffered: boolean): Promise<Row> {
  const header = `\n=== ${stage.name}: ${stage.commands.join(" && ")}${stage.env ? ` (${Object.entries(stage.env).map(([k, v]) => `${k}=${v}`).join(" ")})` : ""}`;
  if (!buffered) console.log(header);
  const start = Date.now();
  const results: { code: number; output: string }[] = [];
  for (const command of stage.commands) {
    results.push(await run(command, stage.env, buffered));
    if (results.at(-1)!.code !== 0) break;
  }
  if (buffered) process.stdout.write(`${header}\n${results.map((result) => result.output).join("")}`);
  return {
    name: stage.name,
    ms: Date.now() - start,
    counts: countsIn(results.map((result) => result.output).join("\n")),
    ok: results.every((result) => result.code === 0),
  };
}

/** Runs a lane's stages one after the other, stopping at the first that fails. */
async function runLane(lane: Lane): Promise<Row[]> {
  const rows: Row[] = [];
  for (const stage of lane) {
    rows.push({ ...(await runStage(stage, true)), besideOthers: true });
    if (!rows.at(-1)!.ok) break;
  }
  return rows;
}

async function main() {
  const start = Date.now();
  const rows: Row[] = [];
  for (const step of STEPS) {
    const stepRows = "lanes" in step ? (await Promise.all(step.lanes.map(runLane))).flat() : [await runStage(step, false)];
    rows.push(...stepRows);
    const failed = stepRows.find((row) => !row.ok);
    if (failed) {
      printTable(rows, Date.now() - start);
      console.log(`\nnpm test failed at "${failed.name}".`);
      process.exit(1);
    }
  }
  printTable(rows, Date.now() - start);
  const total = rows.reduce((sum, row) => ({ passed: sum.passed + row.counts.passed, failed: sum.failed + row.counts.failed, skipped: sum.skipped + row.counts.skipped }), { passed: 0, failed: 0, skipped: 0 });
  console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
}

if (isRunAsScript(import.meta.url)) await main();
