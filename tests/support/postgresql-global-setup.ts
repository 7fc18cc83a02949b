// vitest globalSetup of the integration project. With TEST_DB=postgresql it starts one throwaway
// cluster for the run and migrates a template database; each test file then gets its own copy
// (CREATE DATABASE … TEMPLATE, tens of milliseconds; see integration-setup.ts). Otherwise nothing.
import type { TestProject } from "vitest/node";
import { applyPostgresqlMigrations } from "~/utils/migrations.server";
import { startPostgresqlCluster } from "./postgresql-cluster";

export const TEMPLATE_DATABASE = "folga_template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The cluster's maintenance database URL and the migrated template, when TEST_DB=postgresql. */
    postgresql: { adminUrl: string; template: string } | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== "postgresql") {
    project.provide("postgresql", null);
    return;
  }
  const cluster = await startPostgresqlCluster();
  try {
    await cluster.admin(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await applyPostgresqlMigrations(cluster.url(TEMPLATE_DATABASE));
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide("postgresql", { adminUrl: cluster.url("postgres"), template: TEMPLATE_DATABASE });
  return () => cluster.stop();
}
