// The client account a console page is about, shown by its primary contact as the auth service
// knows them now (with the agency's name for it); a person's id leads to their account's page; an
// id that is no client's (unknown, malformed, a staff member's) is the 404 page.
import { redirect } from "@remix-run/node";
import type { User } from "@supabase/supabase-js";
import { accountOf, accountSettings } from "~/data/client-accounts.server";
import { directoryEntry, mirrorUser } from "~/data/client-directory.server";
import { readClientProfiles } from "~/data/client-profiles.server";
import { database, type Executor } from "~/data/connection.server";
import { notFound } from "~/lib/not-found.server";
import { authUnavailable } from "~/session/guards.server";
import { currentUser, isStaffUser } from "~/identity/auth-admin.server";

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function userNow(userId: string): Promise<User | null> {
  try {
    return await currentUser(userId);
  } catch {
    throw authUnavailable(new Headers());
  }
}

/** Whether `id` is the row of an account made with an id of its own. */
async function isAccountOnly(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom("clients")
    .select("account_only")
    .where("user_id", "=", id)
    .executeTakeFirst();
  return row?.account_only === 1;
}

/**
 * The account behind `clientId` (its id, the address and state of its primary contact, the name
 * and company the agency gave it); a redirect for one of its people's ids; the 404 page otherwise.
 */
export async function clientOf(request: Request, clientId: string | undefined) {
  if (!clientId || !USER_ID.test(clientId)) throw notFound(request);
  const db = await database();
  if (await isAccountOnly(db, clientId)) {
    const contactId = (await accountSettings(db, clientId)).primaryContactId;
    const contact = await userNow(contactId);
    const entry = contact ? directoryEntry(contact) : null;
    return { ...(entry ?? absentContact(contactId)), ...(await agencyNames(db, clientId)) };
  }
  const user = await userNow(clientId);
  if (!user || isStaffUser(user)) throw notFound(request);
  // Someone the directory holds in no account yet gets their own as it lists them.
  if ((await accountOf(db, user.id)) === undefined) await mirrorUser(user);
  const accountId = await accountOf(db, user.id);
  // Someone removed from their account is no client of the agency's now.
  if (!accountId) throw notFound(request);
  if (accountId !== user.id) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(clientId, accountId)}${url.search}`);
  }
  return { ...directoryEntry(user), ...(await agencyNames(db, accountId)) };
}

/** The account's own id, with the name and company the agency gave it. */
async function agencyNames(db: Executor, accountId: string) {
  const profile = (await readClientProfiles(db, [accountId])).get(accountId);
  return { userId: accountId, name: profile?.name ?? "", company: profile?.company ?? "" };
}

/** A primary contact the auth service no longer has: the account is shown without an address. */
const absentContact = (userId: string) => ({
  userId,
  email: "",
  state: "confirmed" as const,
  isStaff: false,
  createdAt: 0,
  lastSignInAt: null,
});
