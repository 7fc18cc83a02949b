// The bench's floor server: Express, /healthz as the app's, and every other path through
// @remix-run/express's request handler, as the app serves it, with nothing of the app's (no
// security headers, compression, session, language or logging). Started by bench/run.ts with the
// command of `npm run serve`.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import express from "express";

const build = await import(pathToFileURL(path.resolve("bench/.tmp/floor/build/index.js")).href);
const app = express();
app.disable("x-powered-by");
app.set("query parser", false);
app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ ok: true });
});
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
// An exit of its own on the bench's signal, so that `--cpu-prof` (BENCH_NODE_ARGS) writes its profile.
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
