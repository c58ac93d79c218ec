// Opens the database and bundles the per-table stores behind one object.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { IN_MEMORY } from "../config/auth-config";
import { Db } from "./db";
import { LOCK_FILE_NAME, lockDataDir } from "./lock";
import { OutboxStore } from "./outbox";
import { SessionStore } from "./sessions";
import { TokenStore } from "./tokens";
import { UserStore } from "./users";

export const DB_FILE_NAME = "auth.sqlite";

export interface Store {
  db: Db;
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenStore;
  outbox: OutboxStore;
}

/**
 * Opens `<dataDir>/auth.sqlite`, or an in-memory database for ":memory:". Holds the data folder's
 * lock until closed: a second process on the same folder gets DatabaseLockedError.
 */
export function openStore(dataDir: string): Store {
  const db = dataDir === IN_MEMORY ? Db.open(undefined) : openLocked(dataDir);
  return {
    db,
    users: new UserStore(db),
    sessions: new SessionStore(db),
    tokens: new TokenStore(db),
    outbox: new OutboxStore(db),
  };
}

/** Takes the folder's lock, then opens its database; closing the database gives the lock back. */
function openLocked(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dataDir, join(dataDir, LOCK_FILE_NAME));
  try {
    return Db.open(join(dataDir, DB_FILE_NAME), () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
