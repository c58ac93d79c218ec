// A due day ends at midnight in its account's zone: a task fact keeps that moment beside its day,
// indexed as the day was, and an account's row may name a zone of staff's choosing.
import { sql, type Kysely } from "kysely";

const DAY_MS = 86_400_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: the account's due days follow its primary contact's zone.
  await db.schema.alterTable("clients").addColumn("due_time_zone", "text").execute();
  await db.schema
    .alterTable("client_task_facts")
    .addColumn("due_end", "bigint", (column) => column.notNull().defaultTo(0))
    .execute();
  // Facts written before were UTC days; the rules' next version rewrites them all at start.
  await sql`update client_task_facts set due_end = (due_day + 1) * ${sql.lit(DAY_MS)}`.execute(db);
  await db.schema
    .createIndex("client_task_facts_open_by_end")
    .on("client_task_facts")
    .columns(["settled", "due_end"])
    .execute();
  await db.schema.dropIndex("client_task_facts_open_in_order").execute();
  await db.schema
    .createIndex("client_task_facts_open_in_order")
    .on("client_task_facts")
    .columns(["due_end", "user_id", "task_id"])
    .where(sql.ref("settled"), "=", 0)
    .execute();
}
