// Posting to a client's thread, for either side: the post read through the message schema (the
// form again with the text kept when refused), at most 30 a minute per person, stored with its
// thread summary and the client's activity, then a ping to the pages that show the thread.
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { recordActivity } from "~/data/client-directory.server";
import { inTransaction, onCommit } from "~/data/connection.server";
import { recordMessage } from "~/data/messages.server";
import type { ActorRole } from "~/data/schema";
import { formError, parseFields, readForm, refusal, tooManyAttempts } from "~/forms/answer.server";
import { messageSchema } from "~/forms/schemas";
import { publishChange } from "~/lib/live-bus.server";
import { takeAttempt } from "~/lib/rate-limit.server";
import { redirect } from "@remix-run/node";

export interface MessagePost {
  clientId: string;
  author: { id: string; email: string; role: ActorRole };
  /** Where the thread is shown: the answer to a stored message. */
  threadPath: string;
}

export async function postMessage(request: Request, context: AppLoadContext, post: MessagePost) {
  const fields = await readForm(request);
  if (!fields) return formError(context, toasts.messageEmpty);
  const values = { body: fields.body ?? "", internal: fields.internal ?? "" };
  const parsed = parseFields(messageSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const wait = await takeAttempt("message", context.clientIp, post.author.id);
  if (wait !== null) return tooManyAttempts(context, wait, { values });
  // Only staff write internal notes; a client's post that claims to be one is an ordinary message.
  const internal = post.author.role === "staff" && parsed.value.internal;
  await inTransaction(async (trx) => {
    const at = Date.now();
    await recordMessage(trx, {
      clientId: post.clientId,
      author: post.author,
      body: parsed.value.body,
      internal,
      at,
    });
    if (!internal) await recordActivity(trx, post.clientId, at);
    onCommit(trx, () => publishChange({ clientId: post.clientId, staffOnly: internal }));
  });
  return redirect(post.threadPath);
}
