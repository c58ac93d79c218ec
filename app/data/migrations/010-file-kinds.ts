// Each shared file's Content-Type, as its bytes were found to be when it was shared (decision 056).
// Files shared before this version were never sniffed: they hold application/octet-stream.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("shared_files")
    .addColumn("content_type", "text", (column) =>
      column.notNull().defaultTo("application/octet-stream"),
    )
    .execute();
}
