// One client's people in the console: everyone who works in the account (its first person first),
// and "Add a person": an invitation from the agency whose invitee joins this account, not a new one.
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { invitationSent } from "~/content/toasts";
import { colleaguesIn, joinAccount } from "~/data/client-accounts.server";
import { directoryEntry, saveDirectory } from "~/data/client-directory.server";
import { readClientState } from "~/data/client-programme.server";
import { programmeOf } from "~/data/client-programmes.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { inviteSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { staffClientPeoplePath } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";
import { sendInvitation } from "./invitations.server";

export async function loadPeople(request: Request, clientId: string | undefined) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [state, { content }, colleagues] = await Promise.all([
    readClientState(db, client.userId),
    programmeOf(db, client.userId),
    colleaguesIn(db, client.userId),
  ]);
  const { current } = programmeView(content, state, Date.now());
  // The first person as the auth service knows them now: the directory may not hold them yet.
  const { userId, email, state: signIn, lastSignInAt } = client;
  const first = { userId, email, state: signIn, lastSignInAt, first: true };
  return { client, current, people: [first, ...colleagues] };
}

/**
 * 'Add a person': the invitation goes out (or the form is told why not), and the invitee is in
 * the directory as one of the account's people, with its line in the trail, in one transaction.
 */
export async function addPersonAction(
  request: Request,
  context: AppLoadContext,
  staff: { user: SessionUser; account: User },
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const fields = (await readForm(request)) ?? {};
  const values = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(inviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email } = parsed.value;
  const invitation = await sendInvitation(context, staff.account, email);
  if ("refused" in invitation) {
    return formError(context, invitation.refused, { values, ...invitation.options });
  }
  const person = invitation.invited;
  await inTransaction(async (trx) => {
    const at = Date.now();
    await saveDirectory(trx, [directoryEntry(person)], at);
    await joinAccount(trx, person.id, client.userId);
    await recordEvent(trx, {
      clientId: client.userId,
      actor: { id: staff.user.id, email: staff.user.email, role: "staff" },
      audience: "client",
      changes: [{ field: "Person added", before: "—", after: email }],
      at,
    });
  });
  return redirectWithToast(staffClientPeoplePath(client.userId), invitationSent(email));
}
