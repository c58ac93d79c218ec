// This process's product database, opened (and migrated) once from the configuration: reads through
// `database()`, every write through `inTransaction()`, whose caller passes the transaction to each
// data function so a change and its consequences commit together.
import { sql } from "kysely";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { openMigratedDatabase, type Executor, type ProductDb } from "./database.server";
import { isDatabaseUnavailable } from "./unavailable.server";

export type { Executor };

let current: Promise<ProductDb> | undefined;

function productDatabase(): Promise<ProductDb> {
  if (!current) {
    const env = getEnv();
    current = openMigratedDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    // A failed open is not kept: the next request tries again.
    current.catch(() => {
      current = undefined;
    });
  }
  return current;
}

/** Opens the database now (at start-up), so that one that cannot be opened stops the start. */
export async function openProductDatabase(): Promise<void> {
  await productDatabase();
}

/** The database to read from, outside a transaction. */
export async function database(): Promise<Executor> {
  return (await productDatabase()).reader;
}

/** What each open transaction runs once it has committed. */
const committed = new WeakMap<Executor, Array<() => void>>();

/** Runs `work` in one transaction: everything it writes is stored together, or nothing is. */
export async function inTransaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
  const { writer } = await productDatabase();
  const after: Array<() => void> = [];
  const result = await writer.transaction().execute((trx) => {
    committed.set(trx, after);
    return work(trx);
  });
  // What follows a commit cannot undo it: a failure there is logged, and the write still answered.
  for (const run of after) {
    try {
      run();
    } catch (error) {
      log("error", "after_commit_failed", { detail: String(error) });
    }
  }
  return result;
}

/**
 * A write a page's read makes on the side (a read marker, a visit): when the database cannot take
 * writes now, it is skipped and `fallback` returned, so the page is still shown, not a 503.
 */
export async function writeAlongside<T>(
  work: (trx: Executor) => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await inTransaction(work);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return fallback;
    throw error;
  }
}

/** Runs `run` once the transaction `trx` has committed (never, if it rolls back). */
export function onCommit(trx: Executor, run: () => void): void {
  const after = committed.get(trx);
  if (!after) throw new Error("onCommit needs a transaction opened by inTransaction");
  after.push(run);
}

/** Which engine this process stores in. */
export async function databaseEngine(): Promise<ProductDb["engine"]> {
  return (await productDatabase()).engine;
}

/**
 * A value that changes whenever anything is committed to the database, by this process or another:
 * SQLite's data version as the reader sees it, PostgreSQL's write-ahead log position. It may also
 * change when nothing a query reads did, never the other way.
 */
export async function dataVersion(): Promise<string> {
  const { reader, engine } = await productDatabase();
  const { rows } = await (
    engine === "sqlite"
      ? sql<{ version: number }>`select data_version as version from pragma_data_version`
      : sql<{ version: string }>`select pg_current_wal_lsn()::text as version`
  ).execute(reader);
  return String(rows[0]?.version);
}

/** Whether the database answers a query now (the readiness probe). */
export async function databaseAnswers(): Promise<boolean> {
  try {
    await sql`select 1`.execute(await database());
    return true;
  } catch {
    return false;
  }
}

/** Closes the database (shutdown); a later use opens it again. */
export async function closeProductDatabase(): Promise<void> {
  const open = current;
  current = undefined;
  if (open) await (await open.catch(() => undefined))?.close();
}
