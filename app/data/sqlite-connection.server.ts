// The SQLite file's connections for Kysely: writes in BEGIN IMMEDIATE transactions, whose lock is
// waited for without blocking the event loop, so that no statement in them can meet SQLITE_BUSY;
// each statement prepared once (decision 047).
import type Database from "libsql";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from "kysely";

/** How long a write waits for another process's lock (a migration, an export) before giving up. */
export const WRITE_LOCK_WAIT_MS = 5_000;

type Handle = Database.Database;
type KyselyStatement = ReturnType<SqliteDatabase["prepare"]>;

/** SQLITE_BUSY and its extended codes: another connection holds the lock. */
function isBusy(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code ?? "").startsWith("SQLITE_BUSY");
}

/**
 * A connection whose statements are each prepared once, and stay cached even when one fails: libsql
 * cannot reset a statement, and running the same one again is what resets it. (A statement that
 * SQLITE_BUSY interrupted and that never ran again kept refusing every later COMMIT.)
 */
export function cachedStatements(handle: Handle): SqliteDatabase {
  const statements = new Map<string, KyselyStatement>();
  return {
    close: () => handle.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = handle.prepare(sql) as unknown as KyselyStatement;
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const NOTHING_TO_ROLL_BACK = /no transaction is active/;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * BEGIN IMMEDIATE takes the write lock before the transaction's first statement, so no statement
 * inside it can meet SQLITE_BUSY; a refused BEGIN leaves nothing in progress, and the next BEGIN
 * (the same cached statement) resets it. The connection's busy timeout is zero (a wait in SQLite
 * blocks the whole process): a refused BEGIN is tried again after a pause, up to WRITE_LOCK_WAIT_MS.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      try {
        await connection.executeQuery(CompiledQuery.raw("begin immediate"));
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() + wait > deadline) throw error;
        await pause(wait);
      }
    }
  }

  /**
   * After some faults (a full disk, an I/O error) SQLite has already rolled the transaction back; a
   * ROLLBACK then has nothing to undo, and its error must not hide the fault that is the answer.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (!NOTHING_TO_ROLL_BACK.test((error as Error).message)) throw error;
    }
  }
}

/** Kysely's SQLite dialect with immediate transactions. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
