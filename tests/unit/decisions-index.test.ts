// docs/decisions/README.md is the index of the decisions: one line per decision with its status. A
// decision added, or superseded, without its line changing leaves readers following a rule that
// no longer holds.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "docs/decisions";
const decisions = readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .map((name) => ({ name, number: name.slice(0, 4), text: readFileSync(path.join(DIR, name), "utf8") }));
const index = readFileSync(path.join(DIR, "README.md"), "utf8");

/** The index's line for a decision: `| [0001](0001-....md) | title | status |`. */
function indexLine(name: string): string | undefined {
  return index.split("\n").find((line) => line.includes(`](${name})`));
}

/** "superseded" or "accepted", as the decision's own Status line says (no line: accepted). */
function statusOf(text: string): string {
  const status = /^(?:Date: [^.]+\. )?Status: (.+)$/m.exec(text)?.[1].toLowerCase() ?? "accepted";
  return status.startsWith("superseded") ? "superseded" : "accepted";
}

describe("the decisions' index", () => {
  it("lists every decision once, by its file", () => {
    expect(decisions.length).toBeGreaterThan(60);
    for (const { name } of decisions) expect(index.split(`](${name})`).length - 1, name).toBe(1);
  });

  it("says a decision is superseded exactly when the decision says so", () => {
    for (const { name, text } of decisions) {
      const line = indexLine(name)!;
      const indexed = /\|\s*superseded/i.test(line) ? "superseded" : "accepted";
      expect(indexed, `${name}: "${line}"`).toBe(statusOf(text));
    }
  });
});
