// Who each person is beyond the directory's mirror of the auth service (which never writes these):
// a client's name and company as the agency names them, the name a person goes by, their time zone.
import { ownAccount } from "./client-accounts.server";
import type { Executor } from "./connection.server";

export interface ClientProfile {
  /** Empty when not given. */
  name: string;
  company: string;
}

const NONE: ClientProfile = { name: "", company: "" };

/** The profiles of `userIds` (a client with none: empty strings). */
export async function readClientProfiles(
  db: Executor,
  userIds: string[],
): Promise<Map<string, ClientProfile>> {
  const profiles = new Map(userIds.map((id) => [id, NONE]));
  if (userIds.length === 0) return profiles;
  const rows = await db
    .selectFrom("clients")
    .select(["user_id", "display_name", "company"])
    .where("user_id", "in", userIds)
    .execute();
  for (const row of rows) {
    profiles.set(row.user_id, { name: row.display_name ?? "", company: row.company ?? "" });
  }
  return profiles;
}

/** Stores `profile` for `userId` (in the caller's transaction, with its audit lines). */
export async function saveClientProfile(
  trx: Executor,
  userId: string,
  profile: ClientProfile,
  at: number,
): Promise<void> {
  const values = { display_name: profile.name || null, company: profile.company || null };
  await trx
    .insertInto("clients")
    .values({ user_id: userId, ...values, created_at: at, updated_at: at, ...ownAccount(userId) })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** The name `userId` goes by among their colleagues and the agency (in the caller's transaction). */
export async function savePersonName(trx: Executor, userId: string, name: string, at: number) {
  const values = { person_name: name || null };
  await trx
    .insertInto("clients")
    .values({ user_id: userId, ...values, created_at: at, updated_at: at, is_staff: 0 })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** The time zone `userId` keeps to, as stored (null: none given). */
export async function readTimeZone(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("clients")
    .select("time_zone")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.time_zone ?? null;
}

/**
 * Stores `zone` (a name as Intl writes it) as the time zone `userId` keeps to: `chosen` on the
 * account page, it stands; from the browser at sign-in, it is taken unless one was chosen. Whether
 * the zone they keep to changed (a sign-in from the same zone writes nothing).
 */
export async function saveTimeZone(
  trx: Executor,
  userId: string,
  zone: string,
  { at, chosen }: { at: number; chosen: boolean },
): Promise<boolean> {
  const stored = await trx
    .selectFrom("clients")
    .select(["time_zone", "time_zone_chosen_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!chosen && (stored?.time_zone === zone || stored?.time_zone_chosen_at != null)) return false;
  const chosenAt = chosen ? at : null;
  await trx
    .insertInto("clients")
    .values({
      user_id: userId,
      time_zone: zone,
      time_zone_chosen_at: chosenAt,
      created_at: at,
      updated_at: at,
      is_staff: 0,
    })
    .onConflict((conflict) => {
      const update = conflict.column("user_id");
      return chosen
        ? update.doUpdateSet({ time_zone: zone, time_zone_chosen_at: chosenAt, updated_at: at })
        : update
            .doUpdateSet({ time_zone: zone, updated_at: at })
            .where("clients.time_zone_chosen_at", "is", null);
    })
    .execute();
  return stored?.time_zone !== zone;
}
