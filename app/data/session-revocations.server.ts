// Revocation markers as the product database keeps them: one per user, the newest (a later marker
// ends everything an earlier one did, and more).
import type { Executor } from "./connection.server";
import type { RevocationReason } from "./schema";

export interface RevocationMarker {
  /** When the sessions were ended (ms). */
  revokedAt: number;
  /** The session the marker spares (the one that made the change), or null for none. */
  keptSessionId: string | null;
  reason: RevocationReason;
}

export async function saveRevocation(
  db: Executor,
  userId: string,
  marker: RevocationMarker,
): Promise<void> {
  const row = {
    revoked_at: marker.revokedAt,
    kept_session_id: marker.keptSessionId,
    reason: marker.reason,
  };
  await db
    .insertInto("session_revocations")
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column("user_id").doUpdateSet(row))
    .execute();
}

export async function readRevocation(
  db: Executor,
  userId: string,
): Promise<RevocationMarker | null> {
  const row = await db
    .selectFrom("session_revocations")
    .select(["revoked_at", "kept_session_id", "reason"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row
    ? { revokedAt: row.revoked_at, keptSessionId: row.kept_session_id, reason: row.reason }
    : null;
}
