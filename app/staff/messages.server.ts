// The conversation in the console: one client's thread (internal notes included), read as it is
// shown, and a staff member's post or note to it; and every thread, those waiting first.
import type { AppLoadContext } from "@remix-run/node";
import { readClientState } from "~/data/client-programme.server";
import { database, inTransaction } from "~/data/connection.server";
import { markRead, staffInbox, threadMessages } from "~/data/messages.server";
import { staffClientMessagesPath } from "~/lib/paths";
import { postMessage } from "~/messages/posting.server";
import { programmeView } from "~/programme/client-programme";
import { currentProgramme } from "~/programme/current.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";

export async function loadStaffThread(
  request: Request,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [state, messages] = await Promise.all([
    readClientState(db, client.userId),
    threadMessages(db, client.userId, { withInternal: true }),
  ]);
  const latest = messages.at(-1);
  if (latest) {
    await inTransaction((trx) => markRead(trx, client.userId, staff.id, latest.id, Date.now()));
  }
  const { current } = programmeView(currentProgramme(), state, Date.now());
  return { client, current, messages, viewerEmail: staff.email, now: Date.now() };
}

export async function staffMessageAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  return postMessage(request, context, {
    clientId: client.userId,
    author: { id: staff.id, email: staff.email, role: "staff" },
    threadPath: staffClientMessagesPath(client.userId),
  });
}

export async function loadInbox(staff: SessionUser) {
  return { threads: await staffInbox(await database(), staff.id), now: Date.now() };
}
