// Client accounts: each person the portal knows belongs to at most one, whose programme, thread,
// hand-ins and files its people share; the account's id is its first person's, whose row holds it.
import type { Executor } from "./connection.server";
import type { AccountPerson, AccountStatus } from "./shapes";

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

/** The people of `accountId` besides its first person, in the order they joined. */
export async function colleaguesIn(db: Executor, accountId: string): Promise<AccountPerson[]> {
  const rows = await db
    .selectFrom("clients")
    .select(["user_id", "email", "auth_state", "last_sign_in_at"])
    .where("account_id", "=", accountId)
    .where("user_id", "<>", accountId)
    .where("email", "is not", null)
    .where("is_staff", "=", 0)
    .orderBy("created_at")
    .orderBy("user_id")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email ?? "",
    state: (row.auth_state ?? "confirmed") as AccountStatus,
    lastSignInAt: row.last_sign_in_at,
    first: false,
  }));
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
 * Ends `personId`'s membership of `accountId` (never its first person's, whose id the account
 * has), in the caller's transaction; their address, or null when they were not one of its people.
 */
export async function removeFromAccount(
  trx: Executor,
  personId: string,
  accountId: string,
  at: number,
): Promise<string | null> {
  const row = await trx
    .updateTable("clients")
    .set({ account_id: null, removed_at: at })
    .where("user_id", "=", personId)
    .where("account_id", "=", accountId)
    .where("user_id", "<>", accountId)
    .returning("email")
    .executeTakeFirst();
  return row ? (row.email ?? "") : null;
}

/**
 * Joins the person with address `email` to `accountId` again if staff removed them from an account
 * before (they keep their sign-in), in the caller's transaction; their id, or null for anyone else.
 */
export async function rejoinAccount(
  trx: Executor,
  email: string,
  accountId: string,
): Promise<string | null> {
  const row = await trx
    .updateTable("clients")
    .set({ account_id: accountId, removed_at: null })
    .where("email", "=", email)
    .where("removed_at", "is not", null)
    .where("is_staff", "=", 0)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}
