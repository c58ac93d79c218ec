// Vitest's global set-up: one PostgreSQL cluster for the whole run (each test file makes databases
// of its own on it through `freshPostgres`), stopped when the run ends.
import type { TestProject } from "vitest/node";
import { postgresBinDir, startPostgres, type ClusterAddress } from "../../scripts/postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's cluster, or null where PostgreSQL is not installed (its tests then say so). */
    postgres: ClusterAddress | null;
  }
}

export default function setup(project: TestProject) {
  try {
    postgresBinDir();
  } catch {
    project.provide("postgres", null);
    return;
  }
  // Below every worker's port range (tests/support/processes.ts).
  const postgres = startPostgres(Number(process.env.OPS_PORT_BASE ?? 4000) - 1);
  project.provide("postgres", postgres.where);
  return () => postgres.stop();
}
