// Who each client is, as the agency names them: a name and a company, kept beside the directory's
// mirror of the auth service (which never writes them).
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
    .values({ user_id: userId, ...values, created_at: at, updated_at: at, is_staff: 0 })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}
