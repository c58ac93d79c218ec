// A client account made from now on has an id of its own: its row in `clients` is the account alone
// (`account_only`), its people rows of their own; the row shows its primary contact's directory entry.
import { sql, type Kysely, type SqlBool } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("account_only", "integer").execute();
  // A sync brings a contact's entry to their account's row by this key.
  await db.schema
    .createIndex("clients_by_contact")
    .on("clients")
    .column("primary_contact_id")
    .where(sql<SqlBool>`account_only = 1`)
    .execute();
}
