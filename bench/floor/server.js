// The bench's floor server: Express, /healthz as the app's, and every other path through Remix's
// own request handler with the least a bridge needs (no security headers, compression, session,
// language or logging). Started by bench/run.ts with the Node flags of `npm run serve`.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/node";
import express from "express";

const build = await import(pathToFileURL(path.resolve("bench/.tmp/floor/build/index.js")).href);
const handle = createRequestHandler(build, "production");
const app = express();
app.disable("x-powered-by");
app.set("query parser", false);
app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ ok: true });
});
app.all("*", async (req, res, next) => {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const controller = new AbortController();
    // As the app's bridge: loaders stop when the client goes away before the answer is written.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const response = await handle(new Request(`http://${req.headers.host}${req.originalUrl}`, { method: req.method, headers, signal: controller.signal }));
    const body = Buffer.from(await response.arrayBuffer());
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    res.setHeader("Content-Length", body.byteLength);
    res.end(body);
  } catch (error) {
    next(error);
  }
});
app.listen(Number(process.env.PORT), "127.0.0.1");
// An exit of its own on the bench's signal, so that `--cpu-prof` (BENCH_NODE_ARGS) writes its profile.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
