// When each rule began: reminders after a due day passed are sent only for due days from the first
// start with them on (its row written then), so a due day that passed before is never reminded of.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rules_since")
    .addColumn("rule", "text", (column) => column.primaryKey())
    // UTC days since the epoch: the first due day the rule applies to.
    .addColumn("since_day", "bigint", (column) => column.notNull())
    .execute();
}
