// Who a client is, as the agency names them: a name and a company, shown with their e-mail.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["display_name", "company"]) {
    await db.schema.alterTable("clients").addColumn(column, "text").execute();
  }
}
