// The Express → Remix bridge. Like @remix-run/express's handler, except that a request's body is
// the one the request guards (request-guards.server.ts) already read and bounded: the socket's
// stream is spent by then.
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type express from "express";
import { encodeBody } from "./response-encoding.server";

type LoadContext = AppLoadContext & { cspNonce: string };
type GetLoadContext = (req: express.Request, res: express.Response) => LoadContext;

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
    // Read and bounded by the request guards; a stream where they did not run.
    if (Buffer.isBuffer(req.body)) init.body = req.body as Uint8Array<ArrayBuffer>;
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, init);
}

/** Remix for every request, sent out as @remix-run/express would. */
export function createAppRequestHandler(options: { build: ServerBuild; mode: string; getLoadContext: GetLoadContext }): express.RequestHandler {
  return createDirectHandler(createRemixHandler(options.build, options.mode), options.getLoadContext);
}

/** Express handler around a fetch-style renderer (Remix's in the app, a route table in tests). */
export function createDirectHandler(render: (request: Request, loadContext: LoadContext) => Promise<Response>, getLoadContext: GetLoadContext): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const response = await render(toFetchRequest(req, res), getLoadContext(req, res));
      const streamed = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
      // Every other answer is made whole in memory (a page, a JSON document, an export): read
      // before any header is set, so a body that fails leaves nothing of the route's answer (its
      // file name, its cookies) on the error page; sent in one piece, compressed in one call.
      const bytes = response.body && !streamed ? new Uint8Array(await response.arrayBuffer()) : null;
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (!response.body) return void res.end();
      if (!bytes) {
        res.flushHeaders();
        return void (await writeReadableStreamToWritable(response.body, res));
      }
      const encoded = await encodeBody(req, response.status, response.headers, bytes);
      if (encoded.vary) res.vary("Accept-Encoding");
      if (encoded.encoding) res.setHeader("Content-Encoding", encoded.encoding);
      res.setHeader("Content-Length", encoded.body.byteLength);
      res.end(encoded.body);
    } catch (error) {
      next(error);
    }
  };
}
