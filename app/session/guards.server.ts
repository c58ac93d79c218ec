// Guards for loaders and actions: they return what the route needs or throw the answer (a redirect,
// or the auth-outage page) so route code stays a single line.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { RETURN_TO_PARAM, returnToPath } from "~/lib/return-to";
import { SESSION_END_PARAM, type SessionEndReason } from "./session-end";
import { ACCOUNT_PATH, HOME_PATH } from "~/lib/paths";
import { homePathFor, STAFF_ROLE } from "~/lib/roles";
import { NO_ACCESS } from "./no-access";
import { getAuthState, type SessionUser } from "./state.server";
import { accessAndZoneOf, accessOf, openAccounts, personOf } from "~/data/client-accounts.server";
import { previewOf, type Preview } from "./preview.server";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { withSessionCleared } from "./cookie.server";
import { database, inTransaction } from "~/data/connection.server";

/** The page a signed-in user sees when their session needs the auth service and it is down. */
export function authUnavailable(headers: Headers): Response {
  headers.set("Retry-After", "10");
  return new Response(
    "The sign-in service is not answering right now. Please try again in a moment.",
    { status: 503, statusText: "Auth Service Unavailable", headers },
  );
}

/**
 * Where a visitor to a signed-in page is sent: `/`, with why the session they had ended, and, for a
 * page view, the page, so signing in lands there.
 */
function landingFor(request: Request, ended: SessionEndReason | null): string {
  const query = new URLSearchParams();
  if (ended) query.set(SESSION_END_PARAM, ended);
  if (request.method === "GET") {
    const url = new URL(request.url);
    const returnTo = returnToPath(`${url.pathname}${url.search}`);
    if (returnTo) query.set(RETURN_TO_PARAM, returnTo);
  }
  return query.size === 0 ? HOME_PATH : `${HOME_PATH}?${query}`;
}

/** For protected routes: the signed-in user, or a redirect to `/` (replace navigation). */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: SessionUser; headers: Headers }> {
  const { user, unavailable, ended, headers } = await getAuthState(request, context);
  if (unavailable) throw authUnavailable(new Headers(headers));
  if (!user) throw redirect(landingFor(request, ended), { headers });
  return { user, headers };
}

/** A signed-in person and the client account whose programme, thread and files they work in. */
export interface Member {
  user: SessionUser;
  accountId: string;
  /** The zone the person keeps to, every time on their pages shown in it (UTC: none given). */
  timeZone: string;
  /** Whether they gave one (chose it, or a browser sent it at sign-in). */
  zoneGiven: boolean;
  /** Staff previewing these pages as this person (their name, if they gave one): read-only. */
  preview?: { name: string | null };
}

/** What any write in a preview is answered with. */
export const PREVIEW_READ_ONLY = "This is a preview: nothing can be changed here.";

/**
 * The person `preview` names, as a member of its account, for staff member `staff`'s GET; null
 * when they are no longer one of its people (the preview no longer applies). Any other method is
 * refused: a preview writes nothing.
 */
async function previewMember(request: Request, staff: SessionUser, preview: Preview) {
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new Response(PREVIEW_READ_ONLY, { status: 403, statusText: PREVIEW_READ_ONLY });
  }
  const db = await database();
  const [found, person] = await Promise.all([
    accessAndZoneOf(db, preview.personId),
    personOf(db, preview.personId),
  ]);
  if (found.access !== preview.accountId || !person) return null;
  const member: Member = {
    user: { ...staff, id: preview.personId, email: person.email, role: "client" },
    accountId: preview.accountId,
    timeZone: found.timeZone ?? DEFAULT_TIME_ZONE,
    zoneGiven: found.timeZone !== null,
    preview: { name: person.name },
  };
  return member;
}

/** Each request's access, asked once however many loaders ask. */
const members = new WeakMap<AppLoadContext, Promise<Access>>();

interface Access {
  access: string | "removed" | "deactivated";
  timeZone: string | null;
}

/**
 * For the client's pages and answers: the signed-in person and their account (for staff, who have
 * none, their own id, as a client of one); someone removed from their account gets the 403 page,
 * someone whose account staff deactivated is signed out here and told why on the landing page.
 * Every client loader and action asks this first, and keys what it reads and writes by
 * `accountId`, what is the person's own by `user.id`.
 */
export async function requireClient(
  request: Request,
  context: AppLoadContext,
): Promise<{ member: Member; headers: Headers }> {
  const { user, headers } = await requireUser(request, context);
  const preview = user.role === STAFF_ROLE ? await previewOf(request, user.id) : null;
  const previewed = preview && (await previewMember(request, user, preview));
  if (previewed) return { member: previewed, headers };
  let access = members.get(context);
  if (!access) {
    access = accessFor(user);
    members.set(context, access);
  }
  const { access: account, timeZone } = await access;
  if (account === "deactivated") {
    const cleared = await withSessionCleared(request, new Headers(headers));
    throw redirect(landingFor(request, account), { headers: cleared });
  }
  if (account === "removed") {
    throw new Response("You no longer have access to this client's portal.", {
      status: 403,
      statusText: NO_ACCESS,
      headers,
    });
  }
  return {
    member: {
      user,
      accountId: account,
      timeZone: timeZone ?? DEFAULT_TIME_ZONE,
      zoneGiven: timeZone !== null,
    },
    headers,
  };
}

/**
 * Where `user` works: for staff, who have none, their own id; a client the directory does not
 * hold in one yet (their first request) gets one of their own now.
 */
async function accessFor(user: SessionUser): Promise<Access> {
  const db = await database();
  const found = await accessAndZoneOf(db, user.id);
  if (found.access !== undefined) return found as Access;
  if (user.role === STAFF_ROLE) return { access: user.id, timeZone: found.timeZone };
  const access = await inTransaction(async (trx) => {
    const at = Date.now();
    await trx
      .insertInto("clients")
      .values({ user_id: user.id, is_staff: 0, created_at: at, updated_at: at })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    await openAccounts(trx, [user.id], at);
    return (await accessOf(trx, user.id)) ?? user.id;
  });
  return { access, timeZone: found.timeZone };
}

/** For the landing page: a signed-in user goes to their home (the dashboard, or the console). */
export async function requireAnonymous(request: Request, context: AppLoadContext) {
  const { user, headers } = await getAuthState(request, context);
  if (user) throw redirect(homePathFor(user.role), { headers });
  return { headers };
}

/** How long after a mailed link signed a session in it may set a password without the old one. */
const LINK_SESSION_MINUTES = 15;

/**
 * For the pages that set a password after a mailed link (a reset, an invitation): the user, when a
 * link opened this session in the last 15 minutes; anyone else goes to the account page, whose
 * form asks for the current password.
 */
export async function requireLinkSession(request: Request, context: AppLoadContext) {
  const signedIn = await requireUser(request, context);
  const { linkSignInAt } = signedIn.user;
  const fresh =
    linkSignInAt !== null && Date.now() / 1000 - linkSignInAt <= LINK_SESSION_MINUTES * 60;
  if (!fresh) throw redirect(ACCOUNT_PATH, { headers: signedIn.headers });
  return signedIn;
}
