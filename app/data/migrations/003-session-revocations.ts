// Revocation markers in the product database, so they survive restarts and every app instance
// sharing the database sees them: "every session of this user but one, as of this moment, ended".
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("session_revocations")
    .addColumn("user_id", "text", (column) => column.primaryKey())
    .addColumn("revoked_at", "bigint", (column) => column.notNull())
    .addColumn("kept_session_id", "text")
    .execute();
}
