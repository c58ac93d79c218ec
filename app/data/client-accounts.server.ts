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
 * the directory does not hold yet), or the one a colleague's invitation joined them to.
 */
export async function accountOf(db: Executor, personId: string): Promise<string> {
  const row = await db
    .selectFrom("clients")
    .select("account_id")
    .where("user_id", "=", personId)
    .executeTakeFirst();
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
