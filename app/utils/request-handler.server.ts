// The Express → Remix bridge. Requests the response cache may answer (response-cache.server.ts)
// are rendered here into a whole body, kept, and served from memory while the data version, the
// date and the TTL allow; every other request goes through Remix's own Express adapter unchanged.
import { createRequestHandler as createExpressHandler } from "@remix-run/express";
import { createRequestHandler as createRemixHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";
import { cacheKeyOf, isStorable, type CachedResponse, type ResponseCache } from "./response-cache.server";

export interface ResponseCaching {
  store: ResponseCache;
  /** Changes on every commit to the database (data-version.server.ts). */
  dataVersion: () => number;
  /** Today's date where the company is: pages show "today" and count from it. */
  today: () => string;
}

interface HandlerOptions {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext & { cspNonce: string };
  caching: ResponseCaching | null;
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
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
  });
}

function send(res: express.Response, response: CachedResponse, body: string, cacheState: "hit" | "miss", setCookies: string[] = []) {
  res.status(response.status);
  for (const [name, value] of response.headers) res.setHeader(name, value);
  for (const cookie of setCookies) res.append("Set-Cookie", cookie);
  res.setHeader("X-Response-Cache", cacheState);
  res.end(body);
}

export function createAppRequestHandler({ build, mode, getLoadContext, caching }: HandlerOptions): express.RequestHandler {
  const viaAdapter = createExpressHandler({ build, mode, getLoadContext });
  if (!caching) return viaAdapter;
  const handle = createRemixHandler(build, mode);

  return async (req, res, next) => {
    const key = cacheKeyOf({
      method: req.method,
      host: req.get("host") ?? "",
      url: req.originalUrl,
      cookie: req.get("cookie"),
      authorization: req.get("authorization"),
      acceptLanguage: req.get("accept-language"),
    });
    if (!key) return viaAdapter(req, res, next);
    try {
      // Read before rendering: a commit while the page renders makes the kept copy stale at once.
      const version = caching.dataVersion();
      const today = caching.today();
      const loadContext = getLoadContext(req, res);
      const hit = caching.store.get(key, version, today);
      if (hit) {
        const body = hit.nonce ? hit.body.replaceAll(hit.nonce, loadContext.cspNonce) : hit.body;
        send(res, hit, body, "hit");
        return;
      }
      const response = await handle(toFetchRequest(req, res), loadContext);
      const body = await response.text();
      const rendered: CachedResponse = {
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length"),
        body,
        nonce: body.includes(loadContext.cspNonce) ? loadContext.cspNonce : null,
      };
      if (isStorable(response.status, response.headers)) caching.store.set(key, version, today, rendered);
      send(res, rendered, body, "miss", response.headers.getSetCookie());
    } catch (error) {
      next(error);
    }
  };
}
