// The loader data read ahead of a string render (decision 0039): every chunk kept, in order, in the
// shape Remix's StreamTransfer reads, and data that never completes fails the render in time. The
// page rendered in segments and encoded segment by segment (decision 0044) is the same page.
import type { EntryContext } from "@remix-run/node";
import { renderToString, renderToStringSegments } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageBytes, readLoaderDataAhead } from "~/utils/render-page.server";

type Cache = Record<number, { result: { done: boolean; value: string } }>;

function contextOf(stream: ReadableStream<Uint8Array>) {
  const renderMeta: { streamCache?: Cache } = {};
  return { context: { serverHandoffStream: stream, renderMeta } as unknown as EntryContext, renderMeta };
}

describe("readLoaderDataAhead", () => {
  it("keeps every chunk in order, then the end, and leaves the stream for Remix's own reader", async () => {
    const bytes = new TextEncoder().encode('[{"name":"Zoë"}]');
    // The "ë" split across two chunks: decoded as one character, as a streaming decoder does.
    const cut = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const { context, renderMeta } = contextOf(stream);
    await readLoaderDataAhead(context, 1000);
    const cache = renderMeta.streamCache!;
    expect(Object.keys(cache)).toEqual(["0", "1", "2"]);
    expect(cache[0].result.value + cache[1].result.value).toBe('[{"name":"Zoë"}]');
    expect(cache[2].result).toEqual({ done: true, value: "" });
    expect(cache[0].result.done).toBe(false);
    // RemixServer calls getReader() on it: it must not be locked.
    expect(() => stream.getReader()).not.toThrow();
  });

  it("fails when the data is not complete in time, rather than holding the request", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("[1,"));
        // …and never closes: a loader's promise that never settles.
      },
    });
    const { context, renderMeta } = contextOf(stream);
    const started = Date.now();
    await expect(readLoaderDataAhead(context, 50)).rejects.toThrow("not complete after 50 ms");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(renderMeta.streamCache).toBeUndefined();
  });
});

describe("a page in segments (decision 0044)", () => {
  // Thousands of small pieces with characters beyond Latin-1 and a surrogate pair, as a month grid.
  const page = (
    <html lang="pt">
      <body>
        {Array.from({ length: 3000 }, (_, i) => (
          <p key={i} title={`Dia ${i} – “férias” 🏖`}>
            {`${i} ✓ ção`}
          </p>
        ))}
      </body>
    </html>
  );

  it("renders the same markup as renderToString, cut into segments of about 16 K characters", () => {
    const whole = renderToString(page);
    const segments = renderToStringSegments(page);
    expect(segments.join("")).toBe(whole);
    expect(whole.length).toBeGreaterThan(100_000);
    expect(segments.length).toBeGreaterThan(5);
    // Each segment ends as soon as it passes 16,384 characters: one small piece more at most.
    for (const segment of segments) expect(segment.length).toBeLessThan(16_384 + 200);
  });

  it("writes every kind of text as Buffer.from would, the widest (3 bytes a unit) included", () => {
    const kinds = ["plain ASCII", "Latin-1: ação, señor", "3 bytes: – € ✓", "4 bytes: 😀🎉", "a lone surrogate: \ud800!", "€".repeat(20_000)];
    for (const segments of [kinds, ["€".repeat(16_384), "€".repeat(16_384)], [""], []]) {
      const bytes = pageBytes(segments);
      expect(bytes.equals(Buffer.from(segments.join("")))).toBe(true);
      expect(bytes.byteLength).toBe(Buffer.byteLength(segments.join("")));
    }
  });

  it("a small page is one segment", () => {
    expect(renderToStringSegments(<p>Olá</p>)).toEqual([renderToString(<p>Olá</p>)]);
  });

  it("encodes the segments as the UTF-8 of the whole page: a segment never ends inside a surrogate pair", () => {
    const segments = renderToStringSegments(page);
    const endsInHighSurrogate = (segment: string) => /[\ud800-\udbff]$/.test(segment);
    expect(segments.filter(endsInHighSurrogate)).toEqual([]);
    expect(pageBytes(["<!DOCTYPE html>", ...segments]).equals(Buffer.from(`<!DOCTYPE html>${segments.join("")}`))).toBe(true);
  });
});
