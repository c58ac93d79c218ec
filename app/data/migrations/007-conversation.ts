// The conversation between each client and the agency: its messages (internal notes among them,
// which only staff read), one summary row per thread, and each reader's read marker.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("messages")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("author_id", "text", (column) => column.notNull())
    .addColumn("author_email", "text", (column) => column.notNull())
    .addColumn("author_role", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("internal", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("messages_by_thread")
    .on("messages")
    .columns(["client_id", "id"])
    .execute();
  await db.schema
    .createTable("threads")
    .addColumn("client_id", "text", (column) => column.primaryKey())
    .addColumn("last_message_id", "bigint", (column) => column.notNull())
    .addColumn("last_message_at", "bigint", (column) => column.notNull())
    // Since when the client's latest words wait for an agency answer; null once answered.
    .addColumn("awaiting_since", "bigint")
    .execute();
  await db.schema
    .createIndex("threads_by_wait")
    .on("threads")
    .columns(["awaiting_since", "last_message_at"])
    .execute();
  await db.schema
    .createTable("thread_reads")
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("reader_id", "text", (column) => column.notNull())
    .addColumn("last_read_id", "bigint", (column) => column.notNull())
    .addColumn("read_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("thread_reads_pk", ["client_id", "reader_id"])
    .execute();
}
