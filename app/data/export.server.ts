// Copies the product data from the SQLite file to PostgreSQL (a team outgrowing one machine): every
// table the schema has, read from the catalogue so none is forgotten, page by page in one
// transaction on a target with no data yet; serial ids' sequences then start past the highest id.
import { sql, type Kysely } from "kysely";
import type { ProductDb } from "./database.server";

/** Kysely's own bookkeeping: the target's migrations wrote it already. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
const PAGE_ROWS = 500;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** The SQLite file's tables, each after every table it refers to. */
async function sqliteTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string; refers: string | null }>`
    select m.name as name, f."table" as refers
    from sqlite_master m left join pragma_foreign_key_list(m.name) f
    where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
  const refers = new Map<string, Set<string>>();
  for (const row of rows) {
    if (MIGRATION_TABLES.has(row.name)) continue;
    const set = refers.get(row.name) ?? new Set<string>();
    if (row.refers && row.refers !== row.name) set.add(row.refers);
    refers.set(row.name, set);
  }
  const ordered: string[] = [];
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    for (const other of refers.get(table) ?? []) visit(other);
    ordered.push(table);
  };
  for (const table of [...refers.keys()].sort()) visit(table);
  return ordered;
}

/** PostgreSQL's tables of the current schema. */
async function postgresTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.has(name));
}

/** Sets every serial column's sequence past the highest value its table holds. */
async function moveSequences(db: AnyDb) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    await sql`select setval(
      pg_get_serial_sequence(${table}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1,
      false)`.execute(db);
  }
}

/**
 * Copies every row of the SQLite database `from` into the PostgreSQL database `to`; returns the
 * rows copied per table. Throws, copying nothing, if `to` holds data or lacks one of the tables.
 */
export async function copyProductData(from: ProductDb, to: ProductDb) {
  const source = from.reader as unknown as AnyDb;
  const target = to.writer as unknown as AnyDb;
  const tables = await sqliteTables(source);
  const targetTables = new Set(await postgresTables(target));
  const missing = tables.filter((table) => !targetTables.has(table));
  if (missing.length > 0) {
    throw new Error(`the target has no table ${missing.join(", ")}: nothing was copied`);
  }
  for (const table of targetTables) {
    const row = await target
      .selectFrom(table)
      .select(sql`1`.as("one"))
      .limit(1)
      .executeTakeFirst();
    if (row) {
      throw new Error(`the target already holds product data (table ${table}): nothing was copied`);
    }
  }
  const copied: Record<string, number> = {};
  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      copied[table] = 0;
      for (let after = Number.MIN_SAFE_INTEGER; ;) {
        const { rows } = await sql<Record<string, unknown> & { export_rowid: number }>`
          select rowid as export_rowid, * from ${sql.table(table)}
          where rowid > ${after} order by rowid limit ${PAGE_ROWS}`.execute(source);
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]?.export_rowid);
        await trx
          .insertInto(table)
          .values(rows.map(({ export_rowid: _rowid, ...row }) => row))
          .execute();
        copied[table] += rows.length;
      }
    }
    await moveSequences(trx);
  });
  return copied;
}
