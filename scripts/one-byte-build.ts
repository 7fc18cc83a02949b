// npm run check:one-byte-build — every character of the server build fits in one byte (Latin-1).
// V8 keeps a module's source for the life of the process (functions compile lazily from it) and
// stores a string with a single wider character at two bytes per character: one "—" in a comment
// that esbuild keeps (it escapes those of strings and regexps, not of the comments it leaves in)
// makes the 1.7 MB build/index.js hold 3.4 MB of every server process
// (docs/decisions/0056-one-byte-server-build.md). Run after `remix build` and `npm run build:server`.
import { readFileSync } from "node:fs";
import { isRunAsScript } from "./lib/run-as-script";

const FILES = ["build/index.js", "build/server.js"];

export interface WideCharacter {
  line: number;
  column: number;
  character: string;
  /** The line around it, to find it in the source. */
  context: string;
}

/** The characters of `source` beyond Latin-1 (U+00FF), with where they are. */
export function wideCharacters(source: string): WideCharacter[] {
  const found: WideCharacter[] = [];
  const lines = source.split("\n");
  lines.forEach((text, index) => {
    for (const match of text.matchAll(/[\u0100-\u{10ffff}]/gu)) {
      const column = match.index;
      found.push({ line: index + 1, column: column + 1, character: match[0], context: text.slice(Math.max(0, column - 60), column + 20).trim() });
    }
  });
  return found;
}

function main() {
  let failed = false;
  for (const file of FILES) {
    const wide = wideCharacters(readFileSync(file, "utf8"));
    if (!wide.length) {
      console.log(`ok   ${file}: one byte per character`);
      continue;
    }
    failed = true;
    console.log(`WIDE ${file}: ${wide.length} character(s) beyond Latin-1 make V8 keep it at two bytes per character. Write them in ASCII in the source (a comment) or as \\u escapes:`);
    for (const { line, column, character, context } of wide.slice(0, 20)) {
      console.log(`       ${line}:${column} U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} "${character}" in: ${context}`);
    }
  }
  if (failed) process.exitCode = 1;
}

if (isRunAsScript(import.meta.url)) main();
