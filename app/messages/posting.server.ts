// Posting to a client's thread, for either side: the post read through the message schema (the
// form again with the text kept when refused), at most 30 a minute per person, stored with its
// thread summary, the client's activity and its mail's job, then a ping to the thread's pages.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { inTransaction, type Executor } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import { recordMessage } from "~/data/messages.server";
import {
  formError,
  parseFields,
  refusal,
  tooManyAttempts,
  type PostedFields,
} from "~/forms/answer.server";
import { messageSchema } from "~/forms/schemas";
import { takeAttempt } from "~/lib/rate-limit.server";
import { getEnv } from "~/lib/env.server";
import { messageMailJob } from "./mail-job";

export interface MessagePost {
  clientId: string;
  author: Actor;
  /** Where the thread is shown: the answer to a stored message. */
  threadPath: string;
  /** The task the message is about (a comment on its page), if any. */
  taskId?: string;
}

/** Posts `fields` (the form read by the caller, null when it could not be read) to the thread. */
export async function postMessage(
  fields: PostedFields | null,
  context: AppLoadContext,
  post: MessagePost,
) {
  if (!fields) return formError(context, toasts.messageEmpty);
  const values = { body: fields.body ?? "", internal: fields.internal ?? "" };
  const parsed = parseFields(messageSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const wait = await takeAttempt("message", context.clientIp, post.author.id);
  if (wait !== null) return tooManyAttempts(context, wait, { values });
  // Only staff write internal notes; a client's post that claims to be one is an ordinary message.
  const internal = post.author.role === "staff" && parsed.value.internal;
  await inTransaction((trx) =>
    writeMessage(trx, { ...post, body: parsed.value.body, internal }, Date.now()),
  );
  return redirect(post.threadPath);
}

/**
 * Writes a message to the thread in `trx`, with what follows every message: the thread's summary,
 * the client's activity and its mail's job (never for a note), a ping once committed. Its id.
 */
export async function writeMessage(
  trx: Executor,
  message: Omit<MessagePost, "threadPath"> & { body: string; internal: boolean },
  at: number,
): Promise<number> {
  const { clientId, author, body, internal, taskId } = message;
  const id = await recordMessage(trx, { clientId, author, body, internal, at, taskId });
  await recordEvent(trx, {
    clientId,
    actor: author,
    changes: [],
    // A note is never mailed: no client may read it, and staff read it in the console.
    jobs: internal ? [] : [messageMailJob(clientId, id, at, getEnv().MESSAGE_MAIL_DELAY_SECONDS)],
    audience: internal ? "staff" : "client",
    at,
  });
  return id;
}
