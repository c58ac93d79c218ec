// The first schema: each client's overall progress, sprint states (status, progress, countdown
// start), task states and objective progress, keyed by the auth service's user id.
import { sql, type Kysely } from "kysely";

const SPRINT_STATUS = sql`status in ('not-started', 'in-progress', 'completed')`;
const TASK_STATUS = sql`status in ('pending', 'in-progress', 'completed')`;
const PERCENT = (column: string) => sql`${sql.ref(column)} between 0 and 100`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("clients")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("overall_progress", "integer", (column) => column.check(PERCENT("overall_progress")))
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("sprint_states")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("sprint_id", "integer", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.check(SPRINT_STATUS))
    .addColumn("progress", "integer", (column) => column.check(PERCENT("progress")))
    .addColumn("started_at", "bigint")
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("sprint_states_pk", ["user_id", "sprint_id"])
    .execute();
  await db.schema
    .createTable("task_states")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull().check(TASK_STATUS))
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("task_states_pk", ["user_id", "task_id"])
    .execute();
  await db.schema
    .createTable("objective_states")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("objective_id", "text", (column) => column.notNull())
    .addColumn("progress", "integer", (column) => column.notNull().check(PERCENT("progress")))
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("objective_states_pk", ["user_id", "objective_id"])
    .execute();
}
