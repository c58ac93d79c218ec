// A task's form: the answers a client account is writing (one row a question, the last save wins,
// with who saved it and when), and the answers each hand-in version was handed in with.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("form_answers")
    .addColumn("client_id", "text", (column) => column.notNull())
    .addColumn("task_id", "text", (column) => column.notNull())
    .addColumn("question_id", "text", (column) => column.notNull())
    // JSON: a string, or a list of strings for a choice of several.
    .addColumn("answer", "text", (column) => column.notNull())
    .addColumn("saved_by_id", "text", (column) => column.notNull())
    .addColumn("saved_by_email", "text", (column) => column.notNull())
    .addColumn("saved_at", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("form_answers_pk", ["client_id", "task_id", "question_id"])
    .execute();
  // JSON: the form's questions and the answers, as handed in; null for a hand-in of files or a link.
  await db.schema.alterTable("hand_ins").addColumn("answers", "text").execute();
}
