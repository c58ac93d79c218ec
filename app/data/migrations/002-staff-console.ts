// The staff console's tables: the client directory (each auth user's e-mail, state, role and last
// activity, mirrored from the auth service so the console can search, sort and page thousands of
// clients, and when it was last synced) and the audit trail of every change the agency makes.
import { PostgresAdapter, sql, type Kysely } from "kysely";

const DIRECTORY_COLUMNS: Array<[string, "text" | "bigint" | "integer"]> = [
  ["email", "text"],
  ["auth_state", "text"],
  ["is_staff", "integer"],
  ["auth_created_at", "bigint"],
  ["last_sign_in_at", "bigint"],
  ["last_changed_at", "bigint"],
  ["activity_at", "bigint"],
  ["synced_at", "bigint"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const [name, type] of DIRECTORY_COLUMNS) {
    await db.schema.alterTable("clients").addColumn(name, type).execute();
  }
  await db.schema
    .createIndex("clients_by_activity")
    .on("clients")
    .columns(["is_staff", "activity_at"])
    .execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("audit_events")
    .addColumn("id", postgres ? "bigserial" : "integer", (column) =>
      postgres ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("actor_id", "text", (column) => column.notNull())
    .addColumn("actor_email", "text", (column) => column.notNull())
    .addColumn("field", "text", (column) => column.notNull())
    .addColumn("before_value", "text", (column) => column.notNull())
    .addColumn("after_value", "text", (column) => column.notNull())
    .addColumn("at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("audit_events_by_client")
    .on("audit_events")
    .columns(["client_id", "at"])
    .execute();
  // When the directory was last synced in full (one row), so every app instance sees it.
  await db.schema
    .createTable("directory_sync")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("synced_at", "bigint", (column) => column.notNull())
    .execute();
  // Rows written before the directory existed are clients whose e-mail the next sync fills in.
  await sql`update clients set is_staff = 0 where is_staff is null`.execute(db);
}
