// Replies by mail held for staff (another sender, an unknown key, a DMARC failure): each with its
// sender, thread and words; "Post to thread" posts its words as the person the mail went to,
// "Discard" leaves it in the log as discarded. Decided once: a second decision is refused (409).
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { personOf } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import { decideHeld, heldMails, inboundMail, recordOutcome } from "~/data/inbound-mails.server";
import { formError, readForm } from "~/forms/answer.server";
import { redirectWithToast } from "~/forms/toast.server";
import { DISCARD_HELD_INTENT, HELD_MAIL_PATH, POST_HELD_INTENT } from "~/lib/paths";
import { writeMessage } from "~/messages/posting.server";
import type { SessionUser } from "~/session/state.server";

export async function loadHeldMail() {
  const held = await heldMails(await database());
  return {
    held: held.map((mail) => ({
      id: mail.id,
      receivedAt: Number(mail.received_at),
      sender: mail.sender,
      subject: mail.subject,
      reason: mail.reason,
      reply: mail.reply ?? "",
      clientId: mail.client_id,
    })),
  };
}

export async function heldMailAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
) {
  const fields = (await readForm(request)) ?? {};
  const id = Number(fields.id);
  const mail = Number.isSafeInteger(id) ? await inboundMail(await database(), id) : undefined;
  if (!mail || mail.outcome !== "held") {
    return formError(context, toasts.heldMailGone, { status: 409 });
  }
  const at = Date.now();
  if (fields.intent === DISCARD_HELD_INTENT) {
    const reason = `Discarded by ${staff.email}`;
    const decided = await inTransaction((trx) =>
      decideHeld(trx, id, "discarded", { by: staff.id, at, reason }),
    );
    if (!decided) return formError(context, toasts.heldMailGone, { status: 409 });
    return redirectWithToast(HELD_MAIL_PATH, toasts.heldMailDiscarded);
  }
  if (fields.intent !== POST_HELD_INTENT) return formError(context, toasts.heldMailGone);
  const reader = mail.reader_id === null ? null : await personOf(await database(), mail.reader_id);
  if (mail.client_id === null || !reader || !mail.reply) {
    return formError(context, toasts.heldMailNoThread, { status: 422 });
  }
  const clientId = mail.client_id;
  const role = reader.isStaff ? ("staff" as const) : ("client" as const);
  const author = { id: mail.reader_id!, email: reader.email, role };
  const posted = await inTransaction(async (trx) => {
    const reason = `Posted to the thread by ${staff.email}`;
    if (!(await decideHeld(trx, id, "posted", { by: staff.id, at, reason }))) return false;
    const body = mail.reply!;
    const messageId = await writeMessage(trx, { clientId, author, body, internal: false }, at);
    await recordOutcome(trx, id, { message_id: messageId });
    return true;
  });
  if (!posted) return formError(context, toasts.heldMailGone, { status: 409 });
  return redirectWithToast(HELD_MAIL_PATH, toasts.heldMailPosted);
}
