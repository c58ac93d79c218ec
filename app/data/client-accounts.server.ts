// Client accounts: each person the portal knows belongs to at most one, whose programme, thread,
// hand-ins and files its people share. A new account has an id of its own; a migrated one, its person's.
import { randomUUID } from "node:crypto";
import { sql, type SqlBool } from "kysely";
import { compiledOnce } from "./compiled-once.server";
import type { Executor } from "./connection.server";
import type { AccountBook, AccountPerson, AccountSettings, AccountStatus } from "./shapes";

/**
 * The columns of an account's `clients` row written for `accountId` before it has one (a plan or
 * a change kept for an id the directory does not hold yet): an account with that id.
 */
export const ownAccount = (accountId: string) => ({ is_staff: 0, account_id: accountId });

/**
 * The account whose programme `personId` follows; null for someone staff removed from their
 * account, who has access to none; undefined for someone in none yet (staff, or a client whose
 * account `openAccounts` has still to make).
 */
export async function accountOf(
  db: Executor,
  personId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom("clients")
    .select(["account_id", "removed_at"])
    .where("user_id", "=", personId)
    .executeTakeFirst();
  if (row?.removed_at != null) return null;
  return row?.account_id ?? undefined;
}

const accessRow = compiledOnce((db: Executor, personId: string) =>
  db
    .selectFrom("clients as c")
    .leftJoin("clients as a", "a.user_id", "c.account_id")
    .select(["c.account_id", "c.removed_at", "a.deactivated_at", "c.time_zone"])
    .where("c.user_id", "=", personId),
);

/**
 * Where `personId` may work now: their account's id; "removed" (staff removed them from it) or
 * "deactivated" (staff let the account go) when nowhere; undefined when in no account yet. With
 * it, the zone they keep to (null: none given yet), read in the same statement.
 */
export async function accessAndZoneOf(
  db: Executor,
  personId: string,
): Promise<{ access: string | "removed" | "deactivated" | undefined; timeZone: string | null }> {
  const [row] = await accessRow(db, personId);
  const timeZone = row?.time_zone ?? null;
  if (row?.removed_at != null) return { access: "removed", timeZone };
  if (row?.deactivated_at != null) return { access: "deactivated", timeZone };
  return { access: row?.account_id ?? undefined, timeZone };
}

/** Where `personId` may work now (see `accessAndZoneOf`). */
export const accessOf = async (db: Executor, personId: string) =>
  (await accessAndZoneOf(db, personId)).access;

/** The account `personId` works in now; null when removed, deactivated or in none. */
export async function activeAccountOf(db: Executor, personId: string): Promise<string | null> {
  const access = await accessOf(db, personId);
  return access === "removed" || access === "deactivated" ? null : (access ?? null);
}

/**
 * Deactivates `accountId` (`at`) or makes it active again (null), in the caller's transaction;
 * whether that changed anything.
 */
export async function setDeactivated(
  trx: Executor,
  accountId: string,
  at: number | null,
): Promise<boolean> {
  const changed = await trx
    .updateTable("clients")
    .set({ deactivated_at: at })
    .where("user_id", "=", accountId)
    .where("account_id", "=", accountId)
    .where("deactivated_at", at === null ? "is not" : "is", null)
    .returning("user_id")
    .executeTakeFirst();
  return changed !== undefined;
}

/** Within a query over `clients` as `c`: a person's row (a row that is an account alone is none). */
const A_PERSON = sql<SqlBool>`c.account_only is null`;

/**
 * Gives each client among `personIds` who is in no account yet an account of their own, with an id
 * of its own and them as its primary contact, in the caller's transaction.
 */
export async function openAccounts(trx: Executor, personIds: string[], at: number) {
  if (personIds.length === 0) return;
  const homeless = await trx
    .selectFrom("clients")
    .select("user_id")
    .where("user_id", "in", personIds)
    .where("account_id", "is", null)
    .where("is_staff", "=", 0)
    .where("removed_at", "is", null)
    .execute();
  for (const { user_id: personId } of homeless) {
    const accountId = randomUUID();
    // Two first requests at once: only the one that moves the person makes the account.
    const moved = await trx
      .updateTable("clients")
      .set({ account_id: accountId })
      .where("user_id", "=", personId)
      .where("account_id", "is", null)
      .returning("user_id")
      .executeTakeFirst();
    if (!moved) continue;
    await trx
      .insertInto("clients")
      .values({
        user_id: accountId,
        account_id: accountId,
        account_only: 1,
        is_staff: 0,
        primary_contact_id: personId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await showContacts(trx, personIds);
}

/**
 * Brings the directory entry of each of `personIds` who is an account's primary contact to the
 * account's row (address, state, sign-in; activity only forward), which the console lists and
 * names; a row already showing it is not written again.
 */
export async function showContacts(trx: Executor, personIds: string[]) {
  if (personIds.length === 0) return;
  const of = <T>(column: string) =>
    sql<T>`(select p.${sql.ref(column)} from clients p where p.user_id = clients.primary_contact_id)`;
  const activity = sql<number>`case when coalesce(${of("activity_at")}, 0) > coalesce(clients.activity_at, 0)
    then ${of("activity_at")} else clients.activity_at end`;
  await trx
    .updateTable("clients")
    .set({
      email: of<string | null>("email"),
      auth_state: of<string | null>("auth_state"),
      auth_created_at: of<number | null>("auth_created_at"),
      last_sign_in_at: of<number | null>("last_sign_in_at"),
      activity_at: activity,
    })
    .where("account_only", "=", 1)
    .where("primary_contact_id", "in", personIds)
    .where(
      sql<SqlBool>`(clients.email is distinct from ${of("email")}
        or clients.auth_state is distinct from ${of("auth_state")}
        or clients.auth_created_at is distinct from ${of("auth_created_at")}
        or clients.last_sign_in_at is distinct from ${of("last_sign_in_at")}
        or clients.activity_at is distinct from ${activity})`,
    )
    .execute();
}

/** What staff set for `accountId`: its name, its primary contact and the colleagues' switch. */
export async function accountSettings(db: Executor, accountId: string): Promise<AccountSettings> {
  const row = await db
    .selectFrom("clients as a")
    .leftJoin("clients as p", (join) =>
      join.on("p.user_id", "=", sql<string>`coalesce(a.primary_contact_id, a.user_id)`),
    )
    .select(["a.account_name", "a.primary_contact_id", "a.colleagues_may_invite"])
    .select(["a.deactivated_at", "a.due_time_zone", "p.time_zone as primary_time_zone"])
    .where("a.user_id", "=", accountId)
    .executeTakeFirst();
  return {
    name: row?.account_name ?? null,
    primaryContactId: row?.primary_contact_id ?? accountId,
    colleaguesMayInvite: Number(row?.colleagues_may_invite ?? 0) === 1,
    deactivatedAt: row?.deactivated_at == null ? null : Number(row.deactivated_at),
    dueTimeZone: row?.due_time_zone ?? null,
    primaryTimeZone: row?.primary_time_zone ?? null,
  };
}

/**
 * The names of everyone who is or was one of `accountId`'s people, its name, and the names staff
 * gave themselves (staff without one are not read), in one statement.
 */
export async function accountBook(db: Executor, accountId: string): Promise<AccountBook> {
  const rows = await db
    .selectFrom("clients as c")
    .select(["c.user_id", "c.email", "c.person_name", "c.account_name", "c.account_only"])
    .select("c.is_staff")
    .where(({ eb, or, and }) =>
      or([
        eb("c.account_id", "=", accountId),
        and([eb("c.is_staff", "=", 1), eb("c.person_name", "is not", null)]),
      ]),
    )
    .execute();
  const company = rows.find((row) => row.user_id === accountId)?.account_name ?? null;
  const staff = (row: (typeof rows)[number]) => Number(row.is_staff) === 1;
  const named = (row: (typeof rows)[number]) => [row.email ?? "", row.person_name] as const;
  const people = rows.filter(
    (row) => !staff(row) && row.email !== null && row.account_only === null,
  );
  const agency = rows.filter((row) => staff(row) && row.email !== null);
  return { company, names: new Map(people.map(named)), agency: new Map(agency.map(named)) };
}

/** The names the people at `emails` go by now, by address; one who gave none is not in it. */
export async function namesByAddress(db: Executor, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom("clients")
    .select(["email", "person_name"])
    .where("email", "in", emails)
    .where("person_name", "is not", null)
    .execute();
  return new Map(rows.map((row) => [row.email ?? "", row.person_name ?? ""]));
}

/** An account as the console's list shows it: its name, and its people besides the one it shows. */
export interface ListedAccount {
  name: string | null;
  colleagues: { email: string; name: string | null }[];
}

/**
 * For a page of the console's list: each account's name and its people now besides the one whose
 * address it shows (the person whose id it has, or else its primary contact), in the order they joined.
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
    .select(["account_only", "primary_contact_id"])
    .where("account_id", "in", accountIds)
    .where("removed_at", "is", null)
    .where("email", "is not", null)
    .where("is_staff", "=", 0)
    .orderBy("created_at")
    .orderBy("user_id")
    .execute();
  const shown = new Map<string, string>();
  for (const row of rows) {
    if (row.user_id !== row.account_id) continue;
    accounts.get(row.user_id)!.name = row.account_name;
    shown.set(
      row.user_id,
      row.account_only === null ? row.user_id : (row.primary_contact_id ?? ""),
    );
  }
  for (const row of rows) {
    const account = accounts.get(row.account_id ?? "");
    if (!account || row.account_only !== null || row.user_id === shown.get(row.account_id ?? "")) {
      continue;
    }
    account.colleagues.push({ email: row.email ?? "", name: row.person_name });
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
    .where(A_PERSON)
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
): Promise<{ email: string; name: string | null; isStaff: boolean } | null> {
  const row = await db
    .selectFrom("clients")
    .select(["email", "person_name", "is_staff"])
    .where("user_id", "=", personId)
    .executeTakeFirst();
  return row
    ? { email: row.email ?? "", name: row.person_name, isStaff: Number(row.is_staff) === 1 }
    : null;
}

/** Sets what staff set for `accountId` (its row exists: it is listed), in the caller's transaction. */
export async function changeAccount(
  trx: Executor,
  accountId: string,
  change: { name?: string; colleaguesMayInvite?: boolean; dueTimeZone?: string | null },
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
      ...(change.dueTimeZone === undefined ? {} : { due_time_zone: change.dueTimeZone }),
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
    .selectFrom("clients as c")
    .select("c.email")
    .where("c.user_id", "=", personId)
    .where("c.account_id", "=", accountId)
    .where(A_PERSON)
    .where("c.removed_at", "is", null)
    .where("c.is_staff", "=", 0)
    .executeTakeFirst();
  if (!person) return null;
  await trx
    .updateTable("clients")
    .set({ primary_contact_id: personId === accountId ? null : personId })
    .where("user_id", "=", accountId)
    .execute();
  await showContacts(trx, [personId]);
  return person.email ?? "";
}

/**
 * Makes `personId` (just invited, in the directory) one of `accountId`'s people, in the caller's
 * transaction: from their next request on they work in its programme, thread and files. An account
 * the directory opened for them, now with no one in it, is closed if nothing was done in it, else
 * kept shown by no one (and so listed no more).
 */
export async function joinAccount(trx: Executor, personId: string, accountId: string) {
  const before = await accountOf(trx, personId);
  await trx
    .updateTable("clients")
    .set({ account_id: accountId })
    .where("user_id", "=", personId)
    .execute();
  if (!before || before === accountId) return;
  const left = await trx
    .selectFrom("clients")
    .select(["last_changed_at"])
    .where("user_id", "=", before)
    .where("account_only", "=", 1)
    .where("primary_contact_id", "=", personId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("clients as m")
            .select("m.user_id")
            .where("m.account_id", "=", before)
            .where("m.user_id", "<>", before),
        ),
      ),
    )
    .executeTakeFirst();
  if (!left) return;
  if (left.last_changed_at === null) {
    await trx.deleteFrom("clients").where("user_id", "=", before).execute();
    return;
  }
  const noOne = { primary_contact_id: null, email: null, auth_state: null, last_sign_in_at: null };
  await trx.updateTable("clients").set(noOne).where("user_id", "=", before).execute();
}

/**
 * Ends `personId`'s membership of `accountId` (never the person's whose id the account has, nor
 * its primary contact's), in the caller's transaction; their address, or null when they were
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
