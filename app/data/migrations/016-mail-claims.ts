// One mail in flight per reader and thread, whatever the number of app instances: a worker claims
// the pair before it reads what to send, and gives it back once the outcome is recorded.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_claims")
    .addColumn("scope", "text", (column) => column.primaryKey())
    .addColumn("holder", "text", (column) => column.notNull())
    // A claim whose worker died lapses then.
    .addColumn("held_until", "bigint", (column) => column.notNull())
    .execute();
}
