// What the Express server (server.ts) needs from the application. It reaches server.ts through
// the Remix build (entry.server.tsx re-exports it), so the process holds ONE copy of every app
// module: one database client, one mail queue, one rate limiter. Importing app modules into
// server.ts directly would load a second copy of each beside the build's (and, say, waiting for
// the server's mail queue on shutdown would miss every mail the routes queued).
import { hasAnyCompany, seedDemoCompany } from "~/models/demo.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { settleMail } from "~/utils/mail.server";
import { applyMigrations } from "~/utils/migrations.server";
import { settleWebhooks } from "~/models/webhook-delivery.server";
import { settleChat } from "~/models/chat-delivery.server";

export { scheduleAutoApproval } from "~/models/auto-approval.server";
export { scheduleCarryOver } from "~/models/carry-over.server";
export { scheduleChat } from "~/models/chat-delivery.server";
export { scheduleCertificateReminders } from "~/models/certificate.server";
export { scheduleDigests } from "~/models/digest.server";
export { scheduleRetention } from "~/models/retention.server";
export { scheduleWebhookDeliveries } from "~/models/webhook-delivery.server";
export { getEnv } from "~/utils/env.server";
export { checkoutOrigins } from "~/utils/stripe.server";
export { errorAnswers, requestGuards } from "~/utils/request-guards.server";

/** Migrations (SQLite or PostgreSQL), then the demo company on an empty database when configured. */
export async function prepareDatabase() {
  const env = getEnv();
  const applied = await applyMigrations(env.DATABASE_URL);
  if (applied.length) console.log(`Migrations applied: ${applied.join(", ")}`);
  const wantsDemo = env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && env.NODE_ENV !== "production");
  if (wantsDemo && !(await hasAnyCompany(getDb()))) {
    try {
      await seedDemoCompany(getDb());
      console.log("Demo company created: sign in as employee@demo.test / demo-password");
    } catch (error) {
      // Another instance starting at the same moment seeded it first (the seed is one transaction,
      // so the loser left nothing behind).
      if ((error as { code?: string }).code !== "P2002" || !(await hasAnyCompany(getDb()))) throw error;
    }
  }
}

/**
 * Whether the database answers a trivial query: the readiness check a proxy or orchestrator asks
 * before sending traffic (an instance whose database is gone is up but of no use).
 */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

/** Mail, webhooks and chat messages still being delivered, then the database. */
export async function closeResources() {
  await Promise.all([settleMail(), settleWebhooks(), settleChat()]);
  await getDb().$disconnect();
}
