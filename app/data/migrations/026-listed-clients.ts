// The console at companies of several people: the listed clients get an index of their own (page 1
// in activity order, the count), and the unlisted kept in their partial index are again only the
// few who may own a programme (staff, people forgotten): an account's other people own none.
import { sql, type Kysely, type SqlBool } from "kysely";

const UNLISTED_OWNERS = sql<SqlBool>`(is_staff is null or is_staff <> 0 or email is null
  or account_id is null)`;
const LISTED = sql<SqlBool>`(is_staff = 0 and email is not null and account_id = user_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("clients_unlisted").execute();
  await db.schema
    .createIndex("clients_unlisted")
    .on("clients")
    .column("user_id")
    .where(UNLISTED_OWNERS)
    .execute();
  await db.schema
    .createIndex("clients_listed")
    .on("clients")
    .columns(["activity_at", "email"])
    .where(LISTED)
    .execute();
  // It replaces the list's first index, which SQLite would still choose (staff or not, by activity)
  // and walk through every colleague to fill a page.
  await db.schema.dropIndex("clients_by_activity").execute();
}
