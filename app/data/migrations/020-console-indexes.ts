// What the console reads on every view, from an index alone: a thread's messages from one side that
// a reader has not read (counted in the index), and the invitations still waiting, oldest first.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("messages_by_author")
    .on("messages")
    .columns(["client_id", "author_role", "internal", "id"])
    .execute();
  await db.schema
    .createIndex("clients_by_invitation")
    .on("clients")
    .columns(["auth_state", "auth_created_at", "email"])
    .execute();
}
