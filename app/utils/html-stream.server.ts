import { Writable } from "node:stream";

/**
 * A chunk as React's streaming renderer writes it, without the NUL bytes React 18 adds where a
 * multi-byte character does not fit at the end of its 2 KB buffer: it sends the whole buffer, its
 * unwritten last bytes (1 to 3, zeros) included (facebook/react#24985; fixed by facebook/react#26228
 * in React 19, not in 18.3.1). In an attribute the browser reads each as U+FFFD ("ter�ça-feira" in
 * a day's name). A page never holds a NUL byte of its own, so the zeros that end a chunk are dropped.
 */
function withoutTrailingNulBytes(chunk: Buffer): Buffer {
  let end = chunk.byteLength;
  while (end > 0 && chunk.byteLength - end < 3 && chunk[end - 1] === 0) end--;
  return end === chunk.byteLength ? chunk : chunk.subarray(0, end);
}

/**
 * The whole page React pipes, as one buffer. The page is complete when piping starts (onAllReady),
 * so nothing is gained by passing on its 2 KB chunks one by one: each was a trip through a web
 * stream, the compressor and the socket.
 */
export function pageBytes(pipe: (destination: Writable) => void): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(withoutTrailingNulBytes(chunk));
        done();
      },
      final(done) {
        const page = Buffer.concat(chunks);
        resolve(new Uint8Array(page.buffer as ArrayBuffer, page.byteOffset, page.byteLength));
        done();
      },
    });
    sink.on("error", reject);
    pipe(sink);
  });
}
