// Each person the portal knows belongs to at most one client account, whose programme, thread and
// files they share: every client so far becomes the account of one person, with that person's id.
import { sql, type Kysely, type SqlBool } from "kysely";

/** The rows the console does not list now: staff, people forgotten, and the accounts' other people. */
const UNLISTED = sql<SqlBool>`(is_staff is null or is_staff <> 0 or email is null
  or account_id is null or account_id <> user_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("account_id", "text").execute();
  // When staff removed the person from their account: they keep their sign-in, and no access.
  await db.schema.alterTable("clients").addColumn("removed_at", "bigint").execute();
  // Every client's row, with a directory entry or not yet (a plan kept before the first sync).
  await sql`update clients set account_id = user_id where is_staff = 0`.execute(db);
  await db.schema.createIndex("clients_by_account").on("clients").column("account_id").execute();
  await db.schema.dropIndex("clients_unlisted").execute();
  await db.schema
    .createIndex("clients_unlisted")
    .on("clients")
    .column("user_id")
    .where(UNLISTED)
    .execute();
}
