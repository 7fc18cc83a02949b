// The server's Node flags and malloc setting bound its memory and GC time (decisions 0031, 0049
// and 0061). They are written twice, in `npm run serve` (which the bench reads) and in the image's
// CMD and ENV; a change to one that misses the other would ship a server the bench never measured.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const serve = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { serve: string } }).scripts.serve;
const dockerfile = readFileSync("Dockerfile", "utf8");

describe("the server's flags", () => {
  it("are the same in npm run serve and in the image", () => {
    const words = serve.split(/\s+/);
    expect(words.at(-1)).toBe("build/server.js");
    const serveFlags = words.slice(words.indexOf("node") + 1, words.indexOf("build/server.js"));
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    const cmdWords = JSON.parse(cmd![1]) as string[];
    expect(cmdWords[0]).toBe("node");
    expect(cmdWords.at(-1)).toBe("build/server.js");
    expect(serveFlags.length).toBeGreaterThan(0);
    expect(cmdWords.slice(1, -1)).toEqual(serveFlags);
  });

  it("give V8 a semi-space size it keeps as written", () => {
    // V8 rounds the semi-space size up to a power of two: 6 is 8, so a 6 would say one thing and
    // do another (decision 0061).
    const size = Number(/--max-semi-space-size=(\d+)/.exec(serve)?.[1]);
    expect(size).toBeGreaterThan(0);
    expect(Number.isInteger(Math.log2(size))).toBe(true);
  });

  it("set the same malloc threshold in both", () => {
    const threshold = /MALLOC_MMAP_THRESHOLD_=(\d+)/.exec(serve)?.[1];
    expect(threshold).toBeDefined();
    // In the stage that runs the server: the image's last FROM.
    const runStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runStage).toMatch(new RegExp(`^\\s*MALLOC_MMAP_THRESHOLD_=${threshold}\\b`, "m"));
  });
});
