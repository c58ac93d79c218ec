// Keeps the client directory in step with the auth service: a full sync when the database has none
// (waited for), then in the background once the copy is 30 s old, and at once for an invited user;
// the sync time is kept in the database, so instances sharing it sync once (decision 034).
import {
  directoryEntry,
  finishSync,
  lastSyncAt,
  saveDirectory,
} from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import { log } from "~/lib/log.server";
import { everyUser } from "./auth-admin.server";

const FRESH_FOR_MS = 30_000;

let running: Promise<void> | undefined;

async function syncAll(): Promise<void> {
  const started = Date.now();
  const seen = new Set<string>();
  for await (const users of everyUser()) {
    for (const user of users) seen.add(user.id);
    await inTransaction((trx) => saveDirectory(trx, users.map(directoryEntry), started));
  }
  await inTransaction((trx) => finishSync(trx, started, seen));
}

/** Starts a sync unless one is running; failures are logged, and the next request tries again. */
function startSync(): Promise<void> {
  running ??= syncAll()
    .catch((error: unknown) => {
      log("warn", "directory_sync_failed", { detail: (error as Error).message });
      throw error;
    })
    .finally(() => {
      running = undefined;
    });
  return running;
}

/**
 * A directory fit to list: waits for the first sync; after that, answers from the copy at once and
 * refreshes it in the background when it is older than 30 seconds.
 */
export async function freshDirectory(): Promise<void> {
  const syncedAt = await lastSyncAt(await database());
  if (syncedAt === null) return startSync();
  if (Date.now() - syncedAt > FRESH_FOR_MS) startSync().catch(() => undefined);
}
