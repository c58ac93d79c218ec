// Mail about messages: each person's choice (every message, a daily digest, off), the threads a
// staff member stopped following, how far each reader was mailed, and every delivery's outcome.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("mail_preferences")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("mode", "text", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("mail_preferences_pk", ["user_id", "kind"])
    .execute();
  await db.schema
    .createTable("thread_mutes")
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("reader_id", "text", (column) => column.notNull())
    .addColumn("muted_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("thread_mutes_pk", ["client_id", "reader_id"])
    .execute();
  await db.schema
    .alterTable("thread_reads")
    .addColumn("mailed_through_id", "bigint", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("mail_deliveries")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("mail_key", "text", (column) => column.notNull().unique())
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("recipient_id", "text", (column) => column.notNull())
    .addColumn("recipient_email", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("detail", "text", (column) => column.notNull())
    .addColumn("message_count", "integer", (column) => column.notNull())
    .addColumn("at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("mail_deliveries_by_client")
    .on("mail_deliveries")
    .columns(["client_id", "at"])
    .execute();
}
