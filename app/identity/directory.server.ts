// Keeps the client directory in step with the auth service: a full sync when the database has none
// (waited for), then in the background once the copy is 30 s old (or 500 times the last sync's
// length), and at once for an invited user; instances sharing the database sync once (decision 034).
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
/** A background sync takes at most this share of the time: a long listing is repeated less often. */
const SYNC_SHARE = 0.002;
/** …but the copy never lags more than this. */
const STALE_AT_MOST_MS = 600_000;

let running: Promise<void> | undefined;
/** How long this instance's last sync took (ms). */
let lastSyncTook = 0;

/** How old the copy may grow before a background sync. */
export function freshFor(syncTook: number): number {
  return Math.min(STALE_AT_MOST_MS, Math.max(FRESH_FOR_MS, syncTook / SYNC_SHARE));
}

async function syncAll(): Promise<void> {
  const started = Date.now();
  const seen = new Set<string>();
  for await (const users of everyUser()) {
    for (const user of users) seen.add(user.id);
    await inTransaction((trx) => saveDirectory(trx, users.map(directoryEntry), started));
  }
  await inTransaction((trx) => finishSync(trx, started, seen));
  lastSyncTook = Date.now() - started;
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
 * refreshes it in the background when it is older than `freshFor` the last sync's length.
 */
export async function freshDirectory(): Promise<void> {
  const syncedAt = await lastSyncAt(await database());
  if (syncedAt === null) return startSync();
  if (Date.now() - syncedAt > freshFor(lastSyncTook)) startSync().catch(() => undefined);
}
