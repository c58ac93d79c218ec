// Copies the product data from one database to another (the embedded SQLite file to PostgreSQL,
// when a team outgrows one machine): every table, in one transaction on the target, which must not
// hold product data yet.
import type { Kysely } from "kysely";
import type { ProductDb } from "./database.server";
import type { ProductDatabase } from "./schema";

/** Every table of the product data, in an order that satisfies any reference between them. */
export const PRODUCT_TABLES = [
  "clients",
  "sprint_states",
  "task_states",
  "objective_states",
  "audit_events",
  "session_revocations",
] as const satisfies readonly (keyof ProductDatabase)[];

const BATCH_ROWS = 500;

async function rowCount(db: Kysely<ProductDatabase>, table: keyof ProductDatabase) {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Copies every row; returns the rows copied per table. Throws, copying nothing, if `to` has data. */
export async function copyProductData(from: ProductDb, to: ProductDb) {
  for (const table of PRODUCT_TABLES) {
    if ((await rowCount(to.db, table)) > 0) {
      throw new Error(`the target already holds product data (table ${table}): nothing was copied`);
    }
  }
  const copied: Record<string, number> = {};
  await to.db.transaction().execute(async (target) => {
    for (const table of PRODUCT_TABLES) {
      copied[table] = 0;
      const rows = await from.db.selectFrom(table).selectAll().execute();
      for (let start = 0; start < rows.length; start += BATCH_ROWS) {
        const batch = rows.slice(start, start + BATCH_ROWS);
        await target
          .insertInto(table)
          .values(batch as never)
          .execute();
        copied[table] += batch.length;
      }
    }
  });
  return copied;
}
