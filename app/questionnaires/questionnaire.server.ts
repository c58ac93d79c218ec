// A task's form for the client: the account's answers as saved (who saved each, when), a save
// that keeps every valid answer it carries, and "Submit", which saves, checks the required
// questions and hands the answers in as the task's next version.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { readClientState } from "~/data/client-programme.server";
import { programmeOf } from "~/data/client-programmes.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { draftAnswers, saveAnswers } from "~/data/form-answers.server";
import { clientFiles, sharedFileById } from "~/data/shared-files.server";
import { latestHandInStatuses } from "~/data/hand-ins.server";
import { formError, postedValues } from "~/forms/answer.server";
import { redirectWithToast } from "~/forms/toast.server";
import { refusedToStaff, storeHandIn } from "~/hand-ins/handing-in.server";
import { notFound } from "~/lib/not-found.server";
import { answersSavePath, SAVED_PARAM, taskPath } from "~/lib/paths";
import { blockingSprint, findSprint } from "~/programme/client-programme";
import { clientPerson, type Reader } from "~/people/names";
import type { ProgrammeContent, SprintContent, TaskContent } from "~/programme/model";
import type { HandInStatus } from "~/data/schema";
import type { Member } from "~/session/guards.server";
import { FIELD_PREFIX, missingRequired, readAnswers, type Answer } from "./answers";
import { ASKED_FIELD, type QuestionnaireView, type SavedAnswer } from "./questionnaire-view";

/** Whether a task's answers may change after its `latest` version: not while it waits, nor approved. */
const openAfter = (latest: HandInStatus | undefined) =>
  latest !== "in-review" && latest !== "approved";

async function answersOpen(db: Executor, accountId: string, taskId: string) {
  return openAfter((await latestHandInStatuses(db, accountId)).get(taskId));
}

/** The task's form as its page draws it, after its `latest` version (the page has read it). */
export async function loadQuestionnaire(
  db: Executor,
  accountId: string,
  task: TaskContent,
  { reader, latest }: { reader: Reader; latest: HandInStatus | undefined },
): Promise<QuestionnaireView | null> {
  if (task.handIn !== "form" || !task.form) return null;
  const asksForFile = task.form.questions.some((question) => question.kind === "file");
  const [draft, files] = await Promise.all([
    draftAnswers(db, accountId, task.id),
    asksForFile ? clientFiles(db, accountId) : [],
  ]);
  const open = openAfter(latest);
  const saved: Record<string, SavedAnswer> = {};
  for (const [questionId, entry] of Object.entries(draft)) {
    const savedBy = clientPerson(entry.savedByEmail, reader);
    saved[questionId] = { answer: entry.answer, savedBy, savedAt: entry.savedAt };
  }
  const offered = files.map((file) => ({ id: file.id, name: file.name }));
  return { questions: task.form.questions, saved, open, files: offered };
}

/** What the form shows again after a refusal: each answer as typed (several as JSON). */
function shownValues(typed: Record<string, Answer>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(typed).map(([id, answer]) => [
      `${FIELD_PREFIX}${id}`,
      Array.isArray(answer) ? JSON.stringify(answer) : answer,
    ]),
  );
}

type Saved =
  | { ok: true }
  | { ok: false; locked: boolean; errors: Record<string, string>; typed: Record<string, Answer> };

/**
 * Saves the answers `posted` carries to the questions it asked in `trx`: each valid one written
 * (an empty one cleared), each refused one named. Nothing changes once the answers are handed in.
 */
async function saveIn(
  trx: Executor,
  { user, accountId }: Member,
  task: TaskContent,
  posted: Record<string, string[]>,
  at: number,
): Promise<Saved> {
  const questions = task.form?.questions ?? [];
  const read = readAnswers(questions, posted);
  if (!(await answersOpen(trx, accountId, task.id))) {
    return { ok: false, locked: true, errors: {}, typed: read.typed };
  }
  // A file answer names one of the account's own files (its id may have been forged).
  for (const question of questions.filter((candidate) => candidate.kind === "file")) {
    const fileId = read.answers[question.id];
    if (typeof fileId !== "string") continue;
    const file = await sharedFileById(trx, fileId);
    if (file?.clientId !== accountId) {
      delete read.answers[question.id];
      read.errors[question.id] = "Choose one of your files.";
    }
  }
  const asked = new Set(posted[ASKED_FIELD] ?? []);
  const answers: Record<string, Answer | null> = {};
  for (const question of questions) {
    if (!asked.has(question.id) || question.id in read.errors) continue;
    answers[question.id] = read.answers[question.id] ?? null;
  }
  await saveAnswers(trx, {
    clientId: accountId,
    taskId: task.id,
    answers,
    by: { id: user.id, email: user.email },
    at,
  });
  if (Object.keys(read.errors).length > 0) {
    return { ok: false, locked: false, errors: read.errors, typed: read.typed };
  }
  return { ok: true };
}

const errorsByField = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([id, text]) => [`${FIELD_PREFIX}${id}`, text]));

/**
 * A save from the page's script as the client writes (the task named by its page's `segment` and
 * `taskId`): once saved, a redirect to the save's own address marked `saved` (its loader answers
 * 204, so the script knows it reached the save and not the sign-in page); else JSON with each
 * refused answer's note (the valid ones saved) as 422, 409 once handed in, 403 in a locked sprint,
 * 400 for a post that answers none of the form's questions, 405 for anything but a post.
 */
export async function saveAnswersFromScript(
  request: Request,
  member: Member,
  segment: string | undefined,
  taskId: string | undefined,
) {
  const refused = (status: number, errors: Record<string, string> = {}) =>
    Response.json({ saved: false, errors }, { status });
  if (request.method !== "POST") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  }
  const db = await database();
  const { content } = await programmeOf(db, member.accountId);
  const sprint = findSprint(content, segment);
  const task = sprint?.tasks.find((candidate) => candidate.id === taskId);
  if (!sprint || task?.handIn !== "form" || !task.form) throw notFound(request);
  if (blockingSprint(sprint, content, await readClientState(db, member.accountId)) !== null) {
    return refused(403);
  }
  const form = await request.formData().catch(() => null);
  const posted = form ? postedValues(form) : null;
  const questions = new Set(task.form.questions.map((question) => question.id));
  if (!posted || !(posted[ASKED_FIELD] ?? []).some((id) => questions.has(id))) return refused(400);
  const at = Date.now();
  const saved = await inTransaction((trx) => saveIn(trx, member, task, posted, at));
  if (saved.ok) return redirect(`${answersSavePath(sprint.id, task.id)}?${SAVED_PARAM}`, 303);
  return refused(saved.locked ? 409 : 422, errorsByField(saved.errors));
}

/** "Save draft" (the page again with a toast) or "Submit" (the answers handed in for review). */
export async function questionnaireAction(
  context: AppLoadContext,
  member: Member,
  place: { content: ProgrammeContent; sprint: SprintContent; task: TaskContent },
  form: FormData,
  submit: boolean,
) {
  const { content, sprint, task } = place;
  const { user, accountId } = member;
  const posted = postedValues(form);
  const path = taskPath(sprint.id, task.id);
  return inTransaction(async (trx) => {
    const at = Date.now();
    const saved = await saveIn(trx, member, task, posted, at);
    if (!saved.ok) {
      const toast = saved.locked ? toasts.answersLocked : toasts.answersRefused;
      return formError(context, toast, {
        status: saved.locked ? 409 : 422,
        values: shownValues(saved.typed),
        errors: errorsByField(saved.errors),
      });
    }
    if (!submit) return redirectWithToast(path, toasts.answersSaved);
    const byStaff = refusedToStaff(context, user);
    if (byStaff) return byStaff;
    const questions = task.form?.questions ?? [];
    const draft = await draftAnswers(trx, accountId, task.id);
    const answers = Object.fromEntries(
      Object.entries(draft).map(([id, entry]) => [id, entry.answer]),
    );
    const missing = missingRequired(questions, answers);
    if (Object.keys(missing).length > 0) {
      return formError(context, toasts.answersMissing, {
        status: 422,
        values: shownValues(answers),
        errors: errorsByField(missing),
      });
    }
    const stored = await storeHandIn(
      trx,
      context,
      { accountId, content, sprint, task },
      {
        author: { id: user.id, email: user.email, role: "client" },
        link: "",
        note: "",
        files: [],
        answers: JSON.stringify({ questions, answers }),
        values: {},
      },
    );
    return stored.answer;
  });
}
