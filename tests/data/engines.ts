// Runs data-layer tests on both engines the product supports: the embedded SQLite file (a fresh
// folder each time) and Debian's PostgreSQL (one throwaway server per test file, a fresh database
// each time). `useEngine` points the app's configuration and its one database connection at it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeProductDatabase } from "~/data/connection.server";
import { configure, parseEnv } from "~/lib/env.server";
import { startPostgres, type Postgres } from "../../scripts/postgres.mjs";
import { freePort } from "../ops/processes";

export const ENGINES = ["sqlite", "postgres"] as const;
export type EngineName = (typeof ENGINES)[number];

let postgres: Postgres | undefined;
let databases = 0;

/** A new, empty database of `engine`: its settings as the app reads them. */
export function freshDatabase(engine: EngineName): { DATA_DIR: string; DATABASE_URL?: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-data-"));
  if (engine === "sqlite") return { DATA_DIR: dataDir };
  postgres ??= startPostgres(freePort());
  const name = `portal_test_${process.pid}_${++databases}`;
  postgres.psql(["-c", `CREATE DATABASE ${name}`]);
  return { DATA_DIR: dataDir, DATABASE_URL: postgres.url.replace("/postgres?", `/${name}?`) };
}

/** Configures the app (and its one connection) for the database `settings` name. */
export async function useDatabase(settings: { DATA_DIR: string; DATABASE_URL?: string }) {
  await closeProductDatabase();
  configure(
    parseEnv({
      NODE_ENV: "test",
      SESSION_SECRET: "data-test-secret-0123456789abcdef0123",
      ...settings,
    }),
  );
  return settings;
}

/** Configures the app for a fresh database of `engine` (call in beforeAll or beforeEach). */
export function useEngine(engine: EngineName) {
  return useDatabase(freshDatabase(engine));
}

/** Closes the connection and stops PostgreSQL, if this file started it (call in afterAll). */
export async function stopEngines() {
  await closeProductDatabase();
  postgres?.stop();
  postgres = undefined;
}

export function removeFolder(path: string) {
  rmSync(path, { recursive: true, force: true });
}
