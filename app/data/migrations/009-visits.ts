// Each person's visits to a client's pages (the client's own, or a staff member's in the console):
// when they were last seen, and where their current visit's "since your last visit" starts.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visits")
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("viewer_id", "text", (column) => column.notNull())
    .addColumn("seen_at", "bigint", (column) => column.notNull())
    // The end of the visit before this one; null on a first visit.
    .addColumn("since_at", "bigint")
    .addPrimaryKeyConstraint("visits_pk", ["client_id", "viewer_id"])
    .execute();
}
