// The answers a client account is writing on a task's form: a row a question, shared by the
// account's people; a save writes only the answers it carries, the last save of each winning.
import type { Executor } from "./connection.server";

/** A string, or a list of strings for a choice of several. */
export type StoredAnswer = string | string[];

export interface DraftAnswer {
  answer: StoredAnswer;
  savedByEmail: string;
  savedAt: number;
}

export interface AnswersSave {
  clientId: string;
  taskId: string;
  /** Each question's answer, or null to clear it. */
  answers: Record<string, StoredAnswer | null>;
  by: { id: string; email: string };
  at: number;
}

/** Writes `save`'s answers over the account's (those it does not carry stay as they were). */
export async function saveAnswers(trx: Executor, save: AnswersSave): Promise<void> {
  const { clientId, taskId, by, at } = save;
  for (const [questionId, answer] of Object.entries(save.answers)) {
    const key = { client_id: clientId, task_id: taskId, question_id: questionId };
    if (answer === null) {
      await trx
        .deleteFrom("form_answers")
        .where("client_id", "=", clientId)
        .where("task_id", "=", taskId)
        .where("question_id", "=", questionId)
        .execute();
      continue;
    }
    const values = {
      answer: JSON.stringify(answer),
      saved_by_id: by.id,
      saved_by_email: by.email,
      saved_at: at,
    };
    await trx
      .insertInto("form_answers")
      .values({ ...key, ...values })
      .onConflict((conflict) =>
        conflict.columns(["client_id", "task_id", "question_id"]).doUpdateSet(values),
      )
      .execute();
  }
}

function storedAnswer(json: string): StoredAnswer | null {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  } catch {
    // Not written by this version: read as no answer.
  }
  return null;
}

/** The account's answers on the task's form, by question id. */
export async function draftAnswers(
  db: Executor,
  clientId: string,
  taskId: string,
): Promise<Record<string, DraftAnswer>> {
  const rows = await db
    .selectFrom("form_answers")
    .select(["question_id", "answer", "saved_by_email", "saved_at"])
    .where("client_id", "=", clientId)
    .where("task_id", "=", taskId)
    .execute();
  const draft: Record<string, DraftAnswer> = {};
  for (const row of rows) {
    const answer = storedAnswer(row.answer);
    if (answer === null) continue;
    draft[row.question_id] = {
      answer,
      savedByEmail: row.saved_by_email,
      savedAt: Number(row.saved_at),
    };
  }
  return draft;
}
