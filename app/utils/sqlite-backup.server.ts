// An online backup of the SQLite database: a consistent copy taken while the app keeps serving.
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { sqliteFilePath } from "./database-url";

/**
 * Copies the database at `url` into a new file `target`. `VACUUM INTO` reads one snapshot (a
 * read transaction, so writers in other processes carry on through the WAL) and writes it
 * compacted; a plain file copy of a live database can catch a half-written page or miss the WAL.
 */
export function backupSqlite(url: string, target: string): { bytes: number } {
  const source = sqliteFilePath(url);
  if (!existsSync(source)) throw new Error(`No SQLite database at ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new file name (a backup never overwrites).`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`The backup at ${target} failed its integrity check: ${String(check)}`);
    const { page_count: pages, page_size: size } = copy.prepare("SELECT * FROM pragma_page_count(), pragma_page_size()").get() as { page_count: number; page_size: number };
    return { bytes: pages * size };
  } finally {
    copy.close();
  }
}
