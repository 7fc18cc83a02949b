// The end-to-end server (playwright.config.ts's webServer): a fake Stripe on a free port, then the
// built app (build/server.js) in this same process, configured to use it. One process, so
// stopping the web server stops both. The fake delivers its signed webhook events to the app.
// TEST_DB=postgresql (npm run test:e2e:pg): the app runs on a throwaway PostgreSQL cluster started
// here, stopped when this process exits (or by the cluster's watchdog when it is killed).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from "./fake-stripe";
import { startPostgresqlCluster } from "./postgresql-cluster";

if (process.env.TEST_DB === "postgresql") {
  const cluster = await startPostgresqlCluster();
  process.on("exit", () => cluster.stop());
  await cluster.admin("CREATE DATABASE e2e");
  process.env.DATABASE_URL = cluster.url("e2e");
}

const port = Number(process.env.PORT || 3210);
const fake = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${port}/api/billing/webhook`, webhookSecret: FAKE_WEBHOOK_SECRET });
process.env.STRIPE_SECRET_KEY = FAKE_STRIPE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = FAKE_WEBHOOK_SECRET;
process.env.STRIPE_API_URL = fake.url;
await import(pathToFileURL(path.resolve("build/server.js")).href);
