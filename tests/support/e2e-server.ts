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
// E2E_IDP_PORT (playwright.config.ts names one per worker, tests/e2e/ports.ts): real OpenID
// providers (tests/support/oidc-idp.ts) on that port and the next two — fake Google, fake
// Microsoft, configured before the app reads its settings, and a company's own IdP that a test
// sets up on the Security tab. Any e-mail typed at them is a verified account of theirs.
if (process.env.E2E_IDP_PORT) {
  const { startTestIdp } = await import("./oidc-idp");
  const first = Number(process.env.E2E_IDP_PORT);
  const appUrl = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const client = (clientId: string, clientSecret: string, callback: string) => [{ clientId, clientSecret, redirectUris: [`${appUrl}/auth/${callback}/callback`] }];
  for (const [index, provider] of (["google", "microsoft"] as const).entries()) {
    const idp = await startTestIdp({ port: first + index, clients: client(`e2e-${provider}`, `e2e-${provider}-secret`, provider), anyEmail: true });
    const prefix = provider.toUpperCase();
    Object.assign(process.env, { [`${prefix}_CLIENT_ID`]: `e2e-${provider}`, [`${prefix}_CLIENT_SECRET`]: `e2e-${provider}-secret`, [`${prefix}_ISSUER`]: idp.issuer });
  }
  // Its issuer, client and secret are what tests/e2e/ports.ts's e2eCompanyIdp gives the test.
  await startTestIdp({ port: first + 2, clients: client("e2e-company-sso", "e2e-company-sso-secret", "sso"), anyEmail: true });
}
await import(pathToFileURL(path.resolve("build/server.js")).href);
