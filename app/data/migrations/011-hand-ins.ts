// Hand-ins: a client's work on a task, in numbered versions, each reviewed once by the agency; the
// files of a version are shared files pointing to it; a message may be about one task.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("hand_ins")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("link", "text", (column) => column.notNull())
    .addColumn("note", "text", (column) => column.notNull())
    .addColumn("submitted_by_email", "text", (column) => column.notNull())
    .addColumn("submitted_at", "bigint", (column) => column.notNull())
    // in-review until a decision: approved or changes-requested.
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("reviewer_email", "text")
    .addColumn("review_comment", "text")
    .addColumn("reviewed_at", "bigint")
    .addUniqueConstraint("hand_ins_version", ["client_id", "task_id", "version"])
    .execute();
  await db.schema
    .createIndex("hand_ins_by_status")
    .on("hand_ins")
    .columns(["status", "submitted_at"])
    .execute();
  await db.schema.alterTable("shared_files").addColumn("hand_in_id", "bigint").execute();
  await db.schema
    .createIndex("shared_files_by_hand_in")
    .on("shared_files")
    .column("hand_in_id")
    .execute();
  await db.schema.alterTable("messages").addColumn("task_id", "text").execute();
  await db.schema
    .createIndex("messages_by_task")
    .on("messages")
    .columns(["client_id", "task_id", "id"])
    .execute();
}
