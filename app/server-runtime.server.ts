// What the Express server (server.ts) needs from the application. It reaches server.ts through
// the Remix build (entry.server.tsx re-exports it), so the process holds ONE copy of every app
// module: one database client, one mail queue, one rate limiter, one response cache. Importing
// app modules into server.ts directly would load a second copy of each beside the build's (and,
// say, waiting for the server's mail queue on shutdown would miss every mail the routes queued).
import { fromUtcDate, todayIn } from "~/lib/dates";
import { COMPANY_TIME_ZONE } from "~/models/company.server";
import { hasAnyCompany, seedDemoCompany } from "~/models/demo.server";
import { sqliteDataVersion } from "~/utils/data-version.server";
import { databaseEngine, sqliteFilePath } from "~/utils/database-url";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { settleMail } from "~/utils/mail.server";
import { applySqliteMigrations } from "~/utils/migrations.server";
import type { ResponseCaching } from "~/utils/request-handler.server";
import { ResponseCache } from "~/utils/response-cache.server";

export { scheduleAutoApproval } from "~/models/auto-approval.server";
export { getEnv } from "~/utils/env.server";
export { createAppRequestHandler } from "~/utils/request-handler.server";
export { requestGuards } from "~/utils/request-guards.server";

/** Migrations (SQLite), then the demo company on an empty database when configured. */
export async function prepareDatabase() {
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

// How long a kept page may be served: bounds what the data version cannot see (a session or
// token expiring with the clock).
const RESPONSE_CACHE_TTL_MS = 10_000;

/** The response cache, when configured and the database can tell when it changed (SQLite). */
export function responseCaching(): ResponseCaching | null {
  const env = getEnv();
  if (env.RESPONSE_CACHE_MB === 0 || databaseEngine(env.DATABASE_URL) !== "sqlite") return null;
  const file = sqliteFilePath(env.DATABASE_URL);
  if (file === ":memory:") return null;
  const version = sqliteDataVersion(file);
  return {
    store: new ResponseCache({ maxBytes: env.RESPONSE_CACHE_MB * 1024 * 1024, ttlMs: RESPONSE_CACHE_TTL_MS }),
    dataVersion: version.current,
    companyVersion: version.company,
    today: () => todayIn(COMPANY_TIME_ZONE),
  };
}

/** Mail still being delivered, then the database. */
export async function closeResources() {
  await settleMail();
  await getDb().$disconnect();
}
