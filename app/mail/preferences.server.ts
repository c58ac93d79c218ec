// Each person's choice of mail, on the account page: how they hear about new messages; and, for
// staff, whether they follow one client's thread.
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
  return { messages: await mailMode(await database(), user.id, "messages") };
}

export async function saveMailSettings(
  context: AppLoadContext,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(mailSettingsSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, { messages: fields.messages ?? "" });
  const { messages } = parsed.value;
  await inTransaction((trx) => setMailMode(trx, user.id, "messages", messages, Date.now()));
  return redirectWithToast(ACCOUNT_PATH, toasts.mailSettingsSaved);
}
