// Who works in a client account, changed by staff (the People tab) or by its primary contact (the
// Team page): each change in one transaction with its line in the client's trail, which names who.
import type { AppLoadContext } from "@remix-run/node";
import {
  accountSettings,
  joinAccount,
  rejoinAccount,
  removeFromAccount,
} from "~/data/client-accounts.server";
import { directoryEntry, saveDirectory } from "~/data/client-directory.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import { unassignPerson } from "~/data/task-assignees.server";
import { sendInvitation, type Invitation } from "./invitations.server";

/** What a trail line about an account's people says changed. */
export interface PeopleChange {
  field:
    | "Person added"
    | "Person removed"
    | "Primary contact"
    | "Company name"
    | "Colleagues may invite colleagues"
    | "Due days end at midnight in";
  before: string;
  after: string;
}

/** The trail's line for `actor` changing the people of `accountId`, or what they may do. */
export const peopleLine = (actor: Actor, accountId: string, change: PeopleChange, at: number) => ({
  clientId: accountId,
  actor,
  audience: "client" as const,
  changes: [change],
  at,
});

/** How adding a person went: back in (removed from this account before), invited, or refused. */
export type Addition = { rejoined: true } | Invitation;

/**
 * Adds the person with address `email` to `accountId`: someone removed from it before is back at
 * once; anyone else gets an invitation from `invitedBy` naming the account, and is in the directory
 * as one of its people.
 */
export async function addPerson(
  context: AppLoadContext,
  by: { actor: Actor; invitedBy: string },
  accountId: string,
  email: string,
): Promise<Addition> {
  const added = { field: "Person added" as const, before: "—", after: email };
  const rejoined = await inTransaction(async (trx) => {
    const personId = await rejoinAccount(trx, email, accountId);
    if (personId) await recordEvent(trx, peopleLine(by.actor, accountId, added, Date.now()));
    return personId !== null;
  });
  if (rejoined) return { rejoined: true };
  const company = (await accountSettings(await database(), accountId)).name ?? "";
  const invitation = await sendInvitation(context, by.invitedBy, email, company);
  if ("refused" in invitation) return invitation;
  await inTransaction(async (trx) => {
    const at = Date.now();
    await saveDirectory(trx, [directoryEntry(invitation.invited)], at);
    await joinAccount(trx, invitation.invited.id, accountId);
    await recordEvent(trx, peopleLine(by.actor, accountId, added, at));
  });
  return invitation;
}

/**
 * Removes `personId` from `accountId` (never the person whose id it has, nor its primary contact:
 * "primary" then), their tasks left to anyone, with the trail's line; their address, or null when they are
 * none of its people.
 */
export async function removePerson(
  actor: Actor,
  accountId: string,
  personId: string,
): Promise<string | null | "primary"> {
  return inTransaction(async (trx) => {
    if ((await accountSettings(trx, accountId)).primaryContactId === personId) return "primary";
    const at = Date.now();
    const removed = await removeFromAccount(trx, personId, accountId, at);
    if (removed !== null) {
      await unassignPerson(trx, personId);
      const change = { field: "Person removed" as const, before: removed, after: "—" };
      await recordEvent(trx, peopleLine(actor, accountId, change, at));
    }
    return removed;
  });
}
