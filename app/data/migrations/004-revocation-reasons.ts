// Why each revocation marker was written (signed out of all devices, or a password change), so a
// device it signs out can be told why. Markers written before this version were sign-outs.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("session_revocations")
    .addColumn("reason", "text", (column) => column.notNull().defaultTo("everywhere"))
    .execute();
}
