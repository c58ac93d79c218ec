// What staff set for the agency's own portal (its name, colour, sender, landing words), one row
// with a version every change raises, and the agency's trail of those changes.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("agency_settings")
    // Always 1: there is one agency.
    .addColumn("id", "integer", (column) => column.primaryKey())
    // The settings staff saved, as JSON; what is missing is the default (or the environment's).
    .addColumn("settings", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("agency_trail")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("actor_id", "text", (column) => column.notNull())
    .addColumn("actor_email", "text", (column) => column.notNull())
    .addColumn("field", "text", (column) => column.notNull())
    .addColumn("before_value", "text", (column) => column.notNull())
    .addColumn("after_value", "text", (column) => column.notNull())
    .addColumn("at", "bigint", (column) => column.notNull())
    .execute();
}
