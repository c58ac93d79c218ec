// Who made each change in the audit trail (a client's own ticks are in it now), and the durable
// jobs that changes leave for later work (mails, reminders), claimed by one worker at a time.
import { PostgresAdapter, sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audit_events")
    .addColumn("actor_role", "text", (column) => column.notNull().defaultTo("staff"))
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("jobs")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("payload", "text", (column) => column.notNull())
    // The same key twice is one job: what makes a mail go out once.
    .addColumn("dedupe_key", "text", (column) => column.unique())
    .addColumn("run_after", "bigint", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "bigint")
    .addColumn("done_at", "bigint")
    .addColumn("failed_at", "bigint")
    .addColumn("last_error", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("jobs_due")
    .on("jobs")
    .columns(["run_after", "id"])
    .where(sql.ref("done_at"), "is", null)
    .execute();
}
