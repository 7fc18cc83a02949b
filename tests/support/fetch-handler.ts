// Stands in for @remix-run/express's handler where a test serves route modules over real HTTP
// without a Remix build: the route's Request is made as that handler makes it (the body read from
// the request's own stream, after the request guards), and its Response written back the same way.
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import express from "express";
import { requestGuards } from "~/utils/request-guards.server";

export function fetchHandler(render: (request: Request) => Promise<Response>): express.RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(name, item);
        else if (value !== undefined) headers.set(name, value);
      }
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
      if (req.method !== "GET" && req.method !== "HEAD") {
        init.body = createReadableStreamFromReadable(req);
        init.duplex = "half";
      }
      const response = await render(new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, init));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

export interface GuardedApp {
  base: string;
  close: () => Promise<void>;
}

/**
 * An Express app as server.ts puts one together, the request guards in front of `handler`, on a
 * free loopback port: for tests that need real HTTP (guards, body streams, webhooks, fuzzing).
 */
export async function listenGuarded(handler: express.RequestHandler): Promise<GuardedApp> {
  const app = express();
  app.use(requestGuards({ appUrl: "http://app.test" }));
  app.use(handler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
