// The client's thread with the agency: its messages (never an internal note), read as it is shown;
// and the client's post to it.
import type { AppLoadContext } from "@remix-run/node";
import { database } from "~/data/connection.server";
import { unreadByClient } from "~/data/messages.server";
import { readForm } from "~/forms/answer.server";
import { MESSAGES_PATH } from "~/lib/paths";
import { postMessage } from "~/messages/posting.server";
import { noticesHidden, readThread } from "~/messages/reading.server";
import type { Member } from "~/session/guards.server";

export async function loadClientThread(request: Request, { user, accountId, preview }: Member) {
  const hideNotices = noticesHidden(request);
  const reader = { id: user.id, email: user.email, role: "client" as const };
  const messages = await readThread(accountId, reader, {
    withoutNotices: hideNotices,
    preview: preview !== undefined,
  });
  return { messages, hideNotices, now: Date.now() };
}

/** The agency's messages the person has not read, for the sidebar. */
export async function clientUnread({ user, accountId }: Member): Promise<number> {
  return unreadByClient(await database(), accountId, user.id);
}

export async function clientMessageAction(
  request: Request,
  context: AppLoadContext,
  { user, accountId }: Member,
) {
  return postMessage(await readForm(request), context, {
    clientId: accountId,
    author: { id: user.id, email: user.email, role: "client" },
    threadPath: MESSAGES_PATH,
  });
}
