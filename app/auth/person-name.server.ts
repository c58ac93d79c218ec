// The name a client's person goes by among their colleagues and the agency: asked on /welcome,
// offered on the account page, never required (until given they are their address's local part).
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { personOf } from "~/data/client-accounts.server";
import { savePersonName } from "~/data/client-profiles.server";
import { database, inTransaction } from "~/data/connection.server";
import { parseFields, refusal, type PostedFields } from "~/forms/answer.server";
import { personNameSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { ACCOUNT_PATH } from "~/lib/paths";
import type { SessionUser } from "~/session/state.server";

/** The name `user` gave, or "" when none. */
export async function loadPersonName(user: SessionUser): Promise<string> {
  return (await personOf(await database(), user.id))?.name ?? "";
}

/** The account page's name form: kept (or cleared, when emptied) until the next change. */
export async function choosePersonName(
  context: AppLoadContext,
  user: SessionUser,
  fields: PostedFields,
) {
  const parsed = parseFields(personNameSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, { personName: fields.personName ?? "" });
  const { personName } = parsed.value;
  await inTransaction((trx) => savePersonName(trx, user.id, personName, Date.now()));
  return redirectWithToast(ACCOUNT_PATH, toasts.nameSaved);
}
