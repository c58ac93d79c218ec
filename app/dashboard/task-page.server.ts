// A task's page for the signed-in client: what to do, what to hand in, every version handed in with
// its review, and the task's discussion; its posts are a hand-in (multipart) or a comment.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { readClientState } from "~/data/client-programme.server";
import { accountBook } from "~/data/client-accounts.server";
import { database } from "~/data/connection.server";
import { taskHandIns } from "~/data/hand-ins.server";
import { threadMessages } from "~/data/messages.server";
import { toasts } from "~/content/toasts";
import { formError, postedFields } from "~/forms/answer.server";
import { handInWork } from "~/hand-ins/handing-in.server";
import { getEnv } from "~/lib/env.server";
import { notFound } from "~/lib/not-found.server";
import { answersSavePath, handInUploadPath, taskPath } from "~/lib/paths";
import { postMessage } from "~/messages/posting.server";
import { blockingSprint, findSprint, sprintPageView } from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import { shownHandIns, shownMessages } from "~/people/names";
import { assignAction, taskAssignment } from "~/accounts/task-assignment.server";
import { ASSIGN_INTENT, SAVE_ANSWERS_INTENT, SUBMIT_ANSWERS_INTENT } from "~/forms/schemas";
import { loadQuestionnaire, questionnaireAction } from "~/questionnaires/questionnaire.server";
import type { Member } from "~/session/guards.server";

export async function loadTaskPage(
  request: Request,
  { user, accountId }: Member,
  segment: string | undefined,
  taskId: string | undefined,
) {
  const db = await database();
  const { content } = await programmeOf(db, accountId);
  const sprint = findSprint(content, segment);
  if (!sprint) throw notFound(request);
  const now = Date.now();
  const page = sprintPageView(sprint, content, await readClientState(db, accountId), now);
  const task = page.tasks.find((candidate) => candidate.id === taskId);
  if (!task) throw notFound(request);
  // A locked sprint's tasks wait behind its placeholder.
  if (!page.sprint.open) throw redirect(page.sprint.path);
  const actor = { id: user.id, email: user.email, role: "client" as const };
  const [handIns, discussion, book, assignment] = await Promise.all([
    taskHandIns(db, accountId, task.id),
    threadMessages(db, accountId, { withInternal: false, taskId: task.id }),
    accountBook(db, accountId),
    task.owner === "client" ? taskAssignment(db, accountId, task.id, actor) : null,
  ]);
  const reader = { email: user.email, role: "client" as const, book };
  const latest = handIns[0]?.status;
  const questionnaire = await loadQuestionnaire(db, accountId, task, { reader, latest });
  const env = getEnv();
  return {
    sprint: {
      id: sprint.id,
      name: page.sprint.name,
      title: page.sprint.title,
      path: page.sprint.path,
    },
    task,
    handIns: shownHandIns(handIns, reader),
    discussion: shownMessages(discussion, reader),
    assignment,
    now,
    questionnaire,
    paths: {
      page: taskPath(sprint.id, task.id),
      upload: handInUploadPath(sprint.id, task.id),
      answers: answersSavePath(sprint.id, task.id),
    },
    limits: { maxFileBytes: env.UPLOAD_MAX_FILE_BYTES, maxFiles: env.UPLOAD_MAX_FILES },
  };
}

const isMultipart = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** A hand-in (the multipart form), "Who does this" (its intent) or a comment on the task. */
export async function taskPageAction(
  request: Request,
  context: AppLoadContext,
  member: Member,
  segment: string | undefined,
  taskId: string | undefined,
) {
  if (isMultipart(request)) return handInWork(request, context, member, segment, taskId);
  const { user, accountId } = member;
  const db = await database();
  const { content } = await programmeOf(db, accountId);
  const sprint = findSprint(content, segment);
  const task = sprint?.tasks.find((candidate) => candidate.id === taskId);
  if (!sprint || !task) throw notFound(request);
  const state = await readClientState(db, accountId);
  if (blockingSprint(sprint, content, state) !== null) {
    return formError(context, toasts.sprintLocked, { status: 403 });
  }
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (form && (intent === SAVE_ANSWERS_INTENT || intent === SUBMIT_ANSWERS_INTENT)) {
    if (task.handIn !== "form" || !task.form) {
      return formError(context, toasts.handInNotAsked, { status: 409 });
    }
    const place = { content, sprint, task };
    return questionnaireAction(context, member, place, form, intent === SUBMIT_ANSWERS_INTENT);
  }
  const fields = form && postedFields(form);
  if (fields?.intent === ASSIGN_INTENT) {
    if (task.owner !== "client") return formError(context, toasts.taskNotFound, { status: 404 });
    const actor = { id: user.id, email: user.email, role: "client" as const };
    return assignAction(context, actor, accountId, task, fields, taskPath(sprint.id, task.id));
  }
  return postMessage(fields, context, {
    clientId: accountId,
    author: { id: user.id, email: user.email, role: "client" },
    threadPath: taskPath(sprint.id, task.id),
    taskId: task.id,
  });
}
