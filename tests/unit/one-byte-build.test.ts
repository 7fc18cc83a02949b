// scripts/one-byte-build.ts finds what would make V8 store the server build at two bytes per character.
import { describe, expect, it } from "vitest";
import { wideCharacters } from "../../scripts/one-byte-build";

describe("characters beyond Latin-1 in the server build", () => {
  it("finds none in ASCII and Latin-1 text (Portuguese and Spanish letters are one byte)", () => {
    expect(wideCharacters('const a = "Férias de verão";\n// año, ação\nconst b = "\\u2014";')).toEqual([]);
  });

  it("finds each wider character, with its line, column and surroundings", () => {
    const found = wideCharacters('const a = 1;\n  // starts again at "—" rather than\nconst b = "…"; const c = "😀";');
    expect(found.map(({ line, column, character }) => ({ line, column, character }))).toEqual([
      { line: 2, column: 23, character: "—" },
      { line: 3, column: 12, character: "…" },
      { line: 3, column: 27, character: "😀" },
    ]);
    expect(found[0].context).toBe('// starts again at "—" rather than');
  });
});
