// Each integration test file runs against its own freshly migrated database: a SQLite file, or a
// PostgreSQL database when TEST_DB=postgresql (tests/support/test-database.ts).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, vi } from "vitest";

// The integration project shares a worker's modules between its files (isolate: false in
// vitest.config.ts, decision 0105): the libraries load once per worker, not once per file. What a
// file could leave behind is reset here, before it: the app's own modules (their caches, the
// validated configuration, the mail transport) load afresh, the environment is the worker's own
// as it started, and the clock is real.
const pristine = ((globalThis as { __pristineEnv?: NodeJS.ProcessEnv }).__pristineEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in pristine)) delete process.env[name];
Object.assign(process.env, pristine);
vi.useRealTimers();
vi.resetModules();
const { createDb, setDb } = await import("~/utils/db.server");
const { settleMail } = await import("~/utils/mail.server");
const { settleWebhooks } = await import("~/models/webhook-delivery.server");
const { startSmtpServer } = await import("./smtp");
const { createTestDatabase } = await import("./test-database");

const database = await createTestDatabase();

process.env.DATABASE_URL = database.url;
// Past the run's PgBouncer, if any (decision 0099): for the tools that need a session (pg_dump).
process.env.TEST_DIRECT_DATABASE_URL = database.directUrl;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "integration-tests-secret-0123456789abcdef";
process.env.LOG_REQUESTS = "false";
process.env.APP_URL = "http://app.test";
// Uploaded certificates (decision 0092) go to a directory of this test file, removed after it.
// (tests/.tmp is made by the SQLite template's setup only: a fresh checkout's PostgreSQL run lacks it.)
mkdirSync(path.resolve("tests/.tmp"), { recursive: true });
const certificates = mkdtempSync(path.resolve("tests/.tmp/certificates-"));
process.env.CERTIFICATE_DIR = certificates;

// Mail goes over real SMTP to a server of this test file (see tests/support/smtp.ts).
const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
(globalThis as { __smtp?: typeof smtp }).__smtp = smtp;

const db = createDb(database.url);
setDb(db);

afterAll(async () => {
  await settleWebhooks();
  await settleMail();
  await smtp.close();
  await db.$disconnect();
  await database.drop();
  rmSync(certificates, { recursive: true, force: true });
});
