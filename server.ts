// Express entry: security headers, compression, static assets, request log, health check, the
// request guards, the Remix handler; migrations (and the demo company on a fresh local database)
// before listening.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import type * as AppRuntime from "./app/server-runtime.server";

type Runtime = typeof AppRuntime;

/** The app's server-side hooks, from the build (see app/server-runtime.server.ts for why). */
function runtimeOf(build: ServerBuild): Runtime {
  return (build.entry.module as unknown as { runtime: Runtime }).runtime;
}

function createApp(build: ServerBuild) {
  const runtime = runtimeOf(build);
  const env = runtime.getEnv();
  const app = express();
  app.disable("x-powered-by");
  // Nobody unless TRUST_PROXY says so: X-Forwarded-For from anyone else is ignored.
  app.set("trust proxy", env.TRUST_PROXY);
  // Remix reads the URL itself; Express parsing every query string into req.query is wasted work.
  app.set("query parser", false);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ ok: true });
  });
  // Liveness above (the process answers), readiness here (and its database does); docs/deploy.md.
  app.get("/readyz", async (_req, res) => {
    const ready = await runtime.databaseAnswers();
    res.status(ready ? 200 : 503).set("Cache-Control", "no-store").json({ ok: ready });
  });

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          // A form that starts a checkout is answered with a redirect to Stripe's page, which
          // form-action also governs (STRIPE_API_URL's origin when Stripe is a local fake).
          formAction: ["'self'", ...runtime.checkoutOrigins()],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: env.NODE_ENV === "production" ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // helmet's default "no-referrer" makes Chromium send `Origin: null` on form posts, which
      // Remix's CSRF check refuses (every POST became a 500). Same-origin keeps the Origin.
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: env.NODE_ENV === "production",
    }),
  );
  // Level 1: most of gzip's gain on HTML for a fraction of the CPU of the default level 6
  // (see bench/README.md).
  app.use(compression({ level: 1 }));
  // Fingerprinted build files never change: cache them for a year.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Only paths that name a file can be one: checking the disk for every page request costs a stat.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  // A calendar feed's address is its credential, used by calendar apps for months: never logged.
  morgan.token<express.Request>("url", (req) => (req.originalUrl || req.url).replace(/^\/feeds\/[^/?#]+/, "/feeds/[token]"));
  if (env.LOG_REQUESTS === "true") app.use(morgan(env.NODE_ENV === "production" ? "combined" : "dev"));
  // Client address, method, cross-site state changes, body size: before any route runs.
  app.use(runtime.requestGuards({ appUrl: env.APP_URL }));

  app.all(
    "*",
    runtime.createAppRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return app;
}

async function main() {
  let build: ServerBuild;
  let runtime: Runtime;
  let env: ReturnType<Runtime["getEnv"]>;
  try {
    build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    runtime = runtimeOf(build);
    env = runtime.getEnv();
  } catch (error) {
    // Configuration is validated when the app loads: say what is wrong, without a stack trace.
    const message = (error as Error).message;
    console.error(message.startsWith("Invalid configuration") ? message : error);
    process.exit(1);
  }
  await runtime.prepareDatabase();
  const jobs = [runtime.scheduleAutoApproval(), runtime.scheduleCarryOver()];
  const stopJobs = () => jobs.forEach((stop) => stop());
  const server = createApp(build).listen(env.PORT, env.HOST, () => {
    console.log(`Absence planner ready on http://localhost:${env.PORT}`);
  });

  // Finish the requests in flight, close the database, then exit; force it after 10 s. Once: Ctrl-C
  // reaches every process of the terminal's group and npm forwards it again.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    stopJobs();
    server.close(async () => {
      await runtime.closeResources();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
