// Compression of the app's own answers (pages, data, API, exports), which are made whole in memory:
// one synchronous call on the whole body. The compression middleware (kept for static files) opens
// a zlib stream per response instead, and a stream cost 0.7–1 ms of CPU per page under the server's
// malloc settings against 0.03–0.2 ms for one call (decision 0047).
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from "node:zlib";
import compressible from "compressible";
import Negotiator from "negotiator";

// What the compression middleware would not compress either: a few hundred bytes gain nothing.
const THRESHOLD = 1024;
// Gzip at level 1 before brotli, though browsers accept both: brotli's encoder allocates ~400 KB of
// fresh memory per call, and the page faults made it cost 2.5–3.6 ms of server CPU per page under
// load (against ~0.1–0.2 ms for gzip) for 8 % fewer bytes. Brotli only for a client without gzip.
const ENCODINGS = ["gzip", "br", "identity"];
// Between encodings the client rates alike, ours decides (the client's order would otherwise win).
const PREFERRED = ["gzip", "br"];
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;
// A large export (up to 100,000 rows of CSV, several MB) is compressed on libuv's thread pool
// instead: tens of milliseconds in one call would hold every other request of the process.
const THREAD_POOL_FROM = 1024 * 1024;
const gzipOnPool = promisify<Uint8Array, ZlibOptions, Buffer>(gzip);
const brotliOnPool = promisify<Uint8Array, BrotliOptions, Buffer>(brotliCompress);

export interface EncodedBody {
  body: Uint8Array;
  /** Content-Encoding to send, when the body was compressed. */
  encoding?: "br" | "gzip";
  /** Whether the answer depends on Accept-Encoding (so caches must key on it). */
  vary: boolean;
}

// negotiator 0.6.4 takes the server's preference too; @types/negotiator does not know it yet.
type PreferringNegotiator = { encoding(available: readonly string[], preferred: readonly string[]): string | undefined };

interface EncodingRequest {
  method: string;
  headers: { "accept-encoding"?: string };
}

/**
 * The body as the client should receive it: compressed when its type is text-like, it is large
 * enough, nothing encoded or forbade transforming it already, and the client accepts gzip or br.
 * `headers` are the response's (Content-Type, Content-Encoding, Cache-Control).
 */
export async function encodeBody(request: EncodingRequest, status: number, headers: Headers, body: Uint8Array): Promise<EncodedBody> {
  const type = headers.get("Content-Type");
  if (status === 204 || status === 304 || !type || !compressible(type)) return { body, vary: false };
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")) return { body, vary: false };
  if (headers.has("Content-Encoding") || request.method === "HEAD" || body.byteLength < THRESHOLD) return { body, vary: true };
  const encoding = (new Negotiator(request) as PreferringNegotiator).encoding(ENCODINGS, PREFERRED);
  const onPool = body.byteLength >= THREAD_POOL_FROM;
  if (encoding === "gzip") {
    const options = { level: GZIP_LEVEL };
    return { body: onPool ? await gzipOnPool(body, options) : gzipSync(body, options), encoding, vary: true };
  }
  if (encoding === "br") {
    const options = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } };
    return { body: onPool ? await brotliOnPool(body, options) : brotliCompressSync(body, options), encoding, vary: true };
  }
  return { body, vary: true };
}
