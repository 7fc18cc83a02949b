// Express entry: security headers, compression, static assets, request log, health check,
// the Remix handler; migrations (and the demo company on a fresh local database) before listening.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import morgan from "morgan";
import { fromUtcDate, todayIn } from "./app/lib/dates";
import { scheduleAutoApproval } from "./app/models/auto-approval.server";
import { COMPANY_TIME_ZONE } from "./app/models/company.server";
import { hasAnyCompany, seedDemoCompany } from "./app/models/demo.server";
import { sqliteDataVersion } from "./app/utils/data-version.server";
import { databaseEngine, sqliteFilePath } from "./app/utils/database-url";
import { getDb } from "./app/utils/db.server";
import { getEnv } from "./app/utils/env.server";
import { settleMail } from "./app/utils/mail.server";
import { applySqliteMigrations } from "./app/utils/migrations.server";
import { createAppRequestHandler, type ResponseCaching } from "./app/utils/request-handler.server";
import { ResponseCache } from "./app/utils/response-cache.server";

async function prepareDatabase() {
  const env = getEnv();
  if (databaseEngine(env.DATABASE_URL) === "sqlite") {
    const applied = applySqliteMigrations(env.DATABASE_URL);
    if (applied.length) console.log(`Migrations applied: ${applied.join(", ")}`);
  }
  const wantsDemo = env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && env.NODE_ENV !== "production");
  if (wantsDemo && !(await hasAnyCompany(getDb()))) {
    await seedDemoCompany(getDb(), fromUtcDate(new Date()));
    console.log("Demo company created: sign in as employee@demo.test / demo-password");
  }
}

// Seconds a kept page may be served: bounds what the data version cannot see (a session or token
// expiring with the clock).
const RESPONSE_CACHE_TTL_MS = 10_000;

/** The response cache, when configured and the database can tell when it changed (SQLite). */
function responseCaching(): ResponseCaching | null {
  const env = getEnv();
  if (env.RESPONSE_CACHE_MB === 0 || databaseEngine(env.DATABASE_URL) !== "sqlite") return null;
  const file = sqliteFilePath(env.DATABASE_URL);
  if (file === ":memory:") return null;
  const version = sqliteDataVersion(file);
  return {
    store: new ResponseCache({ maxBytes: env.RESPONSE_CACHE_MB * 1024 * 1024, ttlMs: RESPONSE_CACHE_TTL_MS }),
    dataVersion: version.current,
    today: () => todayIn(COMPANY_TIME_ZONE),
  };
}

export function createApp(build: ServerBuild, caching: ResponseCaching | null = null) {
  const env = getEnv();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", 1);

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ ok: true });
  });

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // The address rate limits count by; whatever a client sent in this header is overwritten.
    req.headers["x-client-ip"] = req.ip ?? "unknown";
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
          formAction: ["'self'", "https://checkout.stripe.com"],
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
  app.use(express.static("public", { maxAge: "1h" }));
  if (env.LOG_REQUESTS === "true") app.use(morgan(env.NODE_ENV === "production" ? "combined" : "dev"));

  app.all(
    "*",
    createAppRequestHandler({
      build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
      caching,
    }),
  );
  return app;
}

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  await prepareDatabase();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const stopJobs = scheduleAutoApproval();
  const server = createApp(build, responseCaching()).listen(env.PORT, env.HOST, () => {
    console.log(`Absence planner ready on http://localhost:${env.PORT}`);
  });

  // Finish the requests in flight, close the database, then exit; force it after 10 s.
  const shutdown = (signal: string) => {
    console.log(`${signal} received: shutting down`);
    stopJobs();
    server.close(async () => {
      await settleMail();
      await getDb().$disconnect();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
