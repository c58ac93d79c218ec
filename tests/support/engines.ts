// Runs data-layer tests on both engines the product supports: the embedded SQLite file (a fresh
// folder each time) and Debian's PostgreSQL (the run's one cluster, a fresh database each time).
// `useEngine` points the app's configuration and its one database connection at it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyProgrammeChanges, readClientState } from "~/data/client-programme.server";
import { closeProductDatabase, database, inTransaction } from "~/data/connection.server";
import { refreshClientFacts } from "~/data/task-facts.server";
import type { SprintStatus, TaskStatus } from "~/programme/model";
import { configure, parseEnv } from "~/lib/env.server";
import { freshPostgres } from "./postgres";

export const ENGINES = ["sqlite", "postgres"] as const;
export type EngineName = (typeof ENGINES)[number];

/** A new, empty database of `engine`: its settings as the app reads them. */
export function freshDatabase(engine: EngineName): { DATA_DIR: string; DATABASE_URL?: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "portal-data-"));
  if (engine === "sqlite") return { DATA_DIR: dataDir };
  return { DATA_DIR: dataDir, DATABASE_URL: freshPostgres().url };
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

/** Closes the app's connection (call in afterAll). */
export async function stopEngines() {
  await closeProductDatabase();
}

export function removeFolder(path: string) {
  rmSync(path, { recursive: true, force: true });
}

/**
 * Stores a task's status for `userId` as a tick does, its task facts with it (without its line in
 * the audit trail).
 */
export function storeTaskStatus(userId: string, taskId: string, status: TaskStatus) {
  return inTransaction(async (trx) => {
    await applyProgrammeChanges(
      trx,
      userId,
      [{ kind: "task", taskId, status, field: taskId, before: "", after: status }],
      Date.now(),
    );
    await refreshClientFacts(trx, userId);
  });
}

/** `userId`'s sprint `sprintId` set to `status`, as staff set it, with the facts it changes. */
export function storeSprintStatus(userId: string, sprintId: number, status: SprintStatus) {
  return inTransaction(async (trx) => {
    const line = { field: `Sprint ${sprintId} status`, before: "", after: status };
    await applyProgrammeChanges(
      trx,
      userId,
      [{ kind: "sprint-status", sprintId, status, ...line }],
      Date.now(),
    );
    await refreshClientFacts(trx, userId);
  });
}

/** What is stored of `userId`'s programme, read as a page would. */
export async function storedClientState(userId: string) {
  return readClientState(await database(), userId);
}
