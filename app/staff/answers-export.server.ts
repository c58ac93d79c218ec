// A task form's answers as CSV for staff: every version one client handed in, or each client's
// latest of a template's task (its questions now, then any a client was asked instead, as the
// columns); file answers by their names.
import { database, type Executor } from "~/data/connection.server";
import { formHandIns, type FormHandIn } from "~/data/hand-ins.server";
import { programmesOf } from "~/data/client-programmes.server";
import { notFound } from "~/lib/not-found.server";
import { findTask } from "~/programme/client-programme";
import type { QuestionContent } from "~/programme/model";
import { programmeTemplates } from "~/programme/templates.server";
import { answersCsv, type AnswersRow } from "~/questionnaires/csv";
import { clientOf } from "./client-of.server";

/** The names of the files `handIns`' answers name, by id. */
async function fileNames(db: Executor, handIns: FormHandIn[]): Promise<Map<string, string>> {
  const ids = handIns.flatMap((handIn) =>
    handIn.form.questions
      .filter((question) => question.kind === "file")
      .map((question) => handIn.form.answers[question.id])
      .filter((answer): answer is string => typeof answer === "string"),
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("shared_files")
    .select(["id", "name"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function csvResponse(
  db: Executor,
  questions: QuestionContent[],
  handIns: FormHandIn[],
  fileName: string,
) {
  const names = await fileNames(db, handIns);
  const rows = handIns.map((handIn): AnswersRow => ({
    client: handIn.clientEmail,
    version: handIn.version,
    submittedAt: new Date(handIn.at).toISOString(),
    submittedBy: handIn.submittedByEmail,
    answers: Object.fromEntries(
      Object.entries(handIn.form.answers).map(([id, answer]) => [
        id,
        typeof answer === "string" && names.has(answer) ? names.get(answer)! : answer,
      ]),
    ),
  }));
  return new Response(answersCsv(questions, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Every version of `taskId`'s form one client handed in, oldest first. */
export async function clientAnswersCsv(
  request: Request,
  clientId: string | undefined,
  taskId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const handIns = await formHandIns(db, taskId ?? "", client.userId);
  const last = handIns.at(-1);
  if (!last) throw notFound(request);
  return csvResponse(db, last.form.questions, handIns, `${taskId}.csv`);
}

/** The latest form each client following `templateId` handed in on `taskId`. */
export async function templateAnswersCsv(
  request: Request,
  templateId: string | undefined,
  taskId: string | undefined,
) {
  const template = programmeTemplates().get(templateId ?? "");
  const questions = template && findTask(template.content, taskId)?.task.form?.questions;
  if (!template || !questions) throw notFound(request);
  const db = await database();
  const handIns = await formHandIns(db, taskId ?? "");
  const programmes = await programmesOf(db, [...new Set(handIns.map((handIn) => handIn.clientId))]);
  const latest = new Map<string, FormHandIn>();
  for (const handIn of handIns) {
    if (programmes.get(handIn.clientId)?.template.id === template.id) {
      latest.set(handIn.clientId, handIn);
    }
  }
  const handedIn = [...latest.values()];
  // A client given their own questions answered some the template does not ask.
  const columns = new Map(questions.map((question) => [question.id, question]));
  for (const question of handedIn.flatMap((handIn) => handIn.form.questions)) {
    if (!columns.has(question.id)) columns.set(question.id, question);
  }
  return csvResponse(db, [...columns.values()], handedIn, `${template.id}-${taskId}.csv`);
}
