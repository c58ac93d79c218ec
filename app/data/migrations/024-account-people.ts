// What a client account's people see of each other: the name a person goes by, and on the account's
// row its name as staff set it, its primary contact (null: its first person) and whether colleagues
// may invite colleagues (off unless staff turn it on). Staff-only names stay where they were.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("person_name", "text").execute();
  await db.schema.alterTable("clients").addColumn("account_name", "text").execute();
  await db.schema.alterTable("clients").addColumn("primary_contact_id", "text").execute();
  await db.schema.alterTable("clients").addColumn("colleagues_may_invite", "integer").execute();
}
