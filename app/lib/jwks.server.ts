// Keeps the auth service's public signing keys in memory so access tokens are verified locally:
// no call to the auth service per page view, and signed-in pages keep working through an outage.
import type { JWK } from "@supabase/supabase-js";
import { authServiceUrl } from "./supabase.server";

const REFRESH_AFTER_MS = 10 * 60 * 1000;
const FETCH_TIMEOUT_MS = 3_000;

let keys: JWK[] = [];
let fetchedAt = 0;
let inFlight: Promise<void> | undefined;

async function fetchKeys(): Promise<void> {
  try {
    const response = await fetch(`${authServiceUrl()}/auth/v1/.well-known/jwks.json`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return;
    const body = (await response.json()) as { keys?: JWK[] };
    if (Array.isArray(body.keys) && body.keys.length > 0) {
      keys = body.keys;
      fetchedAt = Date.now();
    }
  } catch {
    // Unreachable: keep the last known keys; the next request tries again.
  } finally {
    inFlight = undefined;
  }
}

/**
 * The last known keys. The first call waits for them; later calls return at once and refresh in
 * the background once they are ten minutes old.
 */
export async function getSigningKeys(): Promise<JWK[]> {
  const stale = Date.now() - fetchedAt > REFRESH_AFTER_MS;
  if (stale) inFlight ??= fetchKeys();
  if (keys.length === 0 && inFlight) await inFlight;
  return keys;
}
