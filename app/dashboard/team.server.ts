// The client's Team page: everyone in their account, and for its primary contact, when staff allow
// it, 'Invite a colleague' and 'Remove'; anyone else posting them is refused.
import type { AppLoadContext } from "@remix-run/node";
import { invitationSent, personRejoined, personRemoved, toasts } from "~/content/toasts";
import { accountSettings, peopleOf } from "~/data/client-accounts.server";
import { database } from "~/data/connection.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { inviteSchema, REMOVE_PERSON_INTENT } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { TEAM_PATH } from "~/lib/paths";
import { addPerson, removePerson } from "~/accounts/membership.server";
import { personName } from "~/people/names";
import type { Member } from "~/session/guards.server";

/** The account's people, in the order they joined, and whether `member` manages them. */
async function teamOf({ user, accountId }: Member) {
  const db = await database();
  const [settings, people] = await Promise.all([
    accountSettings(db, accountId),
    peopleOf(db, accountId),
  ]);
  const manages = settings.primaryContactId === user.id && settings.colleaguesMayInvite;
  return { settings, people, manages };
}

export async function loadTeam(member: Member) {
  const { settings, people, manages } = await teamOf(member);
  return {
    company: settings.name,
    manages,
    people: people.map((person) => ({
      userId: person.userId,
      name: personName(person.email, person.name),
      email: person.email,
      invited: person.state === "invited",
      primary: person.primary,
      you: person.userId === member.user.id,
      removable: manages && !person.holdsAccountId && !person.primary,
    })),
  };
}

/**
 * 'Invite a colleague' and 'Remove' (its intent), by the primary contact while staff allow it; the
 * trail names them.
 */
export async function teamAction(request: Request, context: AppLoadContext, member: Member) {
  const fields = (await readForm(request)) ?? {};
  const { manages, people } = await teamOf(member);
  if (!manages) return formError(context, toasts.teamNotYours, { status: 403 });
  const { user, accountId } = member;
  const actor = { id: user.id, email: user.email, role: "client" as const };
  if (fields.intent === REMOVE_PERSON_INTENT) {
    const removed = await removePerson(actor, accountId, fields.personId ?? "");
    if (removed === "primary" || removed === null) {
      return formError(context, toasts.personNotFound, { status: 404 });
    }
    return redirectWithToast(TEAM_PATH, personRemoved(removed));
  }
  const values = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(inviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email } = parsed.value;
  const me = people.find((person) => person.userId === user.id);
  const invitedBy = personName(user.email, me?.name ?? null);
  const addition = await addPerson(context, { actor, invitedBy }, accountId, email);
  if ("rejoined" in addition) return redirectWithToast(TEAM_PATH, personRejoined(email));
  if ("refused" in addition) {
    return formError(context, addition.refused, { values, ...addition.options });
  }
  return redirectWithToast(TEAM_PATH, invitationSent(email));
}
