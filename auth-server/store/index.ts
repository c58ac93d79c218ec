// Opens the database and bundles the per-table stores behind one object.
import { join } from "node:path";
import { IN_MEMORY } from "../config";
import type { Log } from "../log";
import { Db } from "./db";
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

/** Opens `<dataDir>/auth.sqlite`, or an in-memory database for ":memory:". */
export async function openStore(dataDir: string, log: Log): Promise<Store> {
  const db = await Db.open(dataDir === IN_MEMORY ? undefined : join(dataDir, DB_FILE_NAME), log);
  return {
    db,
    users: new UserStore(db),
    sessions: new SessionStore(db),
    tokens: new TokenStore(db),
    outbox: new OutboxStore(db),
  };
}
