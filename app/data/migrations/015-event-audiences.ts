// Who may read each line of the audit trail (staff only, or the client too) and the task or
// objective it names; lines written before are classified by their wording, staff-only when unsure.
import type { Kysely } from "kysely";

const BATCH = 1_000;

/** What earlier lines that named no task or objective said: a sprint's or the programme's figures. */
const SPRINT_LINE = /^(?!.* (?:task|objective)(?:: | "))(?!Hand-in: ).+ (?:status|progress|start)$/;

/**
 * Who may read a line written before lines said so: the client for the programme's figures and a
 * shared file; staff alone for everything else, a line naming a task or objective among them (which
 * one is not recorded, so it may be one hidden from the client).
 */
export function audienceOfEarlierLine(field: string): "client" | "staff" {
  if (field === "Overall progress" || field === "File shared") return "client";
  return SPRINT_LINE.test(field) ? "client" : "staff";
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audit_events")
    .addColumn("audience", "text", (column) => column.notNull().defaultTo("staff"))
    .execute();
  await db.schema.alterTable("audit_events").addColumn("item_kind", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("item_id", "text").execute();
  const trail = db as unknown as Kysely<{
    audit_events: { id: number; field: string; audience: string };
  }>;
  for (let after = -1; ;) {
    const rows = await trail
      .selectFrom("audit_events")
      .select(["id", "field"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    const shown = rows.filter((row) => audienceOfEarlierLine(row.field) === "client");
    if (shown.length > 0) {
      await trail
        .updateTable("audit_events")
        .set({ audience: "client" })
        .where(
          "id",
          "in",
          shown.map((row) => row.id),
        )
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = Number(last.id);
  }
}
