// Revocation markers: a sign-out of all devices or a password change ends every other session of
// the user at its next page view. Checked on every signed-in view after local verification; kept
// in the product database, read through a one-second cache per user (decision 014).
import { database, inTransaction } from "~/data/connection.server";
import type { RevocationReason } from "~/data/schema";
import {
  readRevocation,
  saveRevocation,
  type RevocationMarker,
} from "~/data/session-revocations.server";

const CACHE_MS = 1_000;
/** Users whose marker was read: each costs two numbers and an id; cleared when this many. */
const CACHE_MAX_USERS = 20_000;

const cache = new Map<string, { marker: RevocationMarker | null; readAt: number }>();

async function markerOf(userId: string): Promise<RevocationMarker | null> {
  const cached = cache.get(userId);
  if (cached && Date.now() - cached.readAt < CACHE_MS) return cached.marker;
  const marker = await readRevocation(await database(), userId);
  if (cache.size >= CACHE_MAX_USERS) cache.clear();
  cache.set(userId, { marker, readAt: Date.now() });
  return marker;
}

/**
 * Ends, at their next page view, every session of `userId` but `keptSessionId` (none: all of
 * them), as of now, for `reason`.
 */
export async function revokeSessions(
  userId: string,
  keptSessionId: string | null,
  reason: RevocationReason,
) {
  const marker = { revokedAt: Date.now(), keptSessionId, reason };
  await inTransaction((trx) => saveRevocation(trx, userId, marker));
  cache.set(userId, { marker, readAt: Date.now() });
}

/**
 * Why a token of `userId`'s session `sessionId`, issued at `issuedAt` (the JWT's `iat`, whole
 * seconds), was revoked, or null while it stands. Tokens carry only the second they were issued
 * in, so one issued in the marker's own second counts as issued before it: no window in which a
 * token of another session can slip past.
 */
export async function revocationOf(
  userId: string,
  sessionId: string,
  issuedAt: number,
): Promise<RevocationReason | null> {
  const marker = await markerOf(userId);
  if (!marker || sessionId === marker.keptSessionId) return null;
  return issuedAt <= Math.floor(marker.revokedAt / 1000) ? marker.reason : null;
}
