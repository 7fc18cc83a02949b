// vitest globalSetup of the integration project: migrates one template database for the run, and
// each test file gets its own copy of it (test-database.ts) instead of migrating a database anew.
// - SQLite: a migrated file, copied per test file (a file copy, a few milliseconds).
// - TEST_DB=postgresql: one throwaway cluster for the run with a migrated template database, copied
//   per test file by CREATE DATABASE … TEMPLATE (tens of milliseconds). With TEST_PGBOUNCER=1 as
//   well, a PgBouncer in transaction mode stands in front of it and the test files' app connections
//   go through it (decision 0099); the template is migrated directly, as CREATE DATABASE … TEMPLATE
//   wants no connection left open on it.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";
import { applyPostgresqlMigrations, applySqliteMigrations } from "~/utils/migrations.server";
import { startPgbouncer } from "./pgbouncer";
import { startPostgresqlCluster } from "./postgresql-cluster";

export const TEMPLATE_DATABASE = "folga_template";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The cluster's maintenance database URL and the migrated template, when TEST_DB=postgresql;
     * with TEST_PGBOUNCER=1, the PgBouncer in front of it: its port and admin console.
     */
    postgresql: { adminUrl: string; template: string; pgbouncer: { port: number; adminUrl: string } | null } | null;
    /** The migrated SQLite template file, when the engine is SQLite. */
    sqliteTemplate: string | null;
  }
}

async function sqliteTemplate(project: TestProject) {
  const dir = path.resolve("tests/.tmp/integration");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${randomUUID()}.db`);
  applySqliteMigrations(`file:${file}`);
  // Everything into the main file, so that copying that one file copies the whole database.
  const db = new Database(file);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  project.provide("postgresql", null);
  project.provide("sqliteTemplate", file);
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  };
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgresql") return sqliteTemplate(project);
  const cluster = await startPostgresqlCluster();
  let pgbouncer: Awaited<ReturnType<typeof startPgbouncer>> | null = null;
  const stop = () => {
    try {
      pgbouncer?.stop();
    } finally {
      cluster.stop();
    }
  };
  try {
    await cluster.admin(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await applyPostgresqlMigrations(cluster.url(TEMPLATE_DATABASE));
    if (process.env.TEST_PGBOUNCER === "1") pgbouncer = await startPgbouncer(cluster.url("postgres"));
  } catch (error) {
    stop();
    throw error;
  }
  project.provide("postgresql", {
    adminUrl: cluster.url("postgres"),
    template: TEMPLATE_DATABASE,
    pgbouncer: pgbouncer && { port: pgbouncer.port, adminUrl: pgbouncer.adminUrl },
  });
  project.provide("sqliteTemplate", null);
  return stop;
}
