// The memo of verified sessions: a repeat page view with the same session cookie costs a hash and
// a map lookup instead of a signature check. Keyed by the cookie's SHA-256; an entry is used only
// while its token is valid, and the oldest goes when the memo is full.
import { createHash } from "node:crypto";
import type { VerifiedClaims } from "./verify.server";

/**
 * At most this many sessions, each a 64-character hash and a few short claims (e-mail capped at
 * 320 characters): about 3 MB at worst. Sessions in longer cookies are verified every time.
 */
const MAX_ENTRIES = 5_000;
const MAX_COOKIE_CHARS = 6_000;
const MAX_EMAIL_CHARS = 320;

const verified = new Map<string, VerifiedClaims>();

/** The key for a session cookie value, or null when it is too long to keep. */
export function memoKey(cookieValue: string): string | null {
  if (cookieValue.length > MAX_COOKIE_CHARS) return null;
  return createHash("sha256").update(cookieValue).digest("hex");
}

/** Claims remembered under `key` while their token is valid at `validAt` (ms). */
export function rememberedClaims(key: string, validAt: number): VerifiedClaims | undefined {
  const claims = verified.get(key);
  if (!claims) return undefined;
  if (claims.exp * 1000 <= validAt) {
    verified.delete(key);
    return undefined;
  }
  return claims;
}

export function rememberClaims(key: string, claims: VerifiedClaims) {
  if (claims.email.length > MAX_EMAIL_CHARS) return;
  if (!verified.has(key) && verified.size >= MAX_ENTRIES) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(key, claims);
}

export function rememberedSessionCount(): number {
  return verified.size;
}
