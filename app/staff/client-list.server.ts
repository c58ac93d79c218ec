// The staff console's first page: every client the auth service knows (staff excluded), newest
// activity first, searchable by e-mail, filtered and paged, each with where they stand, their due
// tasks and last activity; "Needs attention"; and invitations.
import type { AppLoadContext } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { invitationCancelled, invitationResent, invitationSent, toasts } from "~/content/toasts";
import {
  clientPersonWith,
  directoryEntry,
  forgetUser,
  listClients,
  saveDirectory,
} from "~/data/client-directory.server";
import { clientFilter, clientFilterOf } from "~/data/client-filters.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { readClientStates } from "~/data/client-programme.server";
import { assignTemplate } from "~/data/client-plans.server";
import { database, inTransaction } from "~/data/connection.server";
import { formError, parseFields, readForm, refusal } from "~/forms/answer.server";
import { accountOf, accountsListed, changeAccount } from "~/data/client-accounts.server";
import { personName } from "~/people/names";
import {
  CANCEL_INVITATION_INTENT,
  clientInviteSchema,
  RESEND_INVITATION_INTENT,
} from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { CLIENT_FILTER_PARAM, STAFF_PATH } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import { dueCounts } from "~/data/task-facts.server";
import { programmesOf } from "~/data/client-programmes.server";
import type { ClientState } from "~/programme/model";
import { programmeTemplates } from "~/programme/templates.server";
import { consoleAttention } from "./attention.server";
import { sendInvitation } from "~/accounts/invitations.server";
import { freshDirectory } from "~/identity/directory.server";
import type { ClientRow } from "./views";
import { cancelInvitation, staffName } from "~/identity/auth-admin.server";
import type { SessionUser } from "~/session/state.server";
import { unreadByStaff } from "~/data/messages.server";
import { waitingReviews } from "~/data/hand-ins.server";
import { currentBrand } from "~/brand/brand.server";

export const CLIENTS_PER_PAGE = 50;
const MAX_SEARCH_CHARS = 254;

function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_CHARS);
  const page = Number(params.get("page") ?? "1");
  return {
    search,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    show: clientFilterOf(params.get(CLIENT_FILTER_PARAM)),
  };
}

const NOT_STARTED = "Not started";

/** Whether anything differs from the programme file for this client. */
function recorded(state: ClientState): boolean {
  const { overallProgress, sprints, tasks, objectives } = state;
  return overallProgress !== null || sprints.size + tasks.size + objectives.size > 0;
}

export async function loadClientList(request: Request, staff: SessionUser) {
  await freshDirectory();
  const { search, page, show } = listQuery(request);
  const db = await database();
  const now = Date.now();
  const { clients, total } = await listClients(db, {
    search,
    page,
    perPage: CLIENTS_PER_PAGE,
    only: show ? clientFilter(show, now) : undefined,
  });
  const ids = clients.map((client) => client.userId);
  const [states, programmes, unread, profiles, attention, due, accounts, reviews] =
    await Promise.all([
      readClientStates(db, ids),
      programmesOf(db, ids),
      unreadByStaff(db, staff.id, ids),
      readClientProfiles(db, ids),
      consoleAttention(now),
      dueCounts(db, ids, now),
      accountsListed(db, ids),
      waitingReviews(db, ids),
    ]);
  const rows: ClientRow[] = clients.map((client) => {
    const { content } = programmes.get(client.userId)!;
    const state = states.get(client.userId)!;
    const view = programmeView(content, state, now);
    // A client who never signed in, and whose programme no one changed, has no figures yet.
    const started = client.lastSignInAt !== null || recorded(state);
    return {
      id: client.userId,
      email: client.email,
      name: profiles.get(client.userId)?.name ?? "",
      company: profiles.get(client.userId)?.company ?? "",
      account: accounts.get(client.userId)?.name ?? "",
      colleagues: (accounts.get(client.userId)?.colleagues ?? []).map((person) =>
        personName(person.email, person.name),
      ),
      state: client.state,
      current: started ? view.current : NOT_STARTED,
      overallProgress: started ? view.overallProgress : null,
      lastSignInAt: client.lastSignInAt,
      activityAt: client.activityAt,
      due: due.get(client.userId)!,
      unread: unread.get(client.userId) ?? 0,
      toReview: reviews.get(client.userId) ?? 0,
      invitedAt: client.state === "invited" && !client.deactivated ? client.createdAt : null,
      deactivated: client.deactivated,
    };
  });
  const bookingPageSet = (await currentBrand()).bookingUrl !== null;
  return {
    rows,
    total,
    search,
    show,
    page,
    perPage: CLIENTS_PER_PAGE,
    now,
    bookingPageSet,
    attention,
    templates: [...programmeTemplates().values()].map(({ id, name }) => ({ id, name })),
  };
}

/**
 * 'Send Invitation', and 'Resend invitation' (its `intent`): the invitation goes out (or the form
 * is told why not), the new client is mirrored into the directory with the template chosen. After
 * a refusal the invitation form gets its form again; the resend button, with nothing typed to
 * keep, goes back to the console with the toast.
 */
export async function inviteAction(request: Request, context: AppLoadContext, staff: User) {
  const fields = (await readForm(request)) ?? {};
  if (fields.intent === CANCEL_INVITATION_INTENT) {
    return cancelAction(context, normalizeEmail(fields.email ?? ""));
  }
  const values = {
    email: normalizeEmail(fields.email ?? ""),
    accountName: fields.accountName ?? "",
    templateId: fields.templateId ?? "",
  };
  const parsed = parseFields(clientInviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email, accountName } = parsed.value;
  const resending = fields.intent === RESEND_INVITATION_INTENT;
  const invitation = await sendInvitation(context, staffName(staff), email, accountName);
  if ("refused" in invitation) {
    return resending
      ? redirectWithToast(STAFF_PATH, invitation.refused)
      : formError(context, invitation.refused, { values, ...invitation.options });
  }
  // The invitee is listed at once, in an account of their own; a resend keeps the template and
  // company given with the first invitation.
  const template = resending ? undefined : programmeTemplates().get(fields.templateId ?? "");
  await inTransaction(async (trx) => {
    const at = Date.now();
    // Someone the directory holds in an account already (invited again before accepting, or a
    // colleague elsewhere) keeps it as it is: only an account this invitation opens is named here.
    const before = await accountOf(trx, invitation.invited.id);
    await saveDirectory(trx, [directoryEntry(invitation.invited)], at);
    const accountId = await accountOf(trx, invitation.invited.id);
    if (!accountId || resending || before !== undefined) return;
    if (accountName) await changeAccount(trx, accountId, { name: accountName });
    if (template)
      await assignTemplate(trx, accountId, { templateId: template.id, version: null }, at);
  });
  return redirectWithToast(STAFF_PATH, (resending ? invitationResent : invitationSent)(email));
}

/**
 * 'Cancel invitation': the invitee's sign-in, never confirmed, is deleted at the auth service (its
 * link no longer works) and the directory forgets them; anyone else is refused, nothing changed.
 */
async function cancelAction(context: AppLoadContext, email: string) {
  const personId = await clientPersonWith(await database(), email);
  if (personId === null) return formError(context, toasts.notInvited, { status: 404 });
  let cancelled;
  try {
    cancelled = await cancelInvitation(personId);
  } catch {
    return formError(context, toasts.connectionError);
  }
  if (!cancelled) return formError(context, toasts.notInvited, { status: 409 });
  await inTransaction((trx) => forgetUser(trx, personId));
  return redirectWithToast(STAFF_PATH, invitationCancelled(email));
}
