// One client's people in the console: everyone who works in the account (its first person first);
// "Add a person", an invitation whose invitee joins this account, not a new one; and "Remove".
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { invitationSent, personRejoined, personRemoved, toasts } from "~/content/toasts";
import {
  colleaguesIn,
  joinAccount,
  rejoinAccount,
  removeFromAccount,
} from "~/data/client-accounts.server";
import { directoryEntry, saveDirectory } from "~/data/client-directory.server";
import { readClientState } from "~/data/client-programme.server";
import { programmeOf } from "~/data/client-programmes.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { inviteSchema, REMOVE_PERSON_INTENT } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { staffClientPeoplePath } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";
import { sendInvitation } from "./invitations.server";

/** The trail's line for `staff` adding or removing a person of `accountId`. */
const peopleLine = (
  staff: SessionUser,
  accountId: string,
  change: { field: "Person added" | "Person removed"; before: string; after: string },
  at: number,
) => ({
  clientId: accountId,
  actor: { id: staff.id, email: staff.email, role: "staff" as const },
  audience: "client" as const,
  changes: [change],
  at,
});

/** The trail's change for a person added by address. */
const added = (email: string) => ({ field: "Person added" as const, before: "—", after: email });

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
 * 'Remove' (its intent) or 'Add a person': someone removed from an account before joins this one
 * again; anyone else gets the invitation (or the form is told why not), and is in the directory
 * as one of the account's people, with its line in the trail, in one transaction.
 */
export async function peopleAction(
  request: Request,
  context: AppLoadContext,
  staff: { user: SessionUser; account: User },
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === REMOVE_PERSON_INTENT) {
    return removePerson(context, staff.user, client.userId, fields.personId ?? "");
  }
  const values = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(inviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email } = parsed.value;
  const rejoined = await inTransaction(async (trx) => {
    const at = Date.now();
    const personId = await rejoinAccount(trx, email, client.userId);
    if (personId) await recordEvent(trx, peopleLine(staff.user, client.userId, added(email), at));
    return personId !== null;
  });
  if (rejoined)
    return redirectWithToast(staffClientPeoplePath(client.userId), personRejoined(email));
  const invitation = await sendInvitation(context, staff.account, email);
  if ("refused" in invitation) {
    return formError(context, invitation.refused, { values, ...invitation.options });
  }
  const person = invitation.invited;
  await inTransaction(async (trx) => {
    const at = Date.now();
    await saveDirectory(trx, [directoryEntry(person)], at);
    await joinAccount(trx, person.id, client.userId);
    await recordEvent(trx, peopleLine(staff.user, client.userId, added(email), at));
  });
  return redirectWithToast(staffClientPeoplePath(client.userId), invitationSent(email));
}

/**
 * 'Remove': one of the account's people (never its first person) loses access from their next
 * request on, with a line in the trail; they keep their sign-in. Anyone else is refused.
 */
async function removePerson(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  personId: string,
) {
  const email = await inTransaction(async (trx) => {
    const at = Date.now();
    const removed = await removeFromAccount(trx, personId, accountId, at);
    if (removed !== null) {
      const change = { field: "Person removed" as const, before: removed, after: "—" };
      await recordEvent(trx, peopleLine(staff, accountId, change, at));
    }
    return removed;
  });
  if (email === null) return formError(context, toasts.personNotFound, { status: 404 });
  return redirectWithToast(staffClientPeoplePath(accountId), personRemoved(email));
}
