// Each client's own programme: the template they follow (and the version of it they were given),
// every version of every template served, and what the agency changed for one client alone.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["template_id", "template_version"]) {
    await db.schema.alterTable("clients").addColumn(column, "text").execute();
  }
  await db.schema
    .createTable("programme_templates")
    .addColumn("template_id", "text", (column) => column.notNull())
    .addColumn("version", "text", (column) => column.notNull())
    .addColumn("source", "text", (column) => column.notNull())
    .addColumn("served_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("programme_templates_key", ["template_id", "version"])
    .execute();
  await db.schema
    .createTable("client_programme_items")
    .addColumn("user_id", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("item_id", "text", (column) => column.notNull())
    .addColumn("sprint_id", "integer", (column) => column.notNull())
    // Set by the agency for this client; null: as the template says.
    .addColumn("title", "text")
    .addColumn("description", "text")
    .addColumn("due_after_days", "integer")
    .addColumn("position", "integer")
    .addColumn("hidden", "integer", (column) => column.notNull().defaultTo(0))
    // 1 for an item the agency added for this client (no template has it).
    .addColumn("added", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("client_programme_items_key", ["user_id", "kind", "item_id"])
    .execute();
}
