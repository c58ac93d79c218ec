// Replies by mail: the key each single-thread mail carries (only its hash kept, with its reader,
// thread and expiry), and a row for every mail received, with where its raw copy is and its outcome.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("reply_keys")
    // SHA-256 of the key, hex: a leaked database cannot post.
    .addColumn("key_hash", "text", (column) => column.primaryKey())
    .addColumn("reader_id", "text", (column) => column.notNull())
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("inbound_mails")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("received_at", "bigint", (column) => column.notNull())
    // smtp, webhook, imap or outbox: the way it came in.
    .addColumn("source", "text", (column) => column.notNull())
    // Its Message-ID; null for a copy of one already received (the unique index keeps one).
    .addColumn("message_key", "text", (column) => column.unique())
    .addColumn("sha256", "text", (column) => column.notNull())
    .addColumn("bytes", "bigint", (column) => column.notNull())
    // The raw mail in the file store, until it is 30 days old.
    .addColumn("raw_key", "text")
    .addColumn("sender", "text")
    .addColumn("subject", "text")
    // posted, held, dropped, refused or duplicate; with why, in words staff read.
    .addColumn("outcome", "text", (column) => column.notNull())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("client_id", "text")
    .addColumn("reader_id", "text")
    // The reply as it would be posted (held mail keeps it for "Post to thread").
    .addColumn("reply", "text")
    .addColumn("message_id", "bigint")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "bigint")
    .execute();
  await db.schema
    .createIndex("inbound_mails_by_outcome")
    .on("inbound_mails")
    .columns(["outcome", "received_at"])
    .execute();
}
