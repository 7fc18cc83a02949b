// React 18's streaming renderer writes NUL bytes where a multi-byte character meets the end of its
// 2 KB buffer (facebook/react#24985): pages are collected by pageBytes, which drops them. Texts of "ç" (two bytes) after every offset make some "ç" meet a buffer's end.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageBytes } from "~/utils/html-stream.server";

function Page({ offset }: { offset: number }) {
  return (
    <p>
      {"x".repeat(offset)}
      {Array.from({ length: 1500 }, (_, index) => (
        <span key={index}>ç</span>
      ))}
    </p>
  );
}

/** The page as React pipes it, or as pageBytes collects it. */
function streamed(offset: number, collect: "as written" | "pageBytes"): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<Page offset={offset} />, {
      onAllReady() {
        if (collect === "pageBytes") {
          pageBytes(pipe).then((bytes) => resolve(Buffer.from(bytes).toString("utf8")), reject);
          return;
        }
        const through = new PassThrough();
        text(through).then(resolve, reject);
        pipe(through);
      },
      onShellError: reject,
    });
  });
}

const OFFSETS = Array.from({ length: 8 }, (_, offset) => offset);

describe("a page streamed by React 18", () => {
  it("holds NUL bytes as React writes it (the renderer's bug this works around)", async () => {
    const pages = await Promise.all(OFFSETS.map((offset) => streamed(offset, "as written")));
    expect(pages.some((page) => page.includes("\0"))).toBe(true);
  });

  it("is the page's own markup once the NUL bytes are dropped, whatever the offset", async () => {
    for (const offset of OFFSETS) {
      const page = await streamed(offset, "pageBytes");
      expect(page, `offset ${offset}`).not.toContain("\0");
      expect(page, `offset ${offset}`).toBe(renderToStaticMarkup(<Page offset={offset} />));
    }
  });
});
