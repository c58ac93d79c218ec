// The open task facts and the sprint deadlines also indexed in the order "Needs attention" lists
// them (oldest first, then by client), so its oldest few are read without a sort; the narrower
// indexes stay for the counts.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("client_task_facts_open_in_order")
    .on("client_task_facts")
    .columns(["due_day", "user_id", "task_id"])
    .where(sql.ref("done"), "=", 0)
    .execute();
  await db.schema
    .createIndex("client_sprint_facts_in_order")
    .on("client_sprint_facts")
    .columns(["deadline", "user_id", "sprint_id"])
    .execute();
}
