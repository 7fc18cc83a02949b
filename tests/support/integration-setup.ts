// Each integration test file runs against its own freshly migrated SQLite file.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { applySqliteMigrations } from "~/utils/migrations.server";
import { createDb, setDb } from "~/utils/db.server";

const dir = path.resolve("tests/.tmp/integration");
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${randomUUID()}.db`);
const url = `file:${file}`;

process.env.DATABASE_URL = url;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "integration-tests-secret-0123456789abcdef";
process.env.LOG_REQUESTS = "false";

applySqliteMigrations(url);
const db = createDb(url);
setDb(db);

afterAll(async () => {
  await db.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});
