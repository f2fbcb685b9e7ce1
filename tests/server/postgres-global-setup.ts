import type { TestProject } from "vitest/node";
import { startPostgres } from "../support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startPostgres();
  if (!pg && (process.env.CI || process.env.REQUIRE_POSTGRES)) throw new Error("PostgreSQL binaries (initdb, pg_ctl) are missing: CI must test both databases");
  if (!pg) console.warn("PostgreSQL not found: server tests run on SQLite only (install Debian's postgresql to test both)");
  project.provide("pgUrl", pg?.url ?? null);
  return () => pg?.stop();
}
