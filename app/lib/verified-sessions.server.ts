// Sessions this process has already verified, remembered by their exact cookie values until the
// access token is close to expiry: a signed-in page view then costs a map lookup instead of
// building a Supabase client, decoding the cookies and checking the token's signature (most of the
// session check's CPU, measured with `npm run bench`). Only cookies that passed verification, and
// needed no refresh, are ever remembered; the same bytes always carry the same token.
import type { JwtPayload } from "@supabase/supabase-js";

const MAX_SESSIONS = 5_000;

const verified = new Map<string, JwtPayload>();

/**
 * The memo key for a Cookie header: its `sb-…-auth-token` cookies (chunks `.0`, `.1`… included,
 * the PKCE code verifier not), sorted; null when there are none.
 */
export function sessionCookieKey(cookieHeader: string | null): string | null {
  const parts = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => /^sb-[^=]+-auth-token(\.\d+)?=/.test(part))
    .sort();
  return parts.length > 0 ? parts.join("; ") : null;
}

/** The claims remembered for `key`, if their token is still valid at `validAt` (ms). */
export function rememberedClaims(key: string, validAt: number): JwtPayload | undefined {
  const claims = verified.get(key);
  if (!claims) return undefined;
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= validAt) {
    verified.delete(key);
    return undefined;
  }
  return claims;
}

/** Remembers verified claims under `key`; the oldest entry goes when the map is full. */
export function rememberClaims(key: string, claims: JwtPayload) {
  if (verified.size >= MAX_SESSIONS) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(key, claims);
}
