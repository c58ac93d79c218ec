// A task's own questions for one client: the form staff gave them in place of the template's.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: the form's questions; null: the template's.
  await db.schema.alterTable("client_programme_items").addColumn("form", "text").execute();
}
