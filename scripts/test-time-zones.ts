// npm run test:time-zones: the test files tagged `@module-tag time-zones` (date and time code; which
// files must carry the tag is checked by tests/unit/time-zone-tags.test.ts), run with the process in
// each zone far from UTC. `--zone Z` runs one zone, `--unit-only` only the unit files: npm test runs
// its vitest stages in these zones already and needs only the tagged unit files in the second one
// (docs/decisions/0064, "Zones").
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { FAR_TIME_ZONES, TIME_ZONES_TAG, testFiles } from "../tests/support/time-zone-tags";

const { values } = parseArgs({ options: { zone: { type: "string", multiple: true }, "unit-only": { type: "boolean", default: false } } });
const zones = values.zone ?? FAR_TIME_ZONES;
const unknown = zones.filter((zone) => !FAR_TIME_ZONES.includes(zone));
if (unknown.length) throw new Error(`Not one of the far time zones (${FAR_TIME_ZONES.join(", ")}): ${unknown.join(", ")}`);

const files = testFiles()
  .filter(({ file, source }) => TIME_ZONES_TAG.test(source) && (!values["unit-only"] || file.startsWith("tests/unit/")))
  .map(({ file }) => file);
if (!files.length) throw new Error("No test file is tagged `// @module-tag time-zones`.");
for (const zone of zones) {
  console.log(`\n--- TZ=${zone}: ${files.length} files`);
  execFileSync("npx", ["vitest", "run", ...files], { stdio: "inherit", env: { ...process.env, TZ: zone } });
}
