// npm run test:time-zones: the test files tagged `@module-tag time-zones` (date and time code; which
// files must carry the tag is checked by tests/unit/time-zone-tags.test.ts), run again with the
// process in zones far from the suite's UTC. Only these files: the rest of the suite does not
// depend on the process's zone, and ran once already.
import { execFileSync } from "node:child_process";
import { FAR_TIME_ZONES, TIME_ZONES_TAG, testFiles } from "../tests/support/time-zone-tags";

const files = testFiles()
  .filter(({ source }) => TIME_ZONES_TAG.test(source))
  .map(({ file }) => file);
if (!files.length) throw new Error("No test file is tagged `// @module-tag time-zones`.");
for (const zone of FAR_TIME_ZONES) {
  console.log(`\n--- TZ=${zone}: ${files.length} files`);
  execFileSync("npx", ["vitest", "run", ...files], { stdio: "inherit", env: { ...process.env, TZ: zone } });
}
