// Task reminders: each person's time zone (null: UTC) and whether they chose it, and every reminder
// claimed for a client's task, one row per task and kind, so each is asked for once, ever.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("time_zone", "text").execute();
  // When the person chose it on the account page; null: it follows their browser at sign-in.
  await db.schema.alterTable("clients").addColumn("time_zone_chosen_at", "bigint").execute();
  await db.schema
    .createTable("task_reminders")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    // "day-before" or "due-day".
    .addColumn("kind", "text", (column) => column.notNull())
    // The UTC day it was due on (days since the epoch) when it was claimed.
    .addColumn("due_day", "integer", (column) => column.notNull())
    .addColumn("claimed_at", "bigint", (column) => column.notNull())
    // When its mail was accepted; null until then, and for one the client no longer needed.
    .addColumn("mailed_at", "bigint")
    .addPrimaryKeyConstraint("task_reminders_pk", ["user_id", "task_id", "kind"])
    .execute();
}
