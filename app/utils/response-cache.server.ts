// Rendered responses of the signed-in screens and read APIs, kept in memory until the database
// changes. A page is a function of the database, the URL, the credentials and language the
// request carries, and today's date: when none of those changed, rendering it again gives the
// same bytes, so the second request is answered from memory. Any commit anywhere (this process,
// the CLI job, another server on the same file) changes the data version and empties the cache's
// relevance at once; time-bound inputs (token and session expiry) are covered by a short TTL.
// See docs/decisions/0010-response-cache.md.

export interface CachedResponse {
  status: number;
  headers: [string, string][];
  body: string;
  /** The CSP nonce written into the body; replaced by the new request's nonce on a hit. */
  nonce: string | null;
}

interface Entry extends CachedResponse {
  version: number;
  today: string;
  expiresAt: number;
  bytes: number;
}

/**
 * The screens and read APIs whose GET response depends only on database, URL, credentials,
 * language and date. Anything else (sign-in pages, tokens in links, exports, dev pages) is never
 * cached. `.data` is the Remix single-fetch twin of a page.
 */
const CACHEABLE_PATHS: readonly RegExp[] = [
  /^\/(my-calendar|vacations|approvals|company-calendar|national-holidays|reports|audit|company-settings)(\.data)?$/,
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

  get(key: string, version: number, today: string): CachedResponse | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || entry.today !== today || entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return null;
    }
    // Map order is the recency order: move the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, version: number, today: string, response: CachedResponse): void {
    // Strings with accents are stored two bytes per character: count the worst case.
    const bytes = 2 * (key.length + response.body.length) + 200;
    if (bytes > this.options.maxBytes / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { ...response, version, today, expiresAt: this.now() + this.options.ttlMs, bytes });
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
