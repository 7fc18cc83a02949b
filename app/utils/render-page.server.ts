import type { EntryContext } from "@remix-run/node";

/** What Remix's `StreamTransfer` keeps of each chunk it has read: the read's promise, settled. */
type ReadChunk = Promise<void> & { result: { done: boolean; value: string } };

/**
 * Reads the loader data that Remix streams into the page (single fetch's turbo-stream) to its end,
 * and leaves each chunk where Remix's `StreamTransfer` looks for a chunk it has already read
 * (`renderMeta.streamCache`, one entry per chunk, in order), so that rendering the page never
 * waits for data and React's string renderer can render it in one pass. Without this the
 * transfer suspends on its first read and a string render leaves the data out.
 *
 * Data that is still not complete after `timeoutMs` (a loader that returned a promise that never
 * settles) fails the render instead of holding the request forever: turbo-stream's own timeout
 * stops counting when the client goes away.
 *
 * Relies on Remix 2's `StreamTransfer` (@remix-run/react, single-fetch.js): re-check when
 * upgrading; `tests/integration/page-render.test.ts` fails if the data goes missing.
 */
export async function readLoaderDataAhead(context: EntryContext, timeoutMs: number): Promise<void> {
  const stream = context.serverHandoffStream;
  const renderMeta = (context as { renderMeta?: { streamCache?: Record<number, ReadChunk> } }).renderMeta;
  if (!stream || !renderMeta) return;
  const reader = stream.getReader();
  let timedOut = false;
  // Cancelling ends the pending read (as done), so the loop below stops.
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, timeoutMs);
  const decoder = new TextDecoder();
  const cache: Record<number, ReadChunk> = {};
  try {
    for (let identifier = 0; ; identifier++) {
      const { done, value } = await reader.read();
      const chunk = Promise.resolve() as ReadChunk;
      chunk.result = { done, value: decoder.decode(value, { stream: true }) };
      cache[identifier] = chunk;
      if (done) break;
    }
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) throw new Error(`The page's loader data was not complete after ${timeoutMs} ms`);
  // RemixServer takes a reader of its own; the stream is read to its end, so it finds it closed.
  reader.releaseLock();
  renderMeta.streamCache = cache;
}
