// The staff console's first page: every client the auth service knows (staff excluded), newest
// activity first, searchable by e-mail and paged, each with where they stand; and invitations.
import type { AppLoadContext } from "@remix-run/node";
import { alreadyClient, invitationSent, toasts, type Toast } from "~/content/toasts";
import { listClients, mirrorUser } from "~/data/client-directory.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { readClientStates } from "~/data/client-programme.server";
import { database } from "~/data/connection.server";
import { formError, parseFields, readForm, refusal, tooManyAttempts } from "~/forms/answer.server";
import { addressHint, secondsUntilNextEmail, toastForAuthError } from "~/forms/auth-errors.server";
import { inviteSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { normalizeEmail } from "~/forms/validation";
import { getEnv } from "~/lib/env.server";
import { returnAttempt, takeAttempt } from "~/lib/rate-limit.server";
import type { AuthErrorLike } from "~/session/auth-service.server";
import { STAFF_PATH, WELCOME_PATH } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import { programmesOf } from "~/programme/client-programmes.server";
import type { ClientState } from "~/programme/model";
import { needsAttention } from "./attention.server";
import { invite } from "./auth-admin.server";
import { freshDirectory } from "./directory.server";
import type { ClientRow } from "./views";
import type { SessionUser } from "~/session/state.server";
import { unreadByStaff } from "~/data/messages.server";

export const CLIENTS_PER_PAGE = 50;
const MAX_SEARCH_CHARS = 254;

function listQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const search = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_CHARS);
  const page = Number(params.get("page") ?? "1");
  return { search, page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1 };
}

const NOT_STARTED = "Not started";

/** Whether anything differs from the programme file for this client. */
function recorded(state: ClientState): boolean {
  const { overallProgress, sprints, tasks, objectives } = state;
  return overallProgress !== null || sprints.size + tasks.size + objectives.size > 0;
}

export async function loadClientList(request: Request, staff: SessionUser) {
  await freshDirectory();
  const { search, page } = listQuery(request);
  const db = await database();
  const { clients, total } = await listClients(db, { search, page, perPage: CLIENTS_PER_PAGE });
  const ids = clients.map((client) => client.userId);
  const now = Date.now();
  const [states, programmes, unread, profiles, attention] = await Promise.all([
    readClientStates(db, ids),
    programmesOf(db, ids),
    unreadByStaff(db, staff.id, ids),
    readClientProfiles(db, ids),
    needsAttention(db, now),
  ]);
  const rows: ClientRow[] = clients.map((client) => {
    const { content } = programmes.get(client.userId)!;
    const state = states.get(client.userId);
    const view = state ? programmeView(content, state, now) : undefined;
    // A client who never signed in, and whose programme no one changed, has no figures yet.
    const started = client.lastSignInAt !== null || (state !== undefined && recorded(state));
    return {
      id: client.userId,
      email: client.email,
      name: profiles.get(client.userId)?.name ?? "",
      company: profiles.get(client.userId)?.company ?? "",
      state: client.state,
      current: started ? (view?.current ?? "") : NOT_STARTED,
      overallProgress: started ? (view?.overallProgress ?? content.overallProgress) : null,
      lastSignInAt: client.lastSignInAt,
      unread: unread.get(client.userId) ?? 0,
    };
  });
  const bookingPageSet = getEnv().BOOKING_URL !== undefined;
  return { rows, total, search, page, perPage: CLIENTS_PER_PAGE, bookingPageSet, attention };
}

/**
 * What staff are told when the auth service did not invite: an outage, an address it refuses (one
 * the form's pattern takes, in another script) or, for anything else, the generic text.
 */
function inviteRefused(error: AuthErrorLike | null): Toast {
  if (error?.status && error.status >= 500) return toasts.connectionError;
  if (error && toastForAuthError(error) === toasts.invalidEmail) return toasts.invalidEmail;
  return toasts.authFailed;
}

/**
 * 'Send Invitation': the auth service mails the link; each address gets at most one invitation a
 * minute (counted here too, since hosted Supabase keeps no gap for invitations), within the auth
 * service's mail budgets (staff are not limited per IP). An address that already has an account
 * is told so, unmailed.
 */
export async function inviteAction(request: Request, context: AppLoadContext) {
  const fields = (await readForm(request)) ?? {};
  const values = { email: normalizeEmail(fields.email ?? "") };
  const parsed = parseFields(inviteSchema, fields);
  if (!parsed.ok) return refusal(context, parsed, values);
  const { email } = parsed.value;
  const wait = await takeAttempt("invite", context.clientIp, email);
  if (wait !== null) return tooManyAttempts(context, wait, { values });
  let mailed = false;
  try {
    let answer;
    try {
      answer = await invite(email, `${getEnv().SITE_URL}${WELCOME_PATH}`);
    } catch {
      return formError(context, toasts.connectionError, { values });
    }
    const { data, error } = answer;
    if (error?.code === "email_exists") return formError(context, alreadyClient(email), { values });
    const gap = error ? secondsUntilNextEmail(error) : null;
    if (gap !== null) return tooManyAttempts(context, gap, { values });
    if (error || !data.user) {
      const toast = inviteRefused(error);
      return formError(context, toast, { values, errors: { email: addressHint(toast) } });
    }
    mailed = true;
    await mirrorUser(data.user);
  } finally {
    // Nothing was mailed: the address may be invited again at once.
    if (!mailed) await returnAttempt("invite", context.clientIp, email);
  }
  return redirectWithToast(STAFF_PATH, invitationSent(email));
}
