// Revocation markers: "every token this user held before time T is no longer a session". Written
// when a user signs out of all devices or changes their password; checked on every signed-in view
// (after the local JWT verification, which cannot know about it), so the other devices are signed
// out at their next page view instead of when their access token expires. Kept where the rate
// limits are (memory, or Redis with REDIS_URL so every app instance sees them).
import type { Redis } from "ioredis";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";

/** Longer than any access token lives (hosted Supabase allows up to a week): then it is moot. */
const MARKER_TTL_SECONDS = 7 * 24 * 60 * 60;
const KEY_PREFIX = "portal:revoked:";

/** In this process: the markers themselves without Redis, and a fallback while Redis is down. */
const local = new Map<string, { revokedAt: number; expiresAt: number }>();

let redis: Promise<Redis | null> | undefined;

function redisClient(): Promise<Redis | null> {
  redis ??= (async () => {
    const url = getEnv().REDIS_URL;
    if (!url) return null;
    const { Redis } = await import("ioredis");
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on("error", () => {
      // Reported by the rate-limit store's own connection; markers fall back to this process.
    });
    return client;
  })();
  return redis;
}

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
  const client = await redisClient();
  if (!client) return;
  try {
    await client.set(`${KEY_PREFIX}${userId}`, String(revokedAt), "EX", MARKER_TTL_SECONDS);
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
  const client = await redisClient();
  if (client) {
    try {
      const shared = await client.get(`${KEY_PREFIX}${userId}`);
      if (shared !== null) revokedAt = Math.max(revokedAt ?? 0, Number(shared));
    } catch {
      // Already logged by whoever noticed the store is down; this process's markers still apply.
    }
  }
  if (revokedAt === null) return false;
  return typeof issuedAt !== "number" || issuedAt < revokedAt;
}
