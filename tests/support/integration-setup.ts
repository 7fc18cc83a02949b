// Each integration test file runs against its own freshly migrated SQLite file.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { applySqliteMigrations } from "~/utils/migrations.server";
import { createDb, setDb } from "~/utils/db.server";
import { settleMail } from "~/utils/mail.server";
import { startSmtpServer } from "./smtp";

const dir = path.resolve("tests/.tmp/integration");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${randomUUID()}.db`);
const url = `file:${file}`;

process.env.DATABASE_URL = url;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "integration-tests-secret-0123456789abcdef";
process.env.LOG_REQUESTS = "false";
process.env.APP_URL = "http://app.test";

// Mail goes over real SMTP to a server of this test file (see tests/support/smtp.ts).
const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
(globalThis as { __smtp?: typeof smtp }).__smtp = smtp;

applySqliteMigrations(url);
const db = createDb(url);
setDb(db);

afterAll(async () => {
  await settleMail();
  await smtp.close();
  await db.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
