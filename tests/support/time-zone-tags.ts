// The tag that marks a test file for the far-time-zone reruns (npm run test:time-zones), and the
// test files it may stand in. Read by that script and by tests/unit/time-zone-tags.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const TIME_ZONES_TAG = /^\/\/ @module-tag time-zones\b/m;

/** UTC+14, where "today" is a day ahead of most of the world, and UTC−8/−7 with daylight saving. */
export const FAR_TIME_ZONES = ["Pacific/Kiritimati", "America/Los_Angeles"];

/** Every unit and integration test file, with its source. */
export function testFiles(): { file: string; source: string }[] {
  return ["tests/unit", "tests/integration"].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => path.join(dir, name))
      .map((file) => ({ file, source: readFileSync(file, "utf8") })),
  );
}
