// Stands in for @remix-run/express's handler where a test serves route modules over real HTTP
// without a Remix build: the route's Request is made as that handler makes it (the body read from
// the request's own stream, after the request guards), and its Response written back the same way.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";

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
