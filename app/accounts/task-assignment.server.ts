// Who does a client's task: any of the account's people (or staff) gives it to one person of the
// account or back to anyone, with a trail line; each reader reads "Your task", "Dana's task".
import { factLine } from "~/programme/trail-facts";
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { peopleOf, personOf } from "~/data/client-accounts.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import { assignTask, assigneesOf, type Assignee } from "~/data/task-assignees.server";
import { formError, type PostedFields } from "~/forms/answer.server";
import { redirectWithToast } from "~/forms/toast.server";
import { personName } from "~/people/names";

/** The name a task's reader calls its assignee by: "Your task", "Dana's task" (staff: full name). */
export function assigneeLabel(assignee: Assignee | undefined, reader: Actor): string | null {
  if (!assignee) return null;
  if (assignee.personId === reader.id) return "Your task";
  const name = personName(assignee.email, assignee.name);
  return `${reader.role === "staff" ? name : (name.split(" ")[0] ?? name)}'s task`;
}

/** "Who does this" on a task's page: the label, the account's people to choose from, and who is. */
export async function taskAssignment(
  db: Executor,
  accountId: string,
  taskId: string,
  reader: Actor,
) {
  const [assignees, people] = await Promise.all([
    assigneesOf(db, accountId),
    peopleOf(db, accountId),
  ]);
  const assignee = assignees.get(taskId);
  return {
    label: assigneeLabel(assignee, reader),
    chosen: assignee?.personId ?? "",
    choices: people.map((person) => ({
      id: person.userId,
      label: `${personName(person.email, person.name)}${person.userId === reader.id ? " (you)" : ""}`,
    })),
  };
}

const ANYONE = "Anyone";

/**
 * "Who does this", posted: `fields.personId` (one of the account's people now, or "" for anyone)
 * does the task from now on, with the trail's line; back to `page`. Anyone else is refused.
 */
export async function assignAction(
  context: AppLoadContext,
  actor: Actor,
  accountId: string,
  task: { id: string; title: string },
  fields: PostedFields,
  page: string,
) {
  const personId = fields.personId ?? "";
  const db = await database();
  const people = await peopleOf(db, accountId);
  if (personId !== "" && !people.some((person) => person.userId === personId)) {
    return formError(context, toasts.personNotFound, { status: 404 });
  }
  await inTransaction(async (trx) => {
    const before = (await assigneesOf(trx, accountId)).get(task.id);
    if ((before?.personId ?? "") === personId) return;
    const after = personId === "" ? null : await personOf(trx, personId);
    const at = Date.now();
    await assignTask(trx, accountId, task.id, personId === "" ? null : personId, at);
    await recordEvent(trx, {
      clientId: accountId,
      actor,
      audience: "client",
      changes: [
        {
          ...factLine(
            { action: "task-assignee", task: task.id, title: task.title },
            before ? personName(before.email, before.name) : ANYONE,
            after ? personName(after.email, after.name) : ANYONE,
          ),
          item: { kind: "task", id: task.id },
        },
      ],
      at,
    });
  });
  return redirectWithToast(page, toasts.taskAssigned);
}
