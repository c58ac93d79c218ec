// Reviews in the console: the queue of hand-ins waiting (oldest first, across clients), and one
// client's task with every version handed in, the review form and the task's discussion.
import type { AppLoadContext } from "@remix-run/node";
import { readClientState } from "~/data/client-programme.server";
import { accountBook } from "~/data/client-accounts.server";
import { database } from "~/data/connection.server";
import { reviewQueue, taskHandIns } from "~/data/hand-ins.server";
import { threadMessages } from "~/data/messages.server";
import { readForm } from "~/forms/answer.server";
import { ASSIGN_INTENT, COMMENT_INTENT } from "~/forms/schemas";
import { reviewHandIn } from "~/hand-ins/reviewing.server";
import { notFound } from "~/lib/not-found.server";
import { clientAnswersCsvPath, staffClientTaskPath } from "~/lib/paths";
import { postMessage } from "~/messages/posting.server";
import {
  dateValue,
  findTask,
  newDueDay,
  programmeView,
  sprintPageView,
} from "~/programme/client-programme";
import { programmeOf, programmesOf } from "~/data/client-programmes.server";
import { shownHandIns, shownMessages } from "~/people/names";
import { assignAction, taskAssignment } from "~/accounts/task-assignment.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";

export async function loadReviewQueue() {
  const db = await database();
  const waiting = await reviewQueue(db);
  const programmes = await programmesOf(db, [...new Set(waiting.map((item) => item.clientId))]);
  return {
    waiting: waiting.map((item) => ({
      ...item,
      taskTitle:
        findTask(programmes.get(item.clientId)!.content, item.taskId)?.task.title ?? item.taskId,
      path: staffClientTaskPath(item.clientId, item.taskId),
    })),
    now: Date.now(),
  };
}

export async function loadClientTask(
  request: Request,
  staff: SessionUser,
  clientId: string | undefined,
  taskId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const { content } = await programmeOf(db, client.userId);
  const found = findTask(content, taskId);
  if (!found) throw notFound(request);
  const now = Date.now();
  const state = await readClientState(db, client.userId);
  const page = sprintPageView(found.sprint, content, state, now);
  const task = page.tasks.find((candidate) => candidate.id === found.task.id);
  if (!task) throw notFound(request);
  const actor = { id: staff.id, email: staff.email, role: "staff" as const };
  const [handIns, discussion, book, assignment] = await Promise.all([
    taskHandIns(db, client.userId, task.id),
    threadMessages(db, client.userId, { withInternal: true, taskId: task.id }),
    accountBook(db, client.userId),
    task.owner === "client" ? taskAssignment(db, client.userId, task.id, actor) : null,
  ]);
  const reader = { email: staff.email, role: "staff" as const, book };
  return {
    client,
    current: programmeView(content, state, now).current,
    sprint: { name: page.sprint.name, title: page.sprint.title },
    task,
    handIns: shownHandIns(handIns, reader),
    discussion: shownMessages(discussion, reader),
    assignment,
    path: staffClientTaskPath(client.userId, task.id),
    now,
    newDueOn: dateValue(newDueDay(state, now)),
    answersCsv: handIns.some((handIn) => handIn.form)
      ? clientAnswersCsvPath(client.userId, task.id)
      : null,
  };
}

/**
 * A comment on the task (`intent=comment`, a note if ticked), "Who does this" (its intent), else a
 * review of a hand-in.
 */
export async function clientTaskAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
  taskId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const found = findTask((await programmeOf(await database(), client.userId)).content, taskId);
  if (!found) throw notFound(request);
  const fields = await readForm(request);
  const author = { id: staff.id, email: staff.email, role: "staff" as const };
  const path = staffClientTaskPath(client.userId, found.task.id);
  if (fields === null || fields.intent === COMMENT_INTENT) {
    return postMessage(fields, context, {
      clientId: client.userId,
      author,
      threadPath: path,
      taskId: found.task.id,
    });
  }
  if (fields.intent === ASSIGN_INTENT) {
    if (found.task.owner !== "client") throw notFound(request);
    return assignAction(context, author, client.userId, found.task, fields, path);
  }
  return reviewHandIn(fields, context, author, { clientId: client.userId, found, path });
}
