// What the console, the filters and reminders ask of every client, kept with each change: each
// sprint under way with its deadline, each of its tasks with a due day (whose, which day, done),
// each client's earliest of both, and the version of the rules that wrote them.
import { sql, type Kysely, type SqlBool } from "kysely";

/** The directory's rows the console does not list (staff, people the auth service forgot). */
const UNLISTED = sql<SqlBool>`(is_staff is null or is_staff <> 0 or email is null)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("client_sprint_facts")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("sprint_id", "integer", (column) => column.notNull())
    .addColumn("deadline", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("client_sprint_facts_pk", ["user_id", "sprint_id"])
    .execute();
  await db.schema
    .createIndex("client_sprint_facts_by_deadline")
    .on("client_sprint_facts")
    .column("deadline")
    .execute();
  await db.schema
    .createTable("client_task_facts")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addColumn("sprint_id", "integer", (column) => column.notNull())
    .addColumn("owner", "text", (column) => column.notNull())
    // UTC days since the epoch.
    .addColumn("due_day", "bigint", (column) => column.notNull())
    .addColumn("done", "integer", (column) => column.notNull())
    .addPrimaryKeyConstraint("client_task_facts_pk", ["user_id", "task_id"])
    .execute();
  await db.schema
    .createIndex("client_task_facts_open_by_day")
    .on("client_task_facts")
    .columns(["done", "due_day"])
    .execute();
  // Each client's earliest open due day and earliest deadline: whether they are late is one row.
  await db.schema
    .createTable("client_deadlines")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("first_due_day", "bigint")
    .addColumn("first_deadline", "bigint")
    .execute();
  for (const column of ["first_due_day", "first_deadline"]) {
    await db.schema
      .createIndex(`client_deadlines_by_${column}`)
      .on("client_deadlines")
      .column(column)
      .execute();
  }
  // The few the console leaves out, so that counts over every client subtract them quickly.
  await db.schema
    .createIndex("clients_unlisted")
    .on("clients")
    .column("user_id")
    .where(UNLISTED)
    .execute();
  await db.schema
    .createTable("fact_rules")
    .addColumn("id", "integer", (column) => column.primaryKey())
    // The rules' version and the templates served when the facts were last written whole.
    .addColumn("basis", "text", (column) => column.notNull())
    .addColumn("built_at", "bigint", (column) => column.notNull())
    .execute();
}
