// Revocation markers: "every token this user held before time T is no longer a session". Written
// when a user signs out of all devices or changes their password; checked on every signed-in view
// (after the local JWT verification, which cannot know about it), so the other devices are signed
// out at their next page view instead of when their access token expires. Kept in this process
// and, with REDIS_URL, in Redis so that every app instance sees them.
import { log } from "~/lib/log.server";
import { redisClient } from "~/lib/redis.server";

/** Longer than any access token lives (hosted Supabase allows up to a week): then it is moot. */
const MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;
const KEY_PREFIX = "portal:revoked:";

/** In this process: the markers themselves without Redis, and a fallback while Redis is down. */
const local = new Map<string, { revokedAt: number; expiresAt: number }>();

const nowSeconds = () => Math.floor(Date.now() / 1000);

function readLocal(userId: string): number | null {
  const entry = local.get(userId);
  if (!entry) return null;
  if (entry.expiresAt <= nowSeconds()) {
    local.delete(userId);
    return null;
  }
  return entry.revokedAt;
}

/** Ends, at their next page view, every session of `userId` whose token was issued before now. */
export async function revokeSessionsBefore(userId: string, revokedAt = nowSeconds()) {
  local.set(userId, { revokedAt, expiresAt: revokedAt + MARKER_TTL_SECONDS });
  const redis = await redisClient();
  if (!redis) return;
  try {
    await redis.set(`${KEY_PREFIX}${userId}`, String(revokedAt), "EX", MARKER_TTL_SECONDS);
  } catch (error) {
    log("warn", "revocation_store_unavailable", { detail: (error as Error).message });
  }
}

/**
 * Whether a token of `userId` issued at `issuedAt` (the JWT's `iat`, seconds) was revoked. If the
 * shared store cannot be read, only this process's markers count (signed-in users stay signed in).
 */
export async function isRevoked(userId: string, issuedAt: number | undefined): Promise<boolean> {
  let revokedAt = readLocal(userId);
  const redis = await redisClient();
  if (redis) {
    try {
      const shared = await redis.get(`${KEY_PREFIX}${userId}`);
      if (shared !== null) revokedAt = Math.max(revokedAt ?? 0, Number(shared));
    } catch {
      // Already logged by the connection; this process's markers still apply.
    }
  }
  if (revokedAt === null) return false;
  return typeof issuedAt !== "number" || issuedAt < revokedAt;
}
