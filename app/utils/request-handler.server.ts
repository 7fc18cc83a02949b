// The Express → Remix bridge. Requests the response cache may answer (response-cache.server.ts)
// are rendered here into a whole body, kept, and served from memory while the data version, the
// date and the TTL allow; every other request is rendered by Remix and streamed out as its adapter
// would, except that the body is the one the request guards read and bounded.
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type express from "express";
import { runInRequestScope } from "./request-scope.server";
import { assemble, assembleGzip, cacheKeyOf, isStorable, storedBody, type CachedResponse, type Freshness, type ResponseCache } from "./response-cache.server";

export interface ResponseCaching {
  store: ResponseCache;
  /** Changes on every commit to the database (data-version.server.ts). */
  dataVersion: () => number;
  /** Changes on every commit that touches one company's rows. */
  companyVersion: (companyId: string) => number;
  /** Today's date where the company is: pages show "today" and count from it. */
  today: () => string;
}

type LoadContext = AppLoadContext & { cspNonce: string };
type GetLoadContext = (req: express.Request, res: express.Response) => LoadContext;

interface CachingHandlerOptions {
  /** Renders a request the cache may keep (Remix's fetch handler in the app). */
  render: (request: Request, loadContext: LoadContext) => Promise<Response>;
  /** Answers every other request. */
  fallback: express.RequestHandler;
  getLoadContext: GetLoadContext;
  caching: ResponseCaching;
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders stop when the client goes away before the answer is written.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // Read and bounded by the request guards (request-guards.server.ts); a stream without them.
    if (Buffer.isBuffer(req.body)) init.body = req.body as Uint8Array<ArrayBuffer>;
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, init);
}

/** Remix for every request the cache does not answer. */
export function createDirectHandler(render: CachingHandlerOptions["render"], getLoadContext: GetLoadContext): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await render(toFetchRequest(req, res), getLoadContext(req, res));
      // As @remix-run/express sends it.
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

function sendKept(req: express.Request, res: express.Response, hit: CachedResponse, nonce: string, state: "hit" | "miss") {
  res.status(hit.status);
  for (const [name, value] of hit.headers) res.setHeader(name, value);
  res.setHeader("X-Response-Cache", state);
  res.vary("Accept-Encoding");
  // Already compressed: the compression middleware leaves a response with an encoding alone.
  const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const chunks = gzip ? assembleGzip(hit, nonce) : assemble(hit.parts, nonce);
  res.setHeader("Content-Length", chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  // One write to the socket for all the chunks.
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  process.nextTick(() => res.uncork());
}

/** The Remix handler of the app, with the response cache in front when there is one. */
export function createAppRequestHandler(options: {
  build: ServerBuild;
  mode: string;
  getLoadContext: GetLoadContext;
  caching: ResponseCaching | null;
}): express.RequestHandler {
  const { build, mode, getLoadContext, caching } = options;
  const render = createRemixHandler(build, mode);
  const direct = createDirectHandler(render, getLoadContext);
  if (!caching) return direct;
  return createCachingHandler({ render, fallback: direct, getLoadContext, caching });
}

export function createCachingHandler({ render, fallback, getLoadContext, caching }: CachingHandlerOptions): express.RequestHandler {
  // Renders under way, so simultaneous misses of one page (a burst of reloads, every open tab
  // after a change) wait for the first render instead of each rendering it again.
  const rendering = new Map<string, Promise<CachedResponse | null>>();

  return async (req, res, next) => {
    const key = cacheKeyOf({
      method: req.method,
      host: req.get("host") ?? "",
      url: req.originalUrl,
      cookie: req.get("cookie"),
      authorization: req.get("authorization"),
      acceptLanguage: req.get("accept-language"),
    });
    if (!key) return fallback(req, res, next);
    try {
      // Read before rendering: a commit while the page renders makes the kept copy stale at once.
      const version = caching.dataVersion();
      const today = caching.today();
      const loadContext = getLoadContext(req, res);
      const isCurrent = (kept: Freshness) =>
        kept.dataVersion === version || (kept.companyId !== null && caching.companyVersion(kept.companyId) === kept.companyVersion);
      const hit = caching.store.get(key, today, isCurrent);
      if (hit) {
        sendKept(req, res, hit, loadContext.cspNonce, "hit");
        return;
      }
      const flight = `${version}\n${today}\n${key}`;
      const shared = await rendering.get(flight);
      if (shared) {
        sendKept(req, res, shared, loadContext.cspNonce, "hit");
        return;
      }
      let settle: (kept: CachedResponse | null) => void = () => {};
      rendering.set(flight, new Promise((resolve) => (settle = resolve)));
      try {
        // The company's counter is read when the sign-in check names the company, before the
        // page reads that company's data; a later write to it raises the counter past this one.
        const freshness: Freshness = { dataVersion: version, companyId: null, companyVersion: 0 };
        let severalCompanies = false;
        const scope = {
          noteCompany(companyId: string) {
            if (freshness.companyId === null && !severalCompanies) {
              freshness.companyId = companyId;
              freshness.companyVersion = caching.companyVersion(companyId);
            } else if (companyId !== freshness.companyId) {
              severalCompanies = true;
              freshness.companyId = null;
            }
          },
        };
        const response = await runInRequestScope(scope, () => render(toFetchRequest(req, res), loadContext));
        const body = await response.text();
        if (isStorable(response.status, response.headers)) {
          const headers = [...response.headers].filter(([name]) => name !== "content-length");
          const kept: CachedResponse = { status: response.status, headers, ...storedBody(body, loadContext.cspNonce) };
          caching.store.set(key, today, freshness, kept);
          settle(kept);
          // Sent from what was kept: already compressed, no second compression of the page.
          sendKept(req, res, kept, loadContext.cspNonce, "miss");
          return;
        }
        res.status(response.status);
        for (const [name, value] of response.headers) {
          if (name === "content-length") continue;
          if (name === "set-cookie") res.append(name, value);
          else res.setHeader(name, value);
        }
        res.setHeader("X-Response-Cache", "miss");
        res.end(body);
      } finally {
        settle(null);
        rendering.delete(flight);
      }
    } catch (error) {
      next(error);
    }
  };
}
