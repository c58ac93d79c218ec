// Who is signing in this request: at most one token check (and refresh) per request, shared by
// every loader, and none for cookies verified before (see verified-sessions.server.ts); guards that
// throw redirects carrying the refreshed cookies.
import { redirect } from "@remix-run/node";
import type { JwtPayload } from "@supabase/supabase-js";
import { isAuthUnavailable } from "./auth-errors";
import { getSigningKeys } from "./jwks.server";
import { isRevoked } from "./revocations.server";
import { createSupabaseServerClient } from "./supabase.server";
import { rememberClaims, rememberedClaims, sessionCookieKey } from "./verified-sessions.server";

export interface SessionUser {
  id: string;
  email: string;
}

export interface AuthState {
  /** The verified user, or null for a visitor. */
  user: SessionUser | null;
  /** True when the session needed the auth service (a refresh) and it could not be reached. */
  unavailable: boolean;
  /** Set-Cookie and cache headers to send with whatever the caller returns. */
  headers: Headers;
}

/**
 * auth-js retries a failed refresh with backoff for up to 30 s; a page should not hang that long
 * when the auth service is down, so the check gives up after this and says "try again".
 */
const AUTH_CHECK_TIMEOUT_MS = 4_000;

const stateByRequest = new WeakMap<Request, Promise<AuthState>>();

/**
 * auth-js refreshes a session whose token expires within 90 s (EXPIRY_MARGIN_MS); a remembered
 * session is used only while its token has longer than that, so that refresh still happens.
 */
const REFRESH_MARGIN_MS = 90_000;

function userFrom(claims: JwtPayload): SessionUser {
  return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : "" };
}

/**
 * REVOCATION CHECK (account management): a session whose token predates the user's revocation
 * marker (sign-out of all devices, password change) is no session. Kept to this one call so the
 * session-check rework can move it as a whole.
 */
async function withRevocation(state: AuthState, claims: JwtPayload): Promise<AuthState> {
  if (!state.user || !(await isRevoked(claims.sub, claims.iat))) return state;
  return { ...state, user: null };
}

async function resolveAuthState(request: Request): Promise<AuthState> {
  const headers = new Headers();
  const cookieKey = sessionCookieKey(request.headers.get("Cookie"));
  const known = cookieKey && rememberedClaims(cookieKey, Date.now() + REFRESH_MARGIN_MS);
  if (known) return withRevocation({ user: userFrom(known), unavailable: false, headers }, known);

  const supabase = createSupabaseServerClient(request, headers);
  const keys = await getSigningKeys();
  const timedOut = Symbol("timeout");
  const result = await Promise.race([
    // auth-js throws (instead of returning an error) for an access token it cannot parse: a JSON-less
    // segment, an unknown `alg`, a key of the wrong type. Such a cookie is simply not a session.
    supabase.auth.getClaims(undefined, { keys }).catch(() => ({ data: null, error: null })),
    new Promise<typeof timedOut>((resolve) =>
      setTimeout(resolve, AUTH_CHECK_TIMEOUT_MS, timedOut).unref(),
    ),
  ]);
  if (result === timedOut) return { user: null, unavailable: true, headers };
  const { data, error } = result;
  if (error && isAuthUnavailable(error)) return { user: null, unavailable: true, headers };
  const claims = data?.claims;
  if (!claims?.sub) return { user: null, unavailable: false, headers };
  // No Set-Cookie: the cookies as sent hold this very token (a refresh would have rewritten them).
  if (cookieKey && !headers.has("Set-Cookie")) rememberClaims(cookieKey, claims);
  return withRevocation({ user: userFrom(claims), unavailable: false, headers }, claims);
}

/** The request's auth state, computed once per request however many loaders ask. */
export function getAuthState(request: Request): Promise<AuthState> {
  let state = stateByRequest.get(request);
  if (!state) {
    state = resolveAuthState(request);
    stateByRequest.set(request, state);
  }
  return state;
}

/** A fresh client for an action that signs in, up or out (its cookies go on `headers`). */
export function createAuthClient(request: Request) {
  const headers = new Headers();
  return { supabase: createSupabaseServerClient(request, headers), headers };
}

/** The page a signed-in user sees when their session needs the auth service and it is down. */
export function authUnavailableResponse(headers: Headers): Response {
  headers.set("Retry-After", "10");
  return new Response(
    "The sign-in service is not answering right now. Please try again in a moment.",
    {
      status: 503,
      statusText: "Auth Service Unavailable",
      headers,
    },
  );
}

/** For protected routes: the signed-in user, or a redirect to `/` (replace navigation). */
export async function requireUser(
  request: Request,
): Promise<{ user: SessionUser; headers: Headers }> {
  const { user, unavailable, headers } = await getAuthState(request);
  if (unavailable) throw authUnavailableResponse(headers);
  if (!user) throw redirect("/", { headers });
  return { user, headers };
}

/** For the landing page: a signed-in user goes to the dashboard. */
export async function requireAnonymous(request: Request): Promise<{ headers: Headers }> {
  const { user, headers } = await getAuthState(request);
  if (user) throw redirect("/dashboard", { headers });
  return { headers };
}
