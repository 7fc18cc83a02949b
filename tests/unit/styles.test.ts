// The one stylesheet grows at its end from several branches; a merge once dropped a closing
// brace there, and the browser silently ignored every rule after it (the Users tab and absence
// types lost their layout). Balanced braces are the cheap check that catches it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("app.css", () => {
  it("closes every block it opens, in order", () => {
    const css = readFileSync("app/styles/app.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    let depth = 0;
    for (const [index, char] of [...css].entries()) {
      if (char === "{") depth += 1;
      if (char === "}") depth -= 1;
      expect(depth, `unbalanced at character ${index}`).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });
});
