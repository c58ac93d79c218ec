// A task fact no longer says "done" but "settled": done, or handed in and waiting for the agency's
// review, neither of which is overdue or reminded of. The rules' new version rewrites every fact.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("client_task_facts").renameColumn("done", "settled").execute();
}
