// npm run db:backup -- <file>          (production image: node build/scripts/backup.js <file>)
// An online backup of the SQLite database named by DATABASE_URL into a new file, while the app
// runs. PostgreSQL is backed up with its own tools: see docs/deploy.md (pg_dump / pg_restore).
import path from "node:path";
import { databaseEngine } from "../app/utils/database-url";
import { DEFAULT_DATABASE_URL } from "../app/utils/env.server";
import { backupSqlite } from "../app/utils/sqlite-backup.server";

const target = process.argv[2];
const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
if (!target) {
  console.error("Usage: npm run db:backup -- <new file>, e.g. npm run db:backup -- backups/absences-$(date +%F).db");
  process.exit(2);
}
if (databaseEngine(url) === "postgresql") {
  console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" > absences.dump (docs/deploy.md).');
  process.exit(2);
}
try {
  const { bytes } = backupSqlite(url, path.resolve(target));
  console.log(`Backed up ${url} to ${path.resolve(target)} (${Math.round(bytes / 1024)} kB, integrity ok).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
