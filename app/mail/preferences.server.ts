// Each person's choice of mail, on the account page: how they hear about new messages, whether
// they get task reminders (staff: the daily overdue summary); and, for staff, whether they follow
// one client's thread.
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { database, inTransaction } from "~/data/connection.server";
import { mailMode, setMailMode } from "~/data/mail.server";
import { parseFields, refusal, type PostedFields } from "~/forms/answer.server";
import { redirectWithToast } from "~/forms/toast.server";
import { mailSettingsSchema } from "~/forms/schemas";
import { ACCOUNT_PATH } from "~/lib/paths";
import type { SessionUser } from "~/session/state.server";

export async function loadMailSettings(user: SessionUser) {
  const db = await database();
  const [messages, reminders] = await Promise.all([
    mailMode(db, user.id, "messages"),
    mailMode(db, user.id, "reminders"),
  ]);
  return { messages, reminders };
}

export async function saveMailSettings(
  context: AppLoadContext,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(mailSettingsSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, { messages: fields.messages ?? "" });
  const { messages, reminders } = parsed.value;
  await inTransaction(async (trx) => {
    const at = Date.now();
    await setMailMode(trx, user.id, "messages", messages, at);
    if (reminders) await setMailMode(trx, user.id, "reminders", reminders, at);
  });
  return redirectWithToast(ACCOUNT_PATH, toasts.mailSettingsSaved);
}
