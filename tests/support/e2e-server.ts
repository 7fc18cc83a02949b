// The end-to-end server (playwright.config.ts's webServer): the built app (build/server.js) in this
// process. With no Stripe key outside production, the server starts the local Stripe stand-in
// itself (server/stripe-stand-in.ts), in this same process, so the tests pay against what
// `npm start` gives a newcomer, and stopping the web server stops both.
// TEST_DB=postgresql (npm run test:e2e:pg): the app runs on a throwaway PostgreSQL cluster started
// here, stopped when this process exits (or by the cluster's watchdog when it is killed).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startPostgresqlCluster } from "./postgresql-cluster";

if (process.env.TEST_DB === "postgresql") {
  const cluster = await startPostgresqlCluster();
  process.on("exit", () => cluster.stop());
  await cluster.admin("CREATE DATABASE e2e");
  process.env.DATABASE_URL = cluster.url("e2e");
}

for (const name of Object.keys(process.env)) if (name.startsWith("STRIPE_")) delete process.env[name];
await import(pathToFileURL(path.resolve("build/server.js")).href);
