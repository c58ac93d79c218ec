// A task staff add or change for one client takes the programme file's other fields too: who does
// it, what is handed in, whether approval decides it, its tool link (null: as the template says).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ["owner", "text"],
    ["hand_in", "text"],
    ["hand_in_required", "integer"],
    ["link", "text"],
  ] as const) {
    await db.schema.alterTable("client_programme_items").addColumn(column, type).execute();
  }
}
