// Shared by the server, scripts and tests: which engine a DATABASE_URL names, and where its file is.
import path from "node:path";

export type DatabaseEngine = "sqlite" | "postgresql";

export function databaseEngine(url: string): DatabaseEngine {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL), got "${url}"`);
}

/** `file:./data/app.db` → absolute path (relative paths are relative to the working directory). */
export function sqliteFilePath(url: string): string {
  const raw = url.replace(/^file:/, "").split("?")[0];
  if (raw === ":memory:") return raw;
  return path.resolve(raw);
}
