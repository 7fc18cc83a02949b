// Each integration test file runs against its own freshly migrated database: a SQLite file, or a
// PostgreSQL database when TEST_DB=postgresql (tests/support/test-database.ts).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { createDb, setDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { settleWebhooks } from "~/models/webhook-delivery.server";
import { startSmtpServer } from "./smtp";
import { createTestDatabase } from "./test-database";

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
