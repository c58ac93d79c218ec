// SQLite through libsql's native driver: WAL journal, every write committed and synced to disk
// before it returns (a constant cost, whatever the database's size), cached prepared statements.
import Database from "libsql";
import { ADDED_COLUMNS, SCHEMA } from "./schema";
import { ensurePrivateFile } from "./sqlite-file";

export type SqlValue = string | number | bigint | Uint8Array | null;
export type Row = Record<string, SqlValue>;
export type Params = Record<string, SqlValue | undefined>;

type Statement = ReturnType<Database.Database["prepare"]>;

export class Db {
  private readonly statements = new Map<string, Statement>();
  private depth = 0;
  /** Work waiting for the outermost transaction to commit (dropped if it rolls back). */
  private committed: (() => void)[] = [];
  private closed = false;

  private constructor(
    private readonly db: Database.Database,
    /** Called once the database is closed (releases the data folder's lock). */
    private readonly onClose: () => void,
  ) {}

  /**
   * Opens `file` (created with mode 0600 when missing) or an in-memory database when file is
   * undefined, and runs the schema.
   */
  static open(file: string | undefined, onClose: () => void = () => {}): Db {
    if (file) ensurePrivateFile(file);
    const sqlite = new Database(file ?? ":memory:");
    try {
      sqlite.pragma("journal_mode = WAL");
      // FULL syncs the WAL at every commit: an answered write survives SIGKILL and power loss.
      sqlite.pragma("synchronous = FULL");
      // 32 MB of page cache (the default is 2 MB): the indexes a write touches stay in memory.
      sqlite.pragma("cache_size = -32768");
      // After a checkpoint the WAL is cut back to this size, so one big clean-up does not leave it large.
      sqlite.pragma("journal_size_limit = 16777216");
      addMissingColumns(sqlite);
      sqlite.exec(SCHEMA);
    } catch (error) {
      sqlite.close();
      throw error;
    }
    return new Db(sqlite, onClose);
  }

  /** All rows of a query, as objects keyed by column name. */
  all<T extends Row = Row>(sql: string, params: Params = {}): T[] {
    return this.statement(sql).all(bindable(params)) as T[];
  }

  get<T extends Row = Row>(sql: string, params: Params = {}): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** Runs a write (committed on return unless inside a transaction); returns the changed rows. */
  run(sql: string, params: Params = {}): number {
    return Number(this.statement(sql).run(bindable(params)).changes);
  }

  /**
   * Runs fn in a transaction (nested calls join the outer one); a throw rolls everything back and
   * is rethrown as it was. A COMMIT that fails (SQLITE_FULL on a full disk) may already have ended
   * the transaction: ROLLBACK runs only while one is open, and its own failure never hides the
   * first error.
   */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec("BEGIN IMMEDIATE");
    this.depth++;
    let result: T;
    try {
      result = fn();
      this.db.exec("COMMIT");
    } catch (error) {
      this.committed = [];
      if (this.db.inTransaction) {
        try {
          this.db.exec("ROLLBACK");
        } catch {
          // The first error is the one that explains the failure.
        }
      }
      throw error;
    } finally {
      this.depth--;
    }
    const committed = this.committed;
    this.committed = [];
    for (const work of committed) work();
    return result;
  }

  /**
   * Runs `work` once the current transaction has committed (at once outside one); a rollback drops
   * it. For what must never happen for writes that did not persist: sending a mail, logging it.
   */
  afterCommit(work: () => void): void {
    if (this.depth > 0) this.committed.push(work);
    else work();
  }

  /** Folds the WAL back into the database file, closes, then runs onClose. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.close();
    this.onClose();
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** Gives a table written by an earlier release the columns added since (a new database has none yet). */
function addMissingColumns(sqlite: Database.Database): void {
  for (const { table, column, type } of ADDED_COLUMNS) {
    const existing = sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (existing.length > 0 && !existing.some((info) => info.name === column)) {
      sqlite.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    }
  }
}

/** Named parameters bind without their prefix; undefined becomes NULL. */
function bindable(params: Params): Record<string, SqlValue> {
  const bound: Record<string, SqlValue> = {};
  for (const [key, value] of Object.entries(params)) bound[key] = value ?? null;
  return bound;
}
