// Replies by mail bring files: each file sent with a message is linked to it, and a mail that was
// not posted tells its key's reader why at most once an hour (when they were last told is kept).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shared_files").addColumn("message_id", "bigint").execute();
  await db.schema
    .createIndex("shared_files_by_message")
    .on("shared_files")
    .column("message_id")
    .execute();
  await db.schema.alterTable("inbound_mails").addColumn("noticed_at", "bigint").execute();
  await db.schema
    .createIndex("inbound_mails_by_reader")
    .on("inbound_mails")
    .columns(["reader_id", "noticed_at"])
    .execute();
}
