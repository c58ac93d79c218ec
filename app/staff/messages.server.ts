// The conversation in the console: one client's thread (internal notes included), read as it is
// shown, with its mails' deliveries; a staff member's post or note to it, or their following of
// it; and every thread, those waiting first.
import type { AppLoadContext } from "@remix-run/node";
import { readClientState } from "~/data/client-programme.server";
import { database, inTransaction } from "~/data/connection.server";
import { deliveriesOf, followsThread, setFollowsThread } from "~/data/mail.server";
import { staffInbox } from "~/data/messages.server";
import { readForm } from "~/forms/answer.server";
import { FOLLOW_INTENT } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { toasts } from "~/content/toasts";
import { staffClientMessagesPath } from "~/lib/paths";
import { postMessage } from "~/messages/posting.server";
import { noticesHidden, readThread } from "~/messages/reading.server";
import { programmeView } from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";

export async function loadStaffThread(
  request: Request,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const hideNotices = noticesHidden(request);
  const reader = { id: staff.id, email: staff.email, role: "staff" as const };
  const [state, { content }, messages, follows, deliveries] = await Promise.all([
    readClientState(db, client.userId),
    programmeOf(db, client.userId),
    readThread(client.userId, reader, { withoutNotices: hideNotices }),
    followsThread(db, client.userId, staff.id),
    deliveriesOf(db, client.userId),
  ]);
  const { current } = programmeView(content, state, Date.now());
  return {
    client,
    current,
    messages,
    hideNotices,
    follows,
    deliveries,
    now: Date.now(),
  };
}

export async function staffMessageAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const fields = await readForm(request);
  const threadPath = staffClientMessagesPath(client.userId);
  if (fields?.intent === FOLLOW_INTENT) {
    const follows = fields.follow === "on";
    await inTransaction((trx) =>
      setFollowsThread(trx, client.userId, staff.id, follows, Date.now()),
    );
    return redirectWithToast(threadPath, follows ? toasts.threadFollowed : toasts.threadUnfollowed);
  }
  return postMessage(fields, context, {
    clientId: client.userId,
    author: { id: staff.id, email: staff.email, role: "staff" },
    threadPath,
  });
}

export async function loadInbox(staff: SessionUser) {
  return { threads: await staffInbox(await database(), staff.id), now: Date.now() };
}
