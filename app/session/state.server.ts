// Who is signed in on this request, worked out once: a token verified locally (or remembered); the
// auth service asked only to refresh an expiring one, once per request, within a per-IP limit. Its
// cookies reach the response through addSessionHeaders(), from the server entry (decision 015).
import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { takeAttempt } from "~/lib/rate-limit.server";
import { createSupabaseClient, isAuthUnavailable } from "./auth-service.server";
import {
  clearedSessionCookies,
  parseStoredSession,
  readSessionCookie,
  type SessionCookie,
  type StoredSession,
} from "./cookie.server";
import { memoKey, rememberClaims, rememberedClaims } from "./memo.server";
import type { SessionEndReason } from "./session-end";
import { revocationOf } from "./revocations.server";
import { verifyAccessToken, type VerifiedClaims } from "./verify.server";

export interface SessionUser {
  id: string;
  email: string;
  /** The role the auth service granted (`app_metadata.role`), e.g. "staff"; null for clients. */
  role: string | null;
  /** The auth service's session this request belongs to. */
  sessionId: string;
  /** When a mailed link (reset, invitation) opened this session, in seconds; else null. */
  linkSignInAt: number | null;
  /** The access token's issue time and expiry, in seconds. */
  issuedAt: number;
  expiresAt: number;
}

export interface AuthState {
  /** The verified user, or null for a visitor. */
  user: SessionUser | null;
  /** True when the session needed the auth service (a refresh) and it could not be used now. */
  unavailable: boolean;
  /** Why the session this browser held has ended (another device, its age), if it has. */
  ended: SessionEndReason | null;
  /** Set-Cookie and cache headers the check wrote, for the response. */
  headers: Headers;
}

/**
 * auth-js retries a failed refresh with backoff for up to 30 s; a page should not hang that long
 * when the auth service is down, so the check gives up after this and says "try again".
 */
const AUTH_CHECK_TIMEOUT_MS = 4_000;

/**
 * auth-js refreshes a session whose token expires within 90 s; the check does the same, and uses a
 * remembered session only while its token has longer than that.
 */
const REFRESH_MARGIN_MS = 90_000;

const visitor = (headers = new Headers(), ended: SessionEndReason | null = null): AuthState => ({
  user: null,
  unavailable: false,
  ended,
  headers,
});
const unavailable = (headers: Headers): AuthState => ({
  user: null,
  unavailable: true,
  ended: null,
  headers,
});

/** A session that has ended: a visitor told why, whose browser drops the session's cookies. */
function endedSession(reason: SessionEndReason, headers: Headers, cookie: SessionCookie) {
  for (const line of clearedSessionCookies(cookie.names).getSetCookie()) {
    headers.append("Set-Cookie", line);
  }
  return visitor(headers, reason);
}

/** Verified claims become a signed-in user here, unless a revocation marker ended the session. */
async function signedIn(
  claims: VerifiedClaims,
  headers: Headers,
  cookie: SessionCookie,
): Promise<AuthState> {
  const revoked = await revocationOf(claims.sub, claims.sessionId, claims.iat);
  if (revoked) return endedSession(revoked, headers, cookie);
  const { sub: id, email, role, sessionId, linkSignInAt, iat: issuedAt, exp: expiresAt } = claims;
  return {
    user: { id, email, role, sessionId, linkSignInAt, issuedAt, expiresAt },
    unavailable: false,
    ended: null,
    headers,
  };
}

/**
 * Refreshes an expiring session through auth-js (which rewrites the cookies) and verifies it. Only
 * a token the auth service really signed is refreshed (and counted, per session and per IP): forged
 * cookies are cleared here, so they cannot use up a shared address's refresh budget, and so is a
 * session past its own budget.
 */
async function refreshedState(
  request: Request,
  clientIp: string | undefined,
  session: StoredSession,
  cookie: SessionCookie,
): Promise<AuthState> {
  const expiring = await verifyAccessToken(session.accessToken, { expired: true });
  // A session refreshed more often than any browser does is replayed: it ends here.
  if (!expiring || (await takeAttempt("session-refresh", clientIp, expiring.sessionId)) !== null) {
    return visitor(clearedSessionCookies(cookie.names));
  }
  const headers = new Headers();
  if ((await takeAttempt("refresh", clientIp)) !== null) return unavailable(headers);
  const supabase = createSupabaseClient(request, headers, clientIp);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(resolve, AUTH_CHECK_TIMEOUT_MS, "timeout");
  });
  const result = await Promise.race([
    supabase.auth.getSession().catch(() => ({ data: { session: null }, error: null })),
    timedOut,
  ]).finally(() => clearTimeout(timer));
  if (result === "timeout") return unavailable(headers);
  const { data, error } = result;
  if (error && isAuthUnavailable(error)) return unavailable(headers);
  const claims = data.session && (await verifyAccessToken(data.session.access_token));
  if (claims) return signedIn(claims, headers, cookie);
  // The auth service refused the refresh: another device ended the session, or it is too old.
  const revoked = await revocationOf(expiring.sub, expiring.sessionId, expiring.iat);
  return endedSession(revoked ?? "expired", headers, cookie);
}

async function resolveAuthState(request: Request, clientIp: string | undefined) {
  const benchUser = getEnv().BENCH_SESSION_USER;
  if (benchUser) {
    const user = {
      ...benchUser,
      role: null,
      sessionId: "bench",
      linkSignInAt: null,
      issuedAt: 0,
      expiresAt: Number.MAX_SAFE_INTEGER,
    };
    return { user, unavailable: false, ended: null, headers: new Headers() };
  }

  const cookie = await readSessionCookie(request.headers.get("Cookie") ?? "");
  if (!cookie) return visitor();
  const key = memoKey(cookie.value);
  const known = key && rememberedClaims(key, Date.now() + REFRESH_MARGIN_MS);
  if (known) return signedIn(known, new Headers(), cookie);

  const session = parseStoredSession(cookie.value);
  if (!session) return visitor(clearedSessionCookies(cookie.names));
  if (session.expiresAt * 1000 <= Date.now() + REFRESH_MARGIN_MS) {
    return refreshedState(request, clientIp, session, cookie);
  }
  const claims = await verifyAccessToken(session.accessToken);
  if (!claims) return visitor();
  if (key) rememberClaims(key, claims);
  return signedIn(claims, new Headers(), cookie);
}

/**
 * Whether a session checked earlier (`user`) still stands: its token has not expired and no
 * revocation marker ended it since. Asks the auth service nothing, so it never rotates a session
 * whose new cookies could not reach the browser (a long-lived stream's).
 */
export async function sessionStands(user: SessionUser): Promise<boolean> {
  if (user.expiresAt * 1000 <= Date.now()) return false;
  return (await revocationOf(user.id, user.sessionId, user.issuedAt)) === null;
}

/** One check per request: the load context is the one object every loader and action shares. */
const stateByRequest = new WeakMap<AppLoadContext, Promise<AuthState>>();

/** The request's auth state, computed once per request however many loaders ask. */
export function getAuthState(request: Request, context: AppLoadContext): Promise<AuthState> {
  let state = stateByRequest.get(context);
  if (!state) {
    state = resolveAuthState(request, context.clientIp);
    stateByRequest.set(context, state);
  }
  return state;
}

/**
 * For the server entry: adds the Set-Cookie and cache headers this request's session check wrote
 * to `target`, skipping cookie lines already there.
 */
export async function addSessionHeaders(context: AppLoadContext, target: Headers) {
  const state = stateByRequest.get(context);
  if (!state) return;
  // A check that failed (its database away) wrote no cookies; the page's own answer says why.
  const { headers } = await state.catch(() => ({ headers: new Headers() }));
  const present = new Set(target.getSetCookie());
  for (const [name, value] of headers) {
    if (name !== "set-cookie") target.set(name, value);
  }
  for (const line of headers.getSetCookie()) {
    if (!present.has(line)) target.append("Set-Cookie", line);
  }
}
