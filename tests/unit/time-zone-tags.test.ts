// The far-time-zone reruns (npm run test:time-zones) run only the test files tagged
// `@module-tag time-zones`. A file that imports a date module without the tag would silently leave
// its dates unchecked under UTC+14 and Los Angeles, so this test names it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TIME_ZONES_TAG as TAG, testFiles } from "../support/time-zone-tags";

/** The modules whose results could depend on the process's time zone if written carelessly. */
const DATE_MODULES = ["dates", "zoned-time", "format", "working-days", "holiday-dates", "holiday-spans", "month-param", "year-param", "calendar-feeds", "work-schedule", "leave-year", "leave-charge"];
const IMPORTS_DATE_MODULE = new RegExp(`from ["'](~/lib/|(\\.\\./)+app/lib/)(${DATE_MODULES.join("|")})["']`);

describe("time-zone tags", () => {
  // This file's own examples below would count as imports.
  const files = testFiles().filter(({ file }) => path.resolve(file) !== import.meta.filename);

  it("every test file that imports a date module is tagged for the far-zone reruns", () => {
    const untagged = files.filter(({ source }) => IMPORTS_DATE_MODULE.test(source) && !TAG.test(source)).map(({ file }) => file);
    expect(untagged).toEqual([]);
  });

  it("recognises an import of a date module, and the tag, as written in the test files", () => {
    expect(IMPORTS_DATE_MODULE.test(`import { addDays } from "~/lib/dates";`)).toBe(true);
    expect(IMPORTS_DATE_MODULE.test(`import { zonedDayStart } from '../../app/lib/zoned-time';`)).toBe(true);
    expect(IMPORTS_DATE_MODULE.test(`import { csvRows } from "~/lib/csv";`)).toBe(false);
    expect(IMPORTS_DATE_MODULE.test(`import { x } from "~/lib/dates-extra";`)).toBe(false);
    expect(TAG.test("// @module-tag time-zones (rerun)\nimport x from 'y';")).toBe(true);
  });

  it("tags both unit and integration files, so both run again under the far zones", () => {
    const tagged = files.filter(({ source }) => TAG.test(source)).map(({ file }) => file);
    expect(tagged.some((file) => file.startsWith("tests/unit"))).toBe(true);
    expect(tagged.some((file) => file.startsWith("tests/integration"))).toBe(true);
  });
});
