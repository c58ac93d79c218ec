// Files shared between a client and the agency: the bytes are in the file store under the row's id;
// a row exists only once its bytes are stored whole.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("shared_files")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("bytes", "bigint", (column) => column.notNull())
    .addColumn("sha256", "text", (column) => column.notNull())
    .addColumn("note", "text", (column) => column.notNull())
    .addColumn("shared_by_id", "text", (column) => column.notNull())
    .addColumn("shared_by_email", "text", (column) => column.notNull())
    .addColumn("shared_by_role", "text", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("shared_files_by_client")
    .on("shared_files")
    .columns(["client_id", "created_at"])
    .execute();
}
