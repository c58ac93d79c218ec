// A client account staff let go: when they deactivated it (its people can open nothing, its rows
// stay); null while it is active.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("deactivated_at", "bigint").execute();
}
