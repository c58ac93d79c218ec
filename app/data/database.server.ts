// The product database: PostgreSQL when DATABASE_URL is set (several app instances share it),
// otherwise an SQLite file in DATA_DIR (WAL, synced at every commit: a write is on disk before its
// answer), with a reader and a writer over either engine (decision 047).
import Database from "libsql";
import { Kysely, PostgresDialect, type Dialect } from "kysely";
import { ensurePrivateFile } from "@portal/auth-server/sqlite-file";
import { join } from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrations.server";
import type { ProductDatabase } from "./schema";
import {
  ImmediateSqliteDialect,
  cachedStatements,
  WRITE_LOCK_WAIT_MS,
} from "./sqlite-connection.server";
import { faultAware } from "./unavailable.server";

export type Engine = "sqlite" | "postgres";

/** What a data function runs its queries on: the database, or a transaction a handler opened. */
export type Executor = Kysely<ProductDatabase>;

export interface ProductDb {
  /** Every write, in transactions. */
  writer: Executor;
  /**
   * Reads outside a transaction. On SQLite a read-only connection of its own, which WAL lets read
   * while another connection holds the write lock; on PostgreSQL the writer's pool.
   */
  reader: Executor;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseSettings {
  /** postgres:// connection string; unset: the SQLite file in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
}

/** The SQLite file's name inside DATA_DIR. */
export const SQLITE_FILE = "portal.sqlite";

/** How long a new PostgreSQL connection may take before the request is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/** PostgreSQL's bigint (OID 20) as a number: the app stores milliseconds and counts in it. */
const BIGINT_OID = 20;
const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === BIGINT_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const productKysely = (dialect: Dialect) =>
  new Kysely<ProductDatabase>({ dialect: faultAware(dialect) });

function openPostgres(connectionString: string): ProductDb {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: postgresTypes,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection's error (the server stopping) must not crash the process: an idle one's reaches
  // the pool, a busy one's its query, which answers 503; the listener keeps it from throwing.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = productKysely(new PostgresDialect({ pool }));
  return { writer: db, reader: db, engine: "postgres", close: () => db.destroy() };
}

function sqliteFile(dataDir: string): string {
  const file = join(dataDir, SQLITE_FILE);
  ensurePrivateFile(file);
  return file;
}

/**
 * Each app connection's page cache, in KiB (SQLite's default is 2 MB): the console's lists and
 * "Needs attention" read across thousands of clients' rows, which a 2 MB cache keeps re-reading.
 */
const PAGE_CACHE_KIB = 32 * 1024;

/** A connection to the file: WAL, synced at every commit, and what waits for a lock (`busyMs`). */
function sqliteHandle(file: string, busyMs: number, readOnly = false) {
  const handle = new Database(file);
  handle.pragma("journal_mode = WAL");
  handle.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  // FULL syncs the WAL at every commit: an answered write survives SIGKILL and power loss.
  handle.pragma("synchronous = FULL");
  handle.pragma(`busy_timeout = ${busyMs}`);
  if (readOnly) handle.pragma("query_only = ON");
  return handle;
}

function openSqlite(dataDir: string): ProductDb {
  const file = sqliteFile(dataDir);
  // No busy wait inside SQLite on the app's connections: it would block the event loop.
  const writer = productKysely(
    new ImmediateSqliteDialect({ database: cachedStatements(sqliteHandle(file, 0)) }),
  );
  const reader = productKysely(
    new ImmediateSqliteDialect({ database: cachedStatements(sqliteHandle(file, 0, true)) }),
  );
  return {
    writer,
    reader,
    engine: "sqlite",
    async close() {
      await Promise.all([writer.destroy(), reader.destroy()]);
    },
  };
}

export function openDatabase(settings: DatabaseSettings): ProductDb {
  return settings.databaseUrl ? openPostgres(settings.databaseUrl) : openSqlite(settings.dataDir);
}

/**
 * Brings the schema to the newest version. On SQLite through a connection of its own that waits
 * for another process's lock inside SQLite: nothing else runs yet.
 */
export async function migrate(settings: DatabaseSettings): Promise<string[]> {
  if (settings.databaseUrl) {
    const { writer, close } = openPostgres(settings.databaseUrl);
    try {
      return await migrateToLatest(writer as Kysely<unknown>);
    } finally {
      await close();
    }
  }
  const file = sqliteFile(settings.dataDir);
  const db = new Kysely<unknown>({
    dialect: new ImmediateSqliteDialect({ database: sqliteHandle(file, WRITE_LOCK_WAIT_MS) }),
  });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Brings the schema to the newest version, then opens the database. */
export async function openMigratedDatabase(settings: DatabaseSettings): Promise<ProductDb> {
  await migrate(settings);
  return openDatabase(settings);
}
