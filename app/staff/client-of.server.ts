// The client a console page is about, as the auth service knows them now (with the agency's name
// for them); a colleague's id leads to their account's page; an id that is not a client's (unknown,
// malformed, a staff member's) is the 404 page.
import { redirect } from "@remix-run/node";
import { accountOf } from "~/data/client-accounts.server";
import { directoryEntry } from "~/data/client-directory.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { database } from "~/data/connection.server";
import { notFound } from "~/lib/not-found.server";
import { authUnavailable } from "~/session/guards.server";
import { currentUser, isStaffUser } from "~/identity/auth-admin.server";

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client behind `clientId`, as the auth service knows them, with the name and company the
 * agency gave them; the 404 page for anyone else.
 */
export async function clientOf(request: Request, clientId: string | undefined) {
  if (!clientId || !USER_ID.test(clientId)) throw notFound(request);
  let user;
  try {
    user = await currentUser(clientId);
  } catch {
    throw authUnavailable(new Headers());
  }
  if (!user || isStaffUser(user)) throw notFound(request);
  const db = await database();
  const accountId = await accountOf(db, user.id);
  // Someone removed from their account is no client of the agency's now.
  if (accountId === null) throw notFound(request);
  if (accountId !== user.id) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(clientId, accountId)}${url.search}`);
  }
  const entry = directoryEntry(user);
  const profile = (await readClientProfiles(db, [entry.userId])).get(entry.userId);
  return { ...entry, name: profile?.name ?? "", company: profile?.company ?? "" };
}
