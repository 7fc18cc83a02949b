// Rendered responses of the signed-in screens and read APIs, kept in memory until the database
// changes. A page is a function of the database, the URL, the credentials and language the
// request carries, and today's date: when none of those changed, rendering it again gives the
// same bytes, so the second request is answered from memory until a commit changes the data the
// page is about: the page's company (counters kept by triggers), or for pages about no single
// company, anything at all (SQLite's data version). Time-bound inputs (token and session expiry)
// are covered by a short TTL.
// See docs/decisions/0010-response-cache.md.

import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A kept response. The body is stored split where the CSP nonce was written, so every hit gets
 * a fresh nonce; it is also stored gzip-compressed once, part by part, so a hit costs no
 * compression (see assembleGzip).
 */
export interface CachedResponse {
  status: number;
  headers: [string, string][];
  parts: Buffer[];
  gzipSegments: Buffer[];
}

/** What a kept response was rendered from: it stays good while either still holds. */
export interface Freshness {
  /** The database's data version when the render began. */
  dataVersion: number;
  /** The one company the page is about (null: none noted, or several) and its counter then. */
  companyId: string | null;
  companyVersion: number;
}

interface Entry extends CachedResponse {
  freshness: Freshness;
  today: string;
  expiresAt: number;
  bytes: number;
}

/**
 * The screens and read APIs whose GET response depends only on database, URL, credentials,
 * language and date, and that read only the signed-in user's company (a kept page is dropped when
 * that company's data changes). Anything else (sign-in pages, tokens in links, exports, dev pages,
 * master-wide pages such as audit and companies/all) is never cached. `.data` is the Remix
 * single-fetch twin of a page.
 */
const CACHEABLE_PATHS: readonly RegExp[] = [
  /^\/(my-calendar|vacations|approvals|company-calendar|national-holidays|reports|company-settings)(\.data)?$/,
  /^\/api\/(vacations|vacations\/search|vacations\/pending-approvals|users|users\/me|users\/me\/allowances-summary|absence-categories|companies\/me|reports\/vacations)$/,
];

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

export interface RequestIdentity {
  method: string;
  host: string;
  /** Path and query as sent. */
  url: string;
  cookie?: string;
  authorization?: string;
  acceptLanguage?: string;
}

/**
 * The cache key of a request, or null when it must not be cached: only GETs of cacheable paths
 * that carry credentials (anonymous ones are redirects). Everything that can change what the page
 * shows is part of the key, so one person's page can never be served to another.
 */
export function cacheKeyOf(request: RequestIdentity): string | null {
  if (request.method !== "GET") return null;
  if (!request.cookie && !request.authorization) return null;
  const pathname = request.url.split("?", 1)[0];
  if (!isCacheablePath(pathname)) return null;
  return [request.host, request.url, request.cookie ?? "", request.authorization ?? "", request.acceptLanguage ?? ""].join("\n");
}

export interface ResponseCacheOptions {
  /** Upper bound of the bodies kept, in bytes; the least recently used go first. */
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept response, if it was rendered today, within the TTL, and `isCurrent` accepts it. */
  get(key: string, today: string, isCurrent: (freshness: Freshness) => boolean): CachedResponse | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.today !== today || entry.expiresAt <= this.now() || !isCurrent(entry.freshness)) {
      this.remove(key, entry);
      return null;
    }
    // Map order is the recency order: move the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, today: string, freshness: Freshness, response: CachedResponse): void {
    const bytes = 2 * key.length + [...response.parts, ...response.gzipSegments].reduce((sum, part) => sum + part.length, 0) + 200;
    // One page never takes more than a quarter of the room.
    if (bytes > this.options.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { ...response, freshness, today, expiresAt: this.now() + this.options.ttlMs, bytes });
    this.bytes += bytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Whether a freshly rendered response may be kept: a plain success that sets no cookie. */
export function isStorable(status: number, headers: Headers): boolean {
  return status === 200 && !headers.has("Set-Cookie") && !headers.has("Location");
}

/** A rendered body as stored: the text around each occurrence of the nonce, compressed too. */
export function storedBody(body: string, nonce: string | null): Pick<CachedResponse, "parts" | "gzipSegments"> {
  const parts = (nonce ? body.split(nonce) : [body]).map((text) => Buffer.from(text, "utf8"));
  // Every part but the last ends with a sync flush (byte-aligned, not final), so compressed parts
  // can be joined with stored blocks between them; the last one closes the stream.
  const gzipSegments = parts.map((part, index) =>
    deflateRawSync(part, { level: 6, finishFlush: index < parts.length - 1 ? constants.Z_SYNC_FLUSH : constants.Z_FINISH }),
  );
  return { parts, gzipSegments };
}

/**
 * The body with this response's nonce written back, as chunks to write in order: the stored
 * parts themselves, never copied (a hit allocates only the few bytes around them).
 */
export function assemble(parts: readonly Buffer[], nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const chunks: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) chunks.push(nonceBytes);
    chunks.push(part);
  });
  return chunks;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/** A deflate "stored" (uncompressed) block, not final, at a byte boundary (RFC 1951 §3.2.4). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/**
 * The gzip body with this response's nonce (RFC 1952), as chunks: the compressed parts with the nonce as
 * stored blocks between them, and the checksum and length of the whole text. Costs a checksum,
 * not a compression.
 */
export function assembleGzip(cached: Pick<CachedResponse, "parts" | "gzipSegments">, nonce: string): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const nonceBlock = storedBlock(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let length = 0;
  cached.gzipSegments.forEach((segment, index) => {
    if (index > 0) {
      chunks.push(nonceBlock);
      checksum = crc32(nonceBytes, checksum);
      length += nonceBytes.length;
    }
    chunks.push(segment);
    // An empty part is skipped: zlib's crc32 of a buffer without memory behind it (what
    // Buffer.from("") gives) returns 0 rather than the running value.
    if (cached.parts[index].length > 0) checksum = crc32(cached.parts[index], checksum);
    length += cached.parts[index].length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}
