// The client directory the staff console lists: each auth user's e-mail, state, role, sign-in and
// last change, mirrored from the auth service (which can neither search nor sort by activity), so
// that thousands of clients page, search and sort in one indexed query.
import type { User } from "@supabase/supabase-js";
import { sql, type Transaction } from "kysely";
import { STAFF_ROLE } from "~/lib/roles";
import { productDatabase } from "./connection.server";
import type { AccountStatus } from "./shapes";
import type { ProductDatabase } from "./schema";

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

/** Brings one user's entry up to date (a sign-in, an accepted link), between full syncs. */
export function saveUser(user: User) {
  return saveDirectory([directoryEntry(user)], Date.now());
}

/** Upserts the auth service's users; returns how many were written. */
export async function saveDirectory(entries: DirectoryEntry[], syncedAt: number) {
  const { db } = await productDatabase();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < entries.length; start += BATCH) {
      const rows = entries.slice(start, start + BATCH).map((entry) => ({
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
      await trx
        .insertInto("clients")
        .values(rows)
        .onConflict((conflict) =>
          conflict.column("user_id").doUpdateSet((eb) => ({
            email: eb.ref("excluded.email"),
            auth_state: eb.ref("excluded.auth_state"),
            is_staff: eb.ref("excluded.is_staff"),
            auth_created_at: eb.ref("excluded.auth_created_at"),
            last_sign_in_at: eb.ref("excluded.last_sign_in_at"),
            synced_at: eb.ref("excluded.synced_at"),
            // The newest of the sign-in the service reports and a change this portal recorded.
            activity_at: sql<number>`case when coalesce(clients.last_changed_at, 0) > excluded.activity_at then clients.last_changed_at else excluded.activity_at end`,
          })),
        )
        .execute();
    }
  });
  return entries.length;
}

/**
 * Ends a complete sync: forgets the entries it did not see (users deleted from the service) and
 * records when it started.
 */
export async function finishSync(syncStartedAt: number) {
  const { db } = await productDatabase();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("clients")
      .set({ email: null, auth_state: null, synced_at: null })
      .where("synced_at", "<", syncStartedAt)
      .execute();
    await trx
      .insertInto("directory_sync")
      .values({ id: 1, synced_at: syncStartedAt })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ synced_at: syncStartedAt }))
      .execute();
  });
}

/** When the last complete sync started (by any app instance), or null before the first. */
export async function lastSyncAt(): Promise<number | null> {
  const { db } = await productDatabase();
  const row = await db.selectFrom("directory_sync").select("synced_at").executeTakeFirst();
  return row?.synced_at ?? null;
}

/** Records a change to a client's programme as their latest activity (inside the change's transaction). */
export async function recordActivity(
  trx: Transaction<ProductDatabase>,
  userId: string,
  at: number,
) {
  await trx
    .insertInto("clients")
    .values({
      user_id: userId,
      created_at: at,
      updated_at: at,
      last_changed_at: at,
      activity_at: at,
      is_staff: 0,
    })
    .onConflict((conflict) =>
      conflict
        .column("user_id")
        .doUpdateSet({ last_changed_at: at, activity_at: at, updated_at: at }),
    )
    .execute();
}

/** A page of clients (staff excluded), newest activity first, optionally those whose e-mail contains `search`. */
export async function listClients({
  search,
  page,
  perPage,
}: {
  search: string;
  page: number;
  perPage: number;
}): Promise<{ clients: ListedClient[]; total: number }> {
  const { db } = await productDatabase();
  let query = db.selectFrom("clients").where("is_staff", "=", 0).where("email", "is not", null);
  if (search) {
    const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(email) like ${pattern} escape '\\'`);
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
      ])
      .orderBy("activity_at", "desc")
      .orderBy("email")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    clients: rows.map((row) => ({
      userId: row.user_id,
      email: row.email ?? "",
      state: (row.auth_state ?? "confirmed") as AccountStatus,
      isStaff: false,
      createdAt: row.auth_created_at ?? 0,
      lastSignInAt: row.last_sign_in_at,
      activityAt: row.activity_at,
    })),
  };
}

/** The directory entry of one user, or undefined when the directory has none. */
export async function findDirectoryEntry(userId: string) {
  const { db } = await productDatabase();
  return db
    .selectFrom("clients")
    .select(["user_id", "email", "auth_state", "is_staff", "last_sign_in_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
