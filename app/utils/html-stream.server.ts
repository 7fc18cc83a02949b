import { Transform } from "node:stream";

/**
 * The page's bytes as React's streaming renderer writes them, without the NUL bytes React 18 adds
 * where a multi-byte character does not fit at the end of its 2 KB buffer: it sends the whole
 * buffer, its unwritten last bytes (1 to 3, zeros) included (facebook/react#24985; fixed by
 * facebook/react#26228 in React 19, not in 18.3.1). In an attribute the browser reads each as
 * U+FFFD ("ter�ça-feira" in a day's name). A page never holds a NUL byte of its own, so the zeros
 * that end a chunk are dropped.
 */
export function withoutTrailingNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let end = chunk.byteLength;
      while (end > 0 && chunk.byteLength - end < 3 && chunk[end - 1] === 0) end--;
      done(null, end === chunk.byteLength ? chunk : chunk.subarray(0, end));
    },
  });
}
