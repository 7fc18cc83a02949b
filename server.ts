// Express entry: security headers, compression, static assets, request log, health check, the
// request guards, the Remix handler; migrations (and the demo company on a fresh local database)
// before listening.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import type * as AppRuntime from "./app/server-runtime.server";
import { apiHandlingOf } from "./server/api-build";
import { precompressed } from "./server/precompressed";
import { standInForStripe, wantsStripeStandIn } from "./server/stripe-stand-in";

type Runtime = typeof AppRuntime;

/** The app's server-side hooks, from the build (see app/server-runtime.server.ts for why). */
function runtimeOf(build: ServerBuild): Runtime {
  return (build.entry.module as unknown as { runtime: Runtime }).runtime;
}

/** The URL paths ("/favicon.svg") of the files under `dir`, except those under the folders named. */
function filesUnder(dir: string, except: string[]): Set<string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep));
  return new Set(files.filter((parts) => !except.includes(parts[0])).map((parts) => `/${parts.join("/")}`));
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
  // The fastest settings (gzip level 1, brotli quality 1): most of the gain for a fraction of the
  // CPU of the defaults, on pages rendered for each request.
  app.use(compression({ level: 1, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));
  // Fingerprinted build files never change: cache them for a year, and send the copies compressed
  // at build time when the browser takes them (decision 0103).
  app.use("/build", precompressed("public/build"), express.static("public/build", { immutable: true, maxAge: "1y" }));
  // The files of public/ (outside build/) are known when the server starts: checking the disk for
  // every page request would cost a stat, and the app's own paths with a dot (`*.data`, the CSV
  // exports) must not reach the middleware.
  const publicFiles = express.static("public", { maxAge: "1h" });
  const publicPaths = filesUnder("public", ["build"]);
  app.use((req, res, next) => (publicPaths.has(req.path) ? publicFiles(req, res, next) : next()));
  // A calendar feed's address is its credential, used by calendar apps for months: never logged.
  morgan.token<express.Request>("url", (req) => (req.originalUrl || req.url).replace(/^\/feeds\/[^/?#]+/, "/feeds/[token]"));
  if (env.LOG_REQUESTS === "true") app.use(morgan(env.NODE_ENV === "production" ? "combined" : "dev"));
  // Client address, method, cross-site state changes, body size: before any route runs.
  app.use(runtime.requestGuards({ appUrl: env.APP_URL }));

  const mode = env.NODE_ENV === "production" ? "production" : "development";
  const getLoadContext = (_req: express.Request, res: express.Response) => ({ cspNonce: res.locals.cspNonce as string, requestScope: {} });
  // The /api calls through a build of the API's routes only (decision 0107), the rest through the app's.
  const api = apiHandlingOf(build);
  const apiHandler = createRequestHandler({ build: api.build, mode, getLoadContext });
  app.use((req, res, next) => (api.serves(req.path) ? apiHandler(req, res, next) : next()));
  app.all("*", createRequestHandler({ build, mode, getLoadContext }));
  // What Express or the handler above passes on as an error: the app's answer, never a stack trace.
  app.use(runtime.errorAnswers());
  return app;
}

/**
 * Outside production without a Stripe key, billing runs against a local stand-in (as the outbox
 * stands in for SMTP), so the whole flow can be tried: checkout, return, invoice, PDF. Started
 * before the app reads its configuration, by the process that forks the others when there are
 * several (they inherit its variables and share it). Production without a key has billing off.
 */
async function startStripeStandInWhenWanted() {
  if (!wantsStripeStandIn(process.env)) return;
  const standIn = await standInForStripe(process.env);
  console.log(`No STRIPE_SECRET_KEY: billing runs against a local Stripe stand-in at ${standIn.url} (nothing is charged)`);
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
  const jobs = [runtime.scheduleAutoApproval(), runtime.scheduleCarryOver(), runtime.scheduleWebhookDeliveries(), runtime.scheduleDigests(), runtime.scheduleChat(), runtime.scheduleCertificateReminders(), runtime.scheduleRetention()];
  const stopJobs = () => jobs.forEach((stop) => stop());
  const server = createApp(build).listen(env.PORT, env.HOST, () => {
    // In a cluster the primary says it once, when every process listens.
    if (cluster.isPrimary) console.log(`Absence planner ready on http://localhost:${env.PORT}`);
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

/**
 * WEB_CONCURRENCY processes serve requests (node:cluster: one port, connections dealt in turn).
 * One Node process renders on one core; a page is CPU-bound, so a machine with two cores serves
 * nearly twice the pages with two. The processes share nothing but the database, which already
 * makes several instances behave as one (decision 0029). They start one after another: the first
 * applies the migrations and seeds the demo company, and a configuration error stops everything
 * before a second process repeats it.
 */
function superviseWorkers(count: number) {
  const listening = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  const restarts: number[] = [];
  const alive = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive().length === 0) process.exit(exitCode);
    for (const worker of alive()) worker!.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 12_000).unref();
  };

  cluster.on("listening", (worker, address) => {
    const first = !listening.has(worker.id);
    listening.add(worker.id);
    if (!first || stopping) return;
    if (listening.size < count && alive().length < count) cluster.fork();
    else if (listening.size === count) console.log(`Absence planner ready on http://localhost:${address.port} (${count} processes)`);
    else console.log("The new server process is serving");
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    if (!listening.has(worker.id)) {
      // It never served: bad configuration or an unreachable database. Another would fail alike.
      console.error(`A server process failed to start (${signal ?? `exit code ${code}`}): stopping`);
      stopAll(code || 1);
      return;
    }
    // A process that dies while serving (out of memory, a native crash) is replaced; one that
    // keeps dying is not hidden by endless restarts.
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > 5) {
      console.error("Server processes keep dying (more than 5 in a minute): stopping");
      stopAll(1);
      return;
    }
    console.error(`A server process ended (${signal ?? `exit code ${code}`}): starting another`);
    cluster.fork();
  });
  // Ctrl-C reaches every process of the terminal's group, workers included; a supervisor's
  // SIGTERM reaches the primary only. Either way each worker finishes its requests and exits.
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));
  cluster.fork();
}

/** WEB_CONCURRENCY as a number of processes; a value that is not one is refused by the app's own check. */
function processesWanted(): number {
  const wanted = Number(process.env.WEB_CONCURRENCY || 1);
  return Number.isInteger(wanted) && wanted >= 1 && wanted <= 64 ? wanted : 1;
}

async function start() {
  if (cluster.isPrimary) await startStripeStandInWhenWanted();
  if (cluster.isPrimary && processesWanted() > 1) superviseWorkers(processesWanted());
  else await main();
}

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
