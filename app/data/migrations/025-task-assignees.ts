// Who of a client account's people does one of its tasks: at most one person per task; no row, the
// task is anyone's in the account. Keyed by account and task, read by person when one leaves.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("task_assignees")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addColumn("person_id", "text", (column) => column.notNull())
    .addColumn("assigned_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("task_assignees_pk", ["user_id", "task_id"])
    .execute();
  await db.schema
    .createIndex("task_assignees_by_person")
    .on("task_assignees")
    .column("person_id")
    .execute();
}
