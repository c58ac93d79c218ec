// One process per data folder: an exclusive SQLite lock on `auth.lock`, held for the process's life.
// The lock is the operating system's (fcntl), so it is gone the moment its process dies: a server
// killed with SIGKILL never blocks its own restart, and no pid has to be trusted.
import { ensurePrivateFile } from "./sqlite-file";
import Database from "libsql";

export const LOCK_FILE_NAME = "auth.lock";

/** Thrown when another process already holds a data folder. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another auth server process is already using the data folder ${dataDir} (its ${LOCK_FILE_NAME} is locked). ` +
        "One folder serves one process: stop the other one, or give this one its own AUTH_DATA_DIR.",
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  /** Gives the folder up (the next start, in this process or another, may take it). */
  release(): void;
}

/** Takes the folder's lock at once (no waiting), or throws DataDirLockedError. */
export function lockDataDir(dataDir: string, file: string): DataDirLock {
  ensurePrivateFile(file);
  const sqlite = new Database(file);
  try {
    sqlite.pragma("busy_timeout = 0");
    sqlite.pragma("journal_mode = DELETE");
    // In exclusive mode the write lock taken by this transaction is kept after COMMIT.
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.exec(
      "BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, since TEXT NOT NULL); " +
        `DELETE FROM holder; INSERT INTO holder VALUES (${process.pid}, '${new Date().toISOString()}'); COMMIT`,
    );
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") throw new DataDirLockedError(dataDir);
    throw error;
  }
  return {
    release() {
      // Back to normal locking: the next access drops the lock, even before the handle is freed.
      sqlite.pragma("locking_mode = NORMAL");
      sqlite.prepare("SELECT pid FROM holder").all();
      sqlite.close();
    },
  };
}
