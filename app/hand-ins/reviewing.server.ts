// A staff member's review of one hand-in, decided once: approved (the task is done) or changes
// requested (back to the client with the comment and a new due day), in one transaction with its
// audit lines and a message to the client about the task (mailed as messages are).
import { factLine } from "~/programme/trail-facts";
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { applyProgrammeChanges, readClientState } from "~/data/client-programme.server";
import { inTransaction } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import { recordReview } from "~/data/hand-ins.server";
import { recordMessage } from "~/data/messages.server";
import { formError, parseFields, refusal, type PostedFields } from "~/forms/answer.server";
import { reviewSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { getEnv } from "~/lib/env.server";
import { messageMailJob } from "~/messages/mail-job";
import {
  accountDay,
  type findTask,
  newDueDay,
  sprintPageView,
  startDayOf,
} from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import { taskChange } from "~/programme/programme-edits";
import { planEdit, type PlanEditRequest } from "~/programme/client-plan-edits";
import { savePlanItems } from "~/data/client-plans.server";

export interface ReviewTarget {
  clientId: string;
  /** The task reviewed and its sprint, as the programme has them. */
  found: NonNullable<ReturnType<typeof findTask>>;
  /** The staff task page: where the reviewer lands again. */
  path: string;
}

const DECISION_LABELS = { approved: "Approved", "changes-requested": "Changes requested" };

export async function reviewHandIn(
  fields: PostedFields,
  context: AppLoadContext,
  reviewer: Actor,
  target: ReviewTarget,
) {
  const values = { comment: fields.comment ?? "", dueOn: fields.dueOn ?? "" };
  const parsed = parseFields(reviewSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { handInId, decision, comment } = parsed.value;
  const { found } = target;
  const taskId = found.task.id;
  const approved = decision === "approved";
  return inTransaction(async (trx) => {
    const at = Date.now();
    const { clientId } = target;
    // The new due day is a day of the account's calendar, today or later.
    const before = await readClientState(trx, clientId);
    const dueDay = parsed.value.dueOn ?? newDueDay(before, at);
    if (!approved && dueDay < accountDay(before, at)) {
      const hint = toasts.newDueDayPast.description;
      return formError(context, toasts.newDueDayPast, { values, errors: { dueOn: hint } });
    }
    const version = await recordReview(trx, {
      handInId,
      clientId,
      taskId,
      decision,
      comment,
      reviewerEmail: reviewer.email,
      at,
    });
    if (version === null)
      return formError(context, toasts.reviewedAlready, { status: 409, values });
    const state = await readClientState(trx, clientId);
    const { content, base, plan } = await programmeOf(trx, clientId);
    const page = sprintPageView(found.sprint, content, state, at);
    const task = page.tasks.find((candidate) => candidate.id === taskId);
    const status = approved ? "completed" : "pending";
    const changes =
      task && task.status !== status ? [taskChange(page.sprint.id, task, status)] : [];
    await applyProgrammeChanges(trx, clientId, changes, at);
    // Sent back, the task is due again on the day staff chose, counted from its sprint's start.
    const redate: PlanEditRequest = {
      intent: "redate",
      kind: "task",
      sprintId: found.sprint.id,
      itemId: taskId,
      dueOn: dueDay,
    };
    const startDay = startDayOf(state, found.sprint.id);
    const redated = approved ? { items: [], lines: [] } : planEdit(base, plan, redate, startDay);
    if ("items" in redated) await savePlanItems(trx, clientId, redated.items, at);
    const title = found.task.title;
    const messageId = await recordMessage(trx, {
      clientId,
      author: reviewer,
      // What the client is told, in the task's discussion and by mail.
      body: comment,
      fact: { action: decision, task: taskId, title, version },
      internal: false,
      at,
      taskId,
    });
    await recordEvent(trx, {
      clientId,
      actor: reviewer,
      audience: "client",
      changes: [
        ...changes,
        ...("lines" in redated ? redated.lines : []),
        {
          ...factLine(
            { action: "hand-in", task: taskId, title, version },
            "In review",
            DECISION_LABELS[decision],
          ),
          item: { kind: "task", id: taskId },
        },
      ],
      jobs: [messageMailJob(clientId, messageId, at, getEnv().MESSAGE_MAIL_DELAY_SECONDS)],
      at,
    });
    return redirectWithToast(target.path, approved ? toasts.approved : toasts.changesRequested);
  });
}
