// Databases on the test run's one PostgreSQL cluster (started by postgres-cluster.ts): each call makes
// a new, empty one, so no test file shares data with another.
import { inject } from "vitest";
import { attachPostgres, type PostgresDatabase } from "../../scripts/postgres.mjs";

let databases = 0;

/** A new, empty database on the run's PostgreSQL cluster (tests/support/postgres-cluster.ts). */
export function freshPostgres(): PostgresDatabase {
  const cluster = inject("postgres");
  if (!cluster) {
    throw new Error(
      "PostgreSQL is not installed: run node scripts/ensure-system-packages.mjs postgresql",
    );
  }
  return attachPostgres(cluster).createDatabase(`portal_test_${process.pid}_${++databases}`);
}
