// The product database: PostgreSQL when DATABASE_URL is set (several app instances share it),
// otherwise an SQLite file in DATA_DIR (WAL, synced at every commit: a write is on disk before its
// answer). One Kysely instance per process, over either engine.
import Database from "libsql";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { migrateToLatest } from "./migrations.server";
import type { ProductDatabase } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface ProductDb {
  db: Kysely<ProductDatabase>;
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

/** PostgreSQL's bigint (OID 20) as a number: the app stores milliseconds and counts in it. */
const BIGINT_OID = 20;
const postgresTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === BIGINT_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function openPostgres(connectionString: string): ProductDb {
  const pool = new pg.Pool({ connectionString, max: 10, types: postgresTypes });
  // An idle client's error (the server restarting) must not crash the process.
  pool.on("error", () => undefined);
  const db = new Kysely<ProductDatabase>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: "postgres", close: () => db.destroy() };
}

/** libsql's handle with each statement prepared once (Kysely prepares on every query). */
function withStatementCache(sqlite: Database.Database): SqliteDatabase {
  const statements = new Map<string, ReturnType<Database.Database["prepare"]>>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase["prepare"]>;
    },
  };
}

function openSqlite(dataDir: string): ProductDb {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, SQLITE_FILE);
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // FULL syncs the WAL at every commit: an answered write survives SIGKILL and power loss.
  sqlite.pragma("synchronous = FULL");
  // Another process (a migration, an export) holding the write lock is waited for, briefly.
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<ProductDatabase>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    engine: "sqlite",
    async close() {
      await db.destroy();
    },
  };
}

export function openDatabase(settings: DatabaseSettings): ProductDb {
  return settings.databaseUrl ? openPostgres(settings.databaseUrl) : openSqlite(settings.dataDir);
}

/** Opens the database and brings its schema to the newest version. */
export async function openMigratedDatabase(settings: DatabaseSettings): Promise<ProductDb> {
  const opened = openDatabase(settings);
  try {
    await migrateToLatest(opened.db as Kysely<unknown>);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}
