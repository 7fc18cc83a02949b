// npm run seed: adds the demo company to an empty database (migrating it first).
// Refuses in production unless SEED_DEMO=always, and never seeds twice.
import { applyMigrations } from "../app/utils/migrations.server";
import { getEnv } from "../app/utils/env.server";
import { getDb } from "../app/utils/db.server";
import { hasAnyCompany, seedDemoCompany } from "../app/models/demo.server";

const env = getEnv();
if (env.NODE_ENV === "production" && env.SEED_DEMO !== "always") {
  console.error("Refusing to seed demo data in production; set SEED_DEMO=always to force it.");
  process.exit(1);
}
await applyMigrations(env.DATABASE_URL);
const db = getDb();
if (await hasAnyCompany(db)) {
  console.log("The database already has a company: demo data not added.");
} else {
  await seedDemoCompany(db);
  console.log("Demo company created. Sign in as employee@demo.test / demo-password.");
}
await db.$disconnect();
