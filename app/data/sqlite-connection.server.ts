// The SQLite file's connections for Kysely: writes in BEGIN IMMEDIATE transactions whose lock is
// waited for without blocking the event loop, and a statement that failed never outlives its error
// (decision 047).
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
type Statement = ReturnType<Handle["prepare"]>;
type KyselyStatement = ReturnType<SqliteDatabase["prepare"]>;

/** SQLITE_BUSY and its extended codes: another connection holds the lock. */
export function isBusy(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code ?? "").startsWith("SQLITE_BUSY");
}

/**
 * A connection whose statements are each prepared once. A statement that throws is dropped, and so
 * is the connection: one SQLITE_BUSY interrupted stays "in progress", holding its read snapshot and
 * refusing every later COMMIT, and libsql cannot reset it. The next statement outside a
 * transaction runs on a fresh connection.
 */
export function resilientHandle(open: () => Handle): SqliteDatabase {
  let handle = open();
  let statements = new Map<string, KyselyStatement>();
  let broken = false;

  const renew = () => {
    const old = handle;
    statements = new Map();
    broken = false;
    handle = open();
    try {
      old.close();
    } catch {
      // Closed once its last statement is collected.
    }
  };

  const guarded = (sql: string, statement: Statement): KyselyStatement => {
    const failing = (error: unknown): never => {
      statements.delete(sql);
      broken = true;
      throw error;
    };
    return {
      get reader() {
        return statement.reader;
      },
      all: (parameters: ReadonlyArray<unknown>) => {
        try {
          return statement.all(parameters);
        } catch (error) {
          return failing(error);
        }
      },
      run: (parameters: ReadonlyArray<unknown>) => {
        try {
          return statement.run(parameters) as ReturnType<KyselyStatement["run"]>;
        } catch (error) {
          return failing(error);
        }
      },
      iterate: (parameters: ReadonlyArray<unknown>) => {
        try {
          return statement.iterate(parameters) as IterableIterator<unknown>;
        } catch (error) {
          return failing(error);
        }
      },
    };
  };

  return {
    close: () => handle.close(),
    prepare(sql: string) {
      if (broken && !handle.inTransaction) renew();
      let statement = statements.get(sql);
      if (!statement) {
        statement = guarded(sql, handle.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * BEGIN IMMEDIATE takes the write lock before the transaction's first statement, so no statement
 * inside it can meet SQLITE_BUSY. The connection's busy timeout is zero (a wait in SQLite blocks
 * the whole process): a refused BEGIN is tried again after a pause, up to WRITE_LOCK_WAIT_MS.
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
