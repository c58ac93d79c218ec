// Each client's earliest open due day and earliest deadline become one moment, the first at which
// they are late: "late by now" is one index range, counted without reading any row.
import { sql, type Kysely } from "kysely";

const DAY_MS = 86_400_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("client_deadlines").addColumn("late_from", "bigint").execute();
  // The end of the earliest open due day, or the earliest deadline, whichever comes first.
  const dueDayEnd = sql`(first_due_day + 1) * ${sql.lit(DAY_MS)}`;
  await sql`update client_deadlines set late_from = case
      when first_due_day is null then first_deadline
      when first_deadline is null or ${dueDayEnd} < first_deadline then ${dueDayEnd}
      else first_deadline end`.execute(db);
  for (const column of ["first_due_day", "first_deadline"]) {
    await db.schema.dropIndex(`client_deadlines_by_${column}`).execute();
    await db.schema.alterTable("client_deadlines").dropColumn(column).execute();
  }
  await db.schema
    .createIndex("client_deadlines_by_late_from")
    .on("client_deadlines")
    .column("late_from")
    .execute();
}
