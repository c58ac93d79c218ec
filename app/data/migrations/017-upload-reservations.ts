// Room held for uploads on their way: each holds its declared size against its client's storage
// until it is stored or refused (or its time runs out), so uploads in flight count against it.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("upload_reservations")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("bytes", "bigint", (column) => column.notNull())
    // An upload whose process died holds nothing past this.
    .addColumn("held_until", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("upload_reservations_by_client")
    .on("upload_reservations")
    .column("client_id")
    .execute();
}
