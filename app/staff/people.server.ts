// One client's people in the console: everyone who works in the account, in the order they joined;
// "Add a person" (an invitation into this account), "Remove", "Make primary contact", and the
// account's name and switch; each change a line in the client's trail.
import { factLine } from "~/programme/trail-facts";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { recordAgencyLines } from "~/data/agency-settings.server";
import { endPreview, startPreview } from "~/session/preview.server";
import type { User } from "@supabase/supabase-js";
import {
  invitationSent,
  personRejoined,
  personRemoved,
  primaryContactChosen,
  toasts,
} from "~/content/toasts";
import {
  accountSettings,
  changeAccount,
  choosePrimaryContact,
  peopleOf,
  personOf,
  setDeactivated,
} from "~/data/client-accounts.server";
import { readClientState } from "~/data/client-programme.server";
import { programmeOf } from "~/data/client-programmes.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import {
  ACCOUNT_ACCESS_INTENT,
  ACCOUNT_SETTINGS_INTENT,
  accountAccessSchema,
  accountSettingsSchema,
  inviteSchema,
  PRIMARY_CONTACT_INTENT,
  REMOVE_PERSON_INTENT,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import {
  DASHBOARD_PATH,
  END_PREVIEW_INTENT,
  PREVIEW_INTENT,
  staffClientPeoplePath,
} from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import type { PostedFields } from "~/forms/answer.server";
import { staffName } from "~/identity/auth-admin.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";
import {
  addPerson,
  peopleLine,
  removePerson,
  type PeopleChange,
} from "~/accounts/membership.server";

/** Staff, as a trail line names who made a change. */
const actorOf = (staff: SessionUser) => ({
  id: staff.id,
  email: staff.email,
  role: "staff" as const,
});

export async function loadPeople(request: Request, clientId: string | undefined) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [state, { content }, people, settings] = await Promise.all([
    readClientState(db, client.userId),
    programmeOf(db, client.userId),
    peopleOf(db, client.userId),
    accountSettings(db, client.userId),
  ]);
  const { current } = programmeView(content, state, Date.now());
  return { client, current, settings, people };
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
    return removeFromPeople(context, staff.user, client.userId, fields.personId ?? "");
  }
  if (fields.intent === PREVIEW_INTENT) {
    return beginPreview(context, staff.user, client.userId, fields.personId ?? "");
  }
  if (fields.intent === END_PREVIEW_INTENT) {
    return redirect(staffClientPeoplePath(client.userId), {
      headers: { "Set-Cookie": await endPreview() },
    });
  }
  if (fields.intent === PRIMARY_CONTACT_INTENT) {
    return makePrimaryContact(context, staff.user, client.userId, fields.personId ?? "");
  }
  if (fields.intent === ACCOUNT_SETTINGS_INTENT) {
    return saveAccountSettings(context, staff.user, client.userId, fields);
  }
  if (fields.intent === ACCOUNT_ACCESS_INTENT) {
    return changeAccess(context, staff.user, client.userId, fields);
  }
  const values = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(inviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email } = parsed.value;
  const by = { actor: actorOf(staff.user), invitedBy: staffName(staff.account) };
  const addition = await addPerson(context, by, client.userId, email);
  const back = staffClientPeoplePath(client.userId);
  if ("rejoined" in addition) return redirectWithToast(back, personRejoined(email));
  if ("refused" in addition) {
    return formError(context, addition.refused, { values, ...addition.options });
  }
  return redirectWithToast(back, invitationSent(email));
}

/** 'Remove': one of the account's people loses access from their next request on. */
async function removeFromPeople(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  personId: string,
) {
  const removed = await removePerson(actorOf(staff), accountId, personId);
  if (removed === "primary") return formError(context, toasts.primaryContactStays, { status: 409 });
  if (removed === null) return formError(context, toasts.personNotFound, { status: 404 });
  return redirectWithToast(staffClientPeoplePath(accountId), personRemoved(removed));
}

/**
 * 'Preview': staff open the client's pages as one of its people see them, read-only, for half an
 * hour; a staff-only line in the client's trail and a line in the agency's say who and as whom.
 */
async function beginPreview(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  personId: string,
) {
  const people = await peopleOf(await database(), accountId);
  const person = people.find((candidate) => candidate.userId === personId);
  if (!person) return formError(context, toasts.personNotFound, { status: 404 });
  await inTransaction(async (trx) => {
    const at = Date.now();
    const line = factLine({ action: "preview", person: person.email }, "", "");
    await recordEvent(trx, {
      clientId: accountId,
      actor: actorOf(staff),
      audience: "staff",
      changes: [line],
      at,
    });
    const agencyLine = factLine({ action: "client-preview", person: person.email }, "", "");
    await recordAgencyLines(trx, { id: staff.id, email: staff.email }, [agencyLine], at);
  });
  const cookie = await startPreview({ staffId: staff.id, accountId, personId });
  return redirect(DASHBOARD_PATH, { headers: { "Set-Cookie": cookie } });
}

/** 'Make primary contact': one of the account's people now becomes its one primary contact. */
async function makePrimaryContact(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  personId: string,
) {
  const email = await inTransaction(async (trx) => {
    const at = Date.now();
    const before = await accountSettings(trx, accountId);
    if (before.primaryContactId === personId) return null;
    const chosen = await choosePrimaryContact(trx, accountId, personId);
    if (chosen !== null) {
      const was = (await personOf(trx, before.primaryContactId))?.email ?? "—";
      const change = { field: "Primary contact" as const, before: was, after: chosen };
      await recordEvent(trx, peopleLine(actorOf(staff), accountId, change, at));
    }
    return chosen;
  });
  if (email === null) return formError(context, toasts.personNotFound, { status: 404 });
  return redirectWithToast(staffClientPeoplePath(accountId), primaryContactChosen(email));
}

/**
 * 'Deactivate' or 'Reactivate': the account's people lose access from their next request (or get
 * it back), its deadlines leave the console's questions (or return), with a line only staff read.
 */
async function changeAccess(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  fields: PostedFields,
) {
  const parsed = parseFields(accountAccessSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, {});
  const deactivate = parsed.value.access === "deactivate";
  const changed = await inTransaction(async (trx) => {
    const at = Date.now();
    if (!(await setDeactivated(trx, accountId, deactivate ? at : null))) return false;
    const [before, after] = deactivate ? ["Active", "Deactivated"] : ["Deactivated", "Active"];
    const line = { field: "Access", before, after };
    await recordEvent(trx, {
      clientId: accountId,
      actor: actorOf(staff),
      audience: "staff",
      changes: [line],
      at,
    });
    return true;
  });
  const back = staffClientPeoplePath(accountId);
  if (!changed) return redirectWithToast(back, toasts.nothingChanged);
  return redirectWithToast(back, deactivate ? toasts.clientDeactivated : toasts.clientReactivated);
}

const onOff = (on: boolean) => (on ? "On" : "Off");

/** How the trail names the zone an account's due days follow when staff set none. */
const PRIMARY_ZONE = "the primary contact's zone";

/** The account's name, the colleagues' switch and its due days' zone: saved with their lines. */
async function saveAccountSettings(
  context: AppLoadContext,
  staff: SessionUser,
  accountId: string,
  fields: PostedFields,
) {
  const parsed = parseFields(accountSettingsSchema, fields);
  const values = { accountName: fields.accountName ?? "", dueTimeZone: fields.dueTimeZone ?? "" };
  if (!parsed.ok) return refusal(context, parsed, values);
  const wanted = parsed.value;
  const changed = await inTransaction(async (trx) => {
    const before = await accountSettings(trx, accountId);
    const changes: PeopleChange[] = [];
    if ((before.name ?? "") !== wanted.accountName) {
      const [was, now] = [before.name || "not given", wanted.accountName || "not given"];
      changes.push({ field: "Company name", before: was, after: now });
    }
    if (before.colleaguesMayInvite !== wanted.colleaguesMayInvite) {
      const [was, now] = [onOff(before.colleaguesMayInvite), onOff(wanted.colleaguesMayInvite)];
      changes.push({ field: "Colleagues may invite colleagues", before: was, after: now });
    }
    const zone = wanted.dueTimeZone;
    if (zone !== undefined && zone !== before.dueTimeZone) {
      const [was, now] = [before.dueTimeZone ?? PRIMARY_ZONE, zone ?? PRIMARY_ZONE];
      changes.push({ field: "Due days end at midnight in", before: was, after: now });
    }
    if (changes.length === 0) return false;
    const at = Date.now();
    await changeAccount(trx, accountId, {
      name: wanted.accountName,
      colleaguesMayInvite: wanted.colleaguesMayInvite,
      dueTimeZone: zone,
    });
    for (const change of changes)
      await recordEvent(trx, peopleLine(actorOf(staff), accountId, change, at));
    return true;
  });
  return redirectWithToast(
    staffClientPeoplePath(accountId),
    changed ? toasts.changesSaved : toasts.nothingChanged,
  );
}
