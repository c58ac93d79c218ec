// The client directory the staff console lists: each auth user's e-mail, state, role, sign-in and
// last change, mirrored from the auth service (which can neither search nor sort by activity), so
// that thousands of clients page, search and sort in one indexed query.
import { openAccounts, ownAccount, showContacts } from "./client-accounts.server";
import type { User } from "@supabase/supabase-js";
import { sql, type SqlBool } from "kysely";
import { STAFF_ROLE } from "~/lib/roles";
import { log } from "~/lib/log.server";
import type { ClientFilterQuery } from "./client-filters.server";
import { inTransaction, type Executor } from "./connection.server";
import { LISTED_CLIENT } from "./task-facts.server";
import type { AccountStatus } from "./shapes";
import { batches } from "~/lib/batches";

export interface DirectoryEntry {
  userId: string;
  email: string;
  state: AccountStatus;
  isStaff: boolean;
  createdAt: number;
  lastSignInAt: number | null;
}

export interface ListedClient extends DirectoryEntry {
  activityAt: number | null;
  /** Staff deactivated the account. */
  deactivated: boolean;
}

const BATCH = 200;

const millis = (iso: string | undefined | null) => (iso ? Date.parse(iso) : null);

/** A user as the auth service describes them, as the directory keeps them. */
export function directoryEntry(user: User): DirectoryEntry {
  return {
    userId: user.id,
    email: user.email ?? "",
    state: user.email_confirmed_at ? "confirmed" : user.invited_at ? "invited" : "unconfirmed",
    isStaff: user.app_metadata?.role === STAFF_ROLE,
    createdAt: millis(user.created_at) ?? Date.now(),
    lastSignInAt: millis(user.last_sign_in_at),
  };
}

/**
 * Brings one user's entry up to date after a sign-in, an accepted link or an invitation, between
 * full syncs. A copy: when the database cannot take it, the auth service's answer stands and the
 * next sync brings the entry.
 */
export async function mirrorUser(user: User): Promise<void> {
  try {
    await inTransaction((trx) => saveDirectory(trx, [directoryEntry(user)], Date.now()));
  } catch (error) {
    log("warn", "directory_mirror_failed", { detail: (error as Error).message });
  }
}

/** Within the upsert: the activity an entry brings, or a change this portal recorded if newer. */
const ACTIVITY = sql<number>`case when coalesce(clients.last_changed_at, 0) > excluded.activity_at
  then clients.last_changed_at else excluded.activity_at end`;

/**
 * Upserts the auth service's users (in the caller's transaction); returns how many. An entry the
 * directory already holds as it is is not written again: a sync of thousands of unchanged users
 * writes nothing (no log growth, no cache of the clients' rows thrown away).
 */
export async function saveDirectory(db: Executor, entries: DirectoryEntry[], syncedAt: number) {
  for (const batch of batches(entries, BATCH)) {
    const rows = batch.map((entry) => ({
      user_id: entry.userId,
      email: entry.email,
      auth_state: entry.state,
      is_staff: entry.isStaff ? 1 : 0,
      auth_created_at: entry.createdAt,
      last_sign_in_at: entry.lastSignInAt,
      activity_at: Math.max(entry.createdAt, entry.lastSignInAt ?? 0),
      synced_at: syncedAt,
      created_at: syncedAt,
      updated_at: syncedAt,
    }));
    await db
      .insertInto("clients")
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet((eb) => ({
            email: eb.ref("excluded.email"),
            auth_state: eb.ref("excluded.auth_state"),
            is_staff: eb.ref("excluded.is_staff"),
            auth_created_at: eb.ref("excluded.auth_created_at"),
            last_sign_in_at: eb.ref("excluded.last_sign_in_at"),
            synced_at: eb.ref("excluded.synced_at"),
            activity_at: ACTIVITY,
          }))
          .where(
            sql<SqlBool>`(clients.email is distinct from excluded.email
              or clients.auth_state is distinct from excluded.auth_state
              or clients.is_staff is distinct from excluded.is_staff
              or clients.auth_created_at is distinct from excluded.auth_created_at
              or clients.last_sign_in_at is distinct from excluded.last_sign_in_at
              or clients.activity_at is distinct from ${ACTIVITY})`,
          ),
      )
      .execute();
    // A new client gets an account of their own; an account's row shows its primary contact.
    const people = batch.filter((entry) => !entry.isStaff).map((entry) => entry.userId);
    await openAccounts(db, people, syncedAt);
  }
  return entries.length;
}

/** An entry for a user the auth service no longer has: kept for their data, listed nowhere. */
const FORGOTTEN = { email: null, auth_state: null, synced_at: null };

/**
 * Ends a complete sync that started at `syncStartedAt` and saw `seen`: forgets the entries it did
 * not see (users deleted from the service; one written since it started stays) and records when
 * it started.
 */
export async function finishSync(db: Executor, syncStartedAt: number, seen: ReadonlySet<string>) {
  const listed = await db
    .selectFrom("clients")
    .select("user_id")
    .where("email", "is not", null)
    .where("synced_at", "<", syncStartedAt)
    .execute();
  const gone = listed.map((row) => row.user_id).filter((id) => !seen.has(id));
  for (const batch of batches(gone, BATCH)) {
    await db.updateTable("clients").set(FORGOTTEN).where("user_id", "in", batch).execute();
    await showContacts(db, batch);
  }
  await db
    .insertInto("directory_sync")
    .values({ id: 1, synced_at: syncStartedAt })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ synced_at: syncStartedAt }))
    .execute();
}

/**
 * Forgets a user the auth service no longer has, as a complete sync would; an account they were the
 * primary contact of shows no one, and is listed no more.
 */
export async function forgetUser(db: Executor, userId: string) {
  await db.updateTable("clients").set(FORGOTTEN).where("user_id", "=", userId).execute();
  await showContacts(db, [userId]);
}

/** The id of the client person the directory holds with address `email`, or null. */
export async function clientPersonWith(db: Executor, email: string): Promise<string | null> {
  const row = await db
    .selectFrom("clients")
    .select("user_id")
    .where("email", "=", email)
    .where("account_only", "is", null)
    .where("is_staff", "=", 0)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** When the last complete sync started (by any app instance), or null before the first. */
export async function lastSyncAt(db: Executor): Promise<number | null> {
  const row = await db.selectFrom("directory_sync").select("synced_at").executeTakeFirst();
  return row?.synced_at ?? null;
}

/** Records a change to a client's programme as their latest activity (inside the change's transaction). */
export async function recordActivity(db: Executor, userId: string, at: number) {
  await db
    .insertInto("clients")
    .values({
      user_id: userId,
      created_at: at,
      updated_at: at,
      last_changed_at: at,
      activity_at: at,
      ...ownAccount(userId),
    })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ last_changed_at: at, activity_at: at, updated_at: at }),
    )
    .execute();
}

/** How many clients the console lists, from their partial index. */
async function listedClientCount(db: Executor): Promise<number> {
  const { rows } = await sql<{ total: number | string }>`select count(*) as total
    from clients c where ${LISTED_CLIENT}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

/**
 * A listed client `pattern` (a `like` pattern, lower case) finds: by the agency's name for them or
 * their company, the account's name, or any of its people's address or own name.
 */
const matchesSearch = (pattern: string) => sql<SqlBool>`(
  lower(coalesce(c.display_name, '')) like ${pattern} escape '\\'
  or lower(coalesce(c.company, '')) like ${pattern} escape '\\'
  or lower(coalesce(c.account_name, '')) like ${pattern} escape '\\'
  or exists (select 1 from clients m where m.account_id = c.user_id and m.removed_at is null
    and (lower(m.email) like ${pattern} escape '\\'
      or lower(coalesce(m.person_name, '')) like ${pattern} escape '\\')))`;

/**
 * A page of clients (staff excluded), newest activity first, optionally those `search` finds and
 * those `only` keeps (a condition on `clients as c`); `total` counts them all (by the filter's own
 * count when there is no search).
 */
export async function listClients(
  db: Executor,
  {
    search,
    page,
    perPage,
    only,
  }: { search: string; page: number; perPage: number; only?: ClientFilterQuery },
): Promise<{ clients: ListedClient[]; total: number }> {
  let query = db.selectFrom("clients as c").where(LISTED_CLIENT);
  if (only) query = query.where(only.where);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(matchesSearch(pattern));
  }
  const [rows, count] = await Promise.all([
    query
      .select([
        "user_id",
        "email",
        "auth_state",
        "auth_created_at",
        "last_sign_in_at",
        "activity_at",
        "deactivated_at",
      ])
      .orderBy("activity_at", "desc")
      .orderBy("email")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    // Without a search, a quicker count where there is one: the filter's own, or the whole list's.
    !search && (only === undefined || only.count)
      ? (only?.count ?? listedClientCount)(db)
      : query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: typeof count === "number" ? count : Number(count.total),
    clients: rows.map((row) => ({
      userId: row.user_id,
      email: row.email ?? "",
      state: (row.auth_state ?? "confirmed") as AccountStatus,
      isStaff: false,
      createdAt: row.auth_created_at ?? 0,
      lastSignInAt: row.last_sign_in_at,
      activityAt: row.activity_at,
      deactivated: row.deactivated_at !== null,
    })),
  };
}
