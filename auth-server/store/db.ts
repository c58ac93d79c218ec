// SQLite through sql.js (WASM): load from disk, typed queries, transactions, debounced atomic saves.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { writeFile, rename } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from "sql.js";
import type { Log } from "../log";
import { SCHEMA } from "./schema";

export type Row = Record<string, SqlValue>;
export type Params = Record<string, SqlValue | undefined>;

let sqlJs: Promise<SqlJsStatic> | undefined;

/** Loads the WASM module once per process, from node_modules/sql.js/dist (works from a bundle too). */
function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve("sql.js/dist/sql-wasm.wasm");
    const wasm = readFileSync(wasmPath);
    return initSqlJs({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    });
  })();
  return sqlJs;
}

/** Delay between the first unsaved change and the write to disk. */
const SAVE_DEBOUNCE_MS = 100;

export class Db {
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;
  private depth = 0;
  private closed = false;

  private constructor(
    private readonly db: Database,
    /** undefined for ":memory:" */
    private readonly file: string | undefined,
    private readonly log: Log,
  ) {}

  /** Opens `file` (created on first save) or an in-memory database when file is undefined. */
  static async open(file: string | undefined, log: Log): Promise<Db> {
    const SQL = await loadSqlJs();
    let data: Uint8Array | undefined;
    if (file) {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      if (existsSync(file)) data = readFileSync(file);
    }
    const db = new Db(new SQL.Database(data), file, log);
    db.db.exec(SCHEMA);
    return db;
  }

  /** All rows of a query, as objects keyed by column name. */
  all<T extends Row = Row>(sql: string, params: Params = {}): T[] {
    const statement = this.db.prepare(sql);
    try {
      statement.bind(bindable(params));
      const rows: T[] = [];
      while (statement.step()) rows.push(statement.getAsObject() as T);
      return rows;
    } finally {
      statement.free();
    }
  }

  get<T extends Row = Row>(sql: string, params: Params = {}): T | undefined {
    return this.all<T>(sql, params)[0];
  }

  /** Runs a write and schedules a save; returns the number of changed rows. */
  run(sql: string, params: Params = {}): number {
    this.db.run(sql, bindable(params));
    const changes = this.db.getRowsModified();
    if (changes > 0) this.markDirty();
    return changes;
  }

  /** Runs fn in a transaction (nested calls join the outer one); a throw rolls everything back. */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec("BEGIN");
    this.depth++;
    try {
      const result = fn();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    } finally {
      this.depth--;
    }
  }

  /** Waits for any save in progress, then writes synchronously if anything is unsaved, and closes. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    await this.saving;
    if (this.dirty && this.file) {
      const tmp = tempName(this.file);
      writeFileSync(tmp, this.db.export(), { mode: 0o600 });
      renameSync(tmp, this.file);
      this.dirty = false;
    }
    this.db.close();
  }

  private markDirty(): void {
    this.dirty = true;
    if (!this.file || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, SAVE_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Exports the database and replaces the file atomically (temp file + rename). */
  private async save(): Promise<void> {
    if (!this.file || this.closed) return;
    if (this.saving) {
      // A save is running; the change that called us will be picked up by the next one.
      await this.saving;
      if (this.dirty) this.markDirty();
      return;
    }
    const file = this.file;
    const tmp = tempName(file);
    this.dirty = false;
    const data = this.db.export();
    this.saving = writeFile(tmp, data, { mode: 0o600 })
      .then(() => rename(tmp, file))
      .catch((error: unknown) => {
        this.dirty = true;
        this.log("error", "db_save_failed", { error: String(error) });
      })
      .finally(() => {
        this.saving = undefined;
      });
    await this.saving;
    if (this.dirty) this.markDirty();
  }
}

function tempName(file: string): string {
  return `${file}.${process.pid}.tmp`;
}

/** sql.js binds named parameters with their prefix (":name"); undefined becomes NULL. */
function bindable(params: Params): Record<string, SqlValue> {
  const bound: Record<string, SqlValue> = {};
  for (const [key, value] of Object.entries(params)) bound[`:${key}`] = value ?? null;
  return bound;
}
