// Client accounts: each person the portal knows belongs to at most one, whose programme, thread,
// hand-ins and files its people share; the account's id is its first person's, whose row holds it.
import { sql } from "kysely";
import type { Executor } from "./connection.server";
import type { AccountBook, AccountPerson, AccountSettings, AccountStatus } from "./shapes";

/**
 * The columns of a `clients` row written for `userId` before the directory has them (a sign-in's
 * time zone, a plan kept for an invitation): a client, the first person of an account of their own.
 */
export const ownAccount = (userId: string) => ({ is_staff: 0, account_id: userId });

/**
 * The account whose programme `personId` follows: their own (a client's first person, or someone
 * the directory does not hold yet), or the one a colleague's invitation joined them to; null for
 * someone staff removed from their account, who has access to none.
 */
export async function accountOf(db: Executor, personId: string): Promise<string | null> {
  const row = await db
    .selectFrom("clients")
    .select(["account_id", "removed_at"])
    .where("user_id", "=", personId)
    .executeTakeFirst();
  if (row?.removed_at != null) return null;
  return row?.account_id ?? personId;
}

/** What staff set for `accountId`: its name, its primary contact and the colleagues' switch. */
export async function accountSettings(db: Executor, accountId: string): Promise<AccountSettings> {
  const row = await db
    .selectFrom("clients")
    .select(["account_name", "primary_contact_id", "colleagues_may_invite"])
    .where("user_id", "=", accountId)
    .executeTakeFirst();
  return {
    name: row?.account_name ?? null,
    primaryContactId: row?.primary_contact_id ?? accountId,
    colleaguesMayInvite: Number(row?.colleagues_may_invite ?? 0) === 1,
  };
}

/** The names of everyone who is or was one of `accountId`'s people, and its name. */
export async function accountBook(db: Executor, accountId: string): Promise<AccountBook> {
  const rows = await db
    .selectFrom("clients")
    .select(["user_id", "email", "person_name", "account_name"])
    .where("account_id", "=", accountId)
    .where("email", "is not", null)
    .execute();
  const company = rows.find((row) => row.user_id === accountId)?.account_name ?? null;
  return { company, names: new Map(rows.map((row) => [row.email ?? "", row.person_name])) };
}

/** An account as the console's list shows it: its name, and its people besides its first. */
export interface ListedAccount {
  name: string | null;
  colleagues: { email: string; name: string | null }[];
}

/**
 * For a page of the console's list: each account's name and its people now besides its first
 * person, in the order they joined.
 */
export async function accountsListed(
  db: Executor,
  accountIds: string[],
): Promise<Map<string, ListedAccount>> {
  const accounts = new Map<string, ListedAccount>(
    accountIds.map((id) => [id, { name: null, colleagues: [] }]),
  );
  if (accountIds.length === 0) return accounts;
  const rows = await db
    .selectFrom("clients")
    .select(["user_id", "account_id", "email", "person_name", "account_name"])
    .where("account_id", "in", accountIds)
    .where("removed_at", "is", null)
    .where("email", "is not", null)
    .where("is_staff", "=", 0)
    .orderBy("created_at")
    .orderBy("user_id")
    .execute();
  for (const row of rows) {
    const account = accounts.get(row.account_id ?? "");
    if (!account) continue;
    if (row.user_id === row.account_id) account.name = row.account_name;
    else account.colleagues.push({ email: row.email ?? "", name: row.person_name });
  }
  return accounts;
}

/**
 * The people of `accountId` now, in the order they joined: the one whose id the account has (a
 * migrated client) first, each with their last view of the account's pages.
 */
export async function peopleOf(db: Executor, accountId: string): Promise<AccountPerson[]> {
  const rows = await db
    .selectFrom("clients as c")
    .leftJoin("visits as v", (join) =>
      join.onRef("v.viewer_id", "=", "c.user_id").on("v.client_id", "=", accountId),
    )
    // The account's row says who its primary contact is (null: the person whose id it has).
    .leftJoin("clients as a", (join) => join.on("a.user_id", "=", accountId))
    .select(["c.user_id", "c.email", "c.auth_state", "c.last_sign_in_at", "c.person_name"])
    .select(["v.seen_at", "a.primary_contact_id"])
    .where("c.account_id", "=", accountId)
    .where("c.removed_at", "is", null)
    .where("c.email", "is not", null)
    .where("c.is_staff", "=", 0)
    .orderBy(sql`case when c.user_id = ${accountId} then 0 else 1 end`)
    .orderBy("c.created_at")
    .orderBy("c.user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email ?? "",
    state: (row.auth_state ?? "confirmed") as AccountStatus,
    lastSignInAt: row.last_sign_in_at,
    name: row.person_name,
    lastSeenAt: row.seen_at === null ? null : Number(row.seen_at),
    holdsAccountId: row.user_id === accountId,
    primary: row.user_id === (row.primary_contact_id ?? accountId),
  }));
}

/** `personId`'s address and the name they go by, as the directory holds them; null: not held. */
export async function personOf(
  db: Executor,
  personId: string,
): Promise<{ email: string; name: string | null } | null> {
  const row = await db
    .selectFrom("clients")
    .select(["email", "person_name"])
    .where("user_id", "=", personId)
    .executeTakeFirst();
  return row ? { email: row.email ?? "", name: row.person_name } : null;
}

/** Sets what staff set for `accountId` (its row exists: it is listed), in the caller's transaction. */
export async function changeAccount(
  trx: Executor,
  accountId: string,
  change: { name?: string; colleaguesMayInvite?: boolean },
) {
  await trx
    .updateTable("clients")
    .set({
      ...(change.name === undefined
        ? {}
        : { account_name: change.name === "" ? null : change.name }),
      ...(change.colleaguesMayInvite === undefined
        ? {}
        : { colleagues_may_invite: change.colleaguesMayInvite ? 1 : 0 }),
    })
    .where("user_id", "=", accountId)
    .execute();
}

/**
 * Makes `personId`, one of `accountId`'s people now, its primary contact, in the caller's
 * transaction; their address, or null (nothing changed) for anyone else.
 */
export async function choosePrimaryContact(
  trx: Executor,
  accountId: string,
  personId: string,
): Promise<string | null> {
  const person = await trx
    .selectFrom("clients")
    .select("email")
    .where("user_id", "=", personId)
    .where("account_id", "=", accountId)
    .where("removed_at", "is", null)
    .where("is_staff", "=", 0)
    .executeTakeFirst();
  if (!person) return null;
  await trx
    .updateTable("clients")
    .set({ primary_contact_id: personId === accountId ? null : personId })
    .where("user_id", "=", accountId)
    .execute();
  return person.email ?? "";
}

/**
 * Makes `personId` (just invited, in the directory) one of `accountId`'s people, in the caller's
 * transaction: from their next request on they work in its programme, thread and files.
 */
export async function joinAccount(trx: Executor, personId: string, accountId: string) {
  await trx
    .updateTable("clients")
    .set({ account_id: accountId })
    .where("user_id", "=", personId)
    .execute();
}

/**
 * Ends `personId`'s membership of `accountId` (never its first person's, whose id the account has,
 * nor its primary contact's), in the caller's transaction; their address, or null when they were
 * not one of its people who may be removed. Their row keeps the account, which names their work.
 */
export async function removeFromAccount(
  trx: Executor,
  personId: string,
  accountId: string,
  at: number,
): Promise<string | null> {
  const row = await trx
    .updateTable("clients")
    .set({ removed_at: at })
    .where("user_id", "=", personId)
    .where("account_id", "=", accountId)
    .where("user_id", "<>", accountId)
    .where("removed_at", "is", null)
    .where(({ eb, selectFrom }) =>
      eb(
        "user_id",
        "not in",
        selectFrom("clients as account")
          .select(sql<string>`coalesce(account.primary_contact_id, account.user_id)`.as("primary"))
          .where("account.user_id", "=", accountId),
      ),
    )
    .returning("email")
    .executeTakeFirst();
  return row ? (row.email ?? "") : null;
}

/**
 * Lets the person with address `email` back into `accountId` if they were removed from it before
 * (they kept their sign-in), in the caller's transaction; their id, or null for anyone else.
 */
export async function rejoinAccount(
  trx: Executor,
  email: string,
  accountId: string,
): Promise<string | null> {
  const row = await trx
    .updateTable("clients")
    .set({ removed_at: null })
    .where("email", "=", email)
    .where("account_id", "=", accountId)
    .where("removed_at", "is not", null)
    .where("is_staff", "=", 0)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}
