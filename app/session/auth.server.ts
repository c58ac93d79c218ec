// The session module: who is signed in on this request, and the Supabase client every auth call
// goes through. A session is accepted only when its access token verifies locally against the
// auth service's published asymmetric keys (JWKS); the auth service is asked only to refresh an
// expiring token, and then at most once per request and within a per-IP limit. Verified sessions
// are remembered per process, so a repeat page view costs a hash and a map lookup. The cookies a
// check writes are added to the response by the server entry (addSessionHeaders()).
import { redirect, type AppLoadContext } from "@remix-run/node";
import {
  createServerClient,
  parseCookieHeader,
  serializeCookieHeader,
  stringFromBase64URL,
} from "@supabase/ssr";
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from "jose";
import { createHash } from "node:crypto";
import ws from "ws";
import { isAuthUnavailable } from "~/auth/auth-errors";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { takeAttempt, type LimitedAction } from "~/lib/rate-limit.server";
import { isRevoked } from "./revocations.server";

export interface SessionUser {
  id: string;
  email: string;
}

export interface AuthState {
  /** The verified user, or null for a visitor. */
  user: SessionUser | null;
  /** True when the session needed the auth service (a refresh) and it could not be used now. */
  unavailable: boolean;
  /**
   * Set-Cookie and cache headers the check wrote. The server entry adds them to the response;
   * a loader that still returns them does no harm (the entry skips duplicates).
   */
  headers: Headers;
}

// ---- Configuration-derived values -------------------------------------------------------------

function authServiceUrl(): string {
  const url = getEnv().SUPABASE_URL;
  if (!url) throw new Error("SUPABASE_URL is not set and no embedded auth server was started");
  return url;
}

/** The cookie @supabase/ssr stores this project's session in (chunks add `.0`, `.1`…). */
function sessionCookieName(): string {
  return `sb-${new URL(authServiceUrl()).hostname.split(".")[0]}-auth-token`;
}

function cookieOptions() {
  return { httpOnly: true, secure: getEnv().COOKIE_SECURE, sameSite: "lax", path: "/" } as const;
}

// ---- The client factory -----------------------------------------------------------------------

/** How long one call to the auth service may take before it counts as unreachable. */
const AUTH_FETCH_TIMEOUT_MS = 8_000;

/**
 * Calls to the auth service the app counts per client IP itself, whatever route makes them: a
 * guessed or replayed confirmation link must not use up the auth service's shared budget.
 */
const LIMITED_AUTH_PATHS: Record<string, LimitedAction> = { "/auth/v1/verify": "confirm" };

/** The answer a limited call gets instead of reaching the auth service (auth-js reads it as 429). */
function tooManyRequests(waitSeconds: number): Response {
  return Response.json(
    {
      code: "over_request_rate_limit",
      error_code: "over_request_rate_limit",
      msg: "Too many requests",
    },
    { status: 429, headers: { "Retry-After": String(waitSeconds) } },
  );
}

/**
 * fetch for the auth service: a timeout, the per-IP limits above, and the visitor's address on
 * every call so the auth service's own per-IP limits apply per visitor rather than to this server
 * as a whole (with the shared secret, when one is configured, that lets it believe the header).
 */
function authServiceFetch(clientIp: string | undefined): typeof fetch {
  const secret = getEnv().AUTH_RATE_LIMIT_SECRET;
  return async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    const limited = LIMITED_AUTH_PATHS[path];
    const wait = limited ? await takeAttempt(limited, clientIp ?? "unknown") : null;
    if (wait !== null) return tooManyRequests(wait);
    const timeout = AbortSignal.timeout(AUTH_FETCH_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers = new Headers(init?.headers);
    if (clientIp) headers.set("X-Client-IP", clientIp);
    if (secret) headers.set("X-Rate-Limit-Secret", secret);
    return fetch(input, { ...init, headers, signal });
  };
}

function createClient(request: Request, responseHeaders: Headers, clientIp: string | undefined) {
  return createServerClient(authServiceUrl(), anonKey(), {
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: { fetch: authServiceFetch(clientIp) },
    cookieOptions: cookieOptions(),
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
          name,
          value: value ?? "",
        }));
      },
      setAll(cookies, cacheHeaders) {
        for (const { name, value, options } of cookies) {
          responseHeaders.append("Set-Cookie", serializeCookieHeader(name, value, options));
        }
        for (const [header, value] of Object.entries(cacheHeaders ?? {})) {
          responseHeaders.set(header, value);
        }
      },
    },
  });
}

function anonKey(): string {
  const key = getEnv().SUPABASE_ANON_KEY;
  if (!key) throw new Error("SUPABASE_ANON_KEY is not set");
  return key;
}

/**
 * A client for an action that signs in, up or out, verifies a link or sends a mail. Its cookies go
 * on `headers`, which the action returns with its redirect; the context gives the visitor's IP.
 */
export function createAuthClient(request: Request, context: AppLoadContext) {
  const headers = new Headers();
  return { supabase: createClient(request, headers, context.clientIp), headers };
}

// ---- The auth service's signing keys ------------------------------------------------------------

const KEYS_REFRESH_AFTER_MS = 10 * 60 * 1000;
/** A token with a kid not (yet) known refetches the keys, at most this often. */
const KEYS_REFETCH_MIN_MS = 30 * 1000;
const KEYS_FETCH_TIMEOUT_MS = 3_000;

/** Algorithms of public-key signatures: a token signed otherwise is never a session. */
const ASYMMETRIC_ALGORITHMS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "EdDSA"];

let signingKeys: JWK[] = [];
let keysFetchedAt = 0;
let keysFetching: Promise<void> | undefined;
let warnedNoKeys = false;

async function fetchSigningKeys(): Promise<void> {
  try {
    const response = await fetch(`${authServiceUrl()}/auth/v1/.well-known/jwks.json`, {
      signal: AbortSignal.timeout(KEYS_FETCH_TIMEOUT_MS),
    });
    keysFetchedAt = Date.now();
    if (!response.ok) return;
    const body = (await response.json()) as { keys?: JWK[] };
    const published = Array.isArray(body.keys)
      ? body.keys.filter((key) => key.kty !== "oct" && typeof key.kid === "string")
      : [];
    if (published.length > 0) signingKeys = published;
    else if (!warnedNoKeys) {
      warnedNoKeys = true;
      log("warn", "no_signing_keys", {
        detail:
          "the auth service publishes no asymmetric signing keys, so no session can be verified: switch the project to asymmetric JWT signing keys",
      });
    }
  } catch {
    // Unreachable: keep the last known keys; a later request tries again.
  } finally {
    keysFetching = undefined;
  }
}

/**
 * The last known keys. The first call waits for them; later calls return at once and refresh in
 * the background once they are ten minutes old. `kid` not among them refetches (rate-limited) and
 * waits, so a key rotation is picked up at once.
 */
async function getSigningKeys(kid: string): Promise<JWK[]> {
  const age = Date.now() - keysFetchedAt;
  const unknownKid = !signingKeys.some((key) => key.kid === kid);
  if (age > KEYS_REFRESH_AFTER_MS || (unknownKid && age > KEYS_REFETCH_MIN_MS)) {
    keysFetching ??= fetchSigningKeys();
  }
  if ((signingKeys.length === 0 || unknownKid) && keysFetching) await keysFetching;
  return signingKeys;
}

// ---- Reading the session cookie -----------------------------------------------------------------

/** Far above a real session (a few KB, chunked at 3 KB); anything larger is not one. */
const MAX_SESSION_COOKIE_CHARS = 12_000;
const JWT_SEGMENT = /^[A-Za-z0-9_-]+$/;
/** GoTrue's refresh tokens are short random strings of URL-safe characters. */
const PLAUSIBLE_REFRESH_TOKEN = /^[A-Za-z0-9_-]{8,256}$/;

interface StoredSession {
  accessToken: string;
  /** When the access token expires (seconds), the earlier of the token's and the session's. */
  expiresAt: number;
}

/**
 * The project's own session cookie, whole or combined from its chunks (`.0`, `.1`… as @supabase/ssr
 * writes them), with the names of every cookie of that family the request carried. Other sb-*
 * cookies play no part.
 */
function readSessionCookie(cookieHeader: string): { value: string; names: string[] } | null {
  const name = sessionCookieName();
  const cookies = new Map<string, string>();
  for (const { name: cookieName, value } of parseCookieHeader(cookieHeader)) {
    if (value && (cookieName === name || cookieName.startsWith(`${name}.`))) {
      cookies.set(cookieName, value);
    }
  }
  if (cookies.size === 0) return null;
  const names = [...cookies.keys()];
  const whole = cookies.get(name);
  if (whole) return { value: whole, names };
  const chunks: string[] = [];
  for (let index = 0; cookies.has(`${name}.${index}`); index++) {
    chunks.push(cookies.get(`${name}.${index}`) as string);
  }
  return { value: chunks.join(""), names };
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  if (!JWT_SEGMENT.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The session @supabase/ssr stored, or null when the cookie cannot be one: not JSON, an access
 * token that is not a three-part JWT with a JSON header and payload, or an implausible refresh
 * token. Such a cookie is cleared without asking the auth service anything.
 */
function parseStoredSession(value: string): StoredSession | null {
  if (!value || value.length > MAX_SESSION_COOKIE_CHARS) return null;
  let session: unknown;
  try {
    session = JSON.parse(
      value.startsWith("base64-") ? stringFromBase64URL(value.slice("base64-".length)) : value,
    );
  } catch {
    return null;
  }
  if (!session || typeof session !== "object") return null;
  const {
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_at: storedExpiry,
  } = session as Record<string, unknown>;
  if (typeof accessToken !== "string" || typeof refreshToken !== "string") return null;
  if (!PLAUSIBLE_REFRESH_TOKEN.test(refreshToken)) return null;
  const [header, payload, signature, extra] = accessToken.split(".");
  if (extra !== undefined || !signature || !JWT_SEGMENT.test(signature)) return null;
  const headerJson = decodeSegment(header ?? "");
  const payloadJson = decodeSegment(payload ?? "");
  if (!headerJson || !payloadJson || typeof payloadJson.exp !== "number") return null;
  const expiresAt =
    typeof storedExpiry === "number" ? Math.min(storedExpiry, payloadJson.exp) : payloadJson.exp;
  return { accessToken, expiresAt };
}

function clearedCookies(names: string[]): Headers {
  const headers = new Headers();
  for (const name of names) {
    headers.append(
      "Set-Cookie",
      serializeCookieHeader(name, "", { ...cookieOptions(), maxAge: 0 }),
    );
  }
  return headers;
}

// ---- Verifying a token ------------------------------------------------------------------------

interface VerifiedClaims {
  sub: string;
  email: string;
  /** Expiry and issue time of the access token, in seconds. */
  exp: number;
  iat: number;
}

/**
 * The claims of an access token signed by one of the auth service's asymmetric keys, named by its
 * kid; null for anything else (an HS256 token, an unknown kid, a bad signature, an expired token,
 * a token without a session). The auth service is never asked to vouch for a token.
 */
async function verifyAccessToken(token: string): Promise<VerifiedClaims | null> {
  let kid: unknown;
  let alg: unknown;
  try {
    ({ kid, alg } = decodeProtectedHeader(token));
  } catch {
    return null;
  }
  if (typeof kid !== "string" || typeof alg !== "string") return null;
  if (!ASYMMETRIC_ALGORITHMS.includes(alg)) return null;
  const keys = await getSigningKeys(kid);
  if (!keys.some((key) => key.kid === kid)) return null;
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
      algorithms: ASYMMETRIC_ALGORITHMS,
      requiredClaims: ["sub", "exp", "session_id"],
      currentDate: new Date(),
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") return null;
    return {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : "",
      exp: payload.exp as number,
      iat: typeof payload.iat === "number" ? payload.iat : 0,
    };
  } catch {
    return null;
  }
}

// ---- The memo of verified sessions --------------------------------------------------------------

/**
 * At most this many sessions, each a 64-character hash and a few short claims (e-mail capped at
 * 320 characters): about 3 MB at worst. Sessions in longer cookies are verified every time.
 */
const MEMO_MAX_ENTRIES = 5_000;
const MEMO_MAX_COOKIE_CHARS = 6_000;
const MEMO_MAX_EMAIL_CHARS = 320;

const verifiedSessions = new Map<string, VerifiedClaims>();

/** The memo key for a session cookie value: its SHA-256, or null when it is too long to keep. */
export function memoKey(cookieValue: string): string | null {
  if (cookieValue.length > MEMO_MAX_COOKIE_CHARS) return null;
  return createHash("sha256").update(cookieValue).digest("hex");
}

/** Claims remembered under `key` while their token is valid at `validAt` (ms). */
export function rememberedClaims(key: string, validAt: number): VerifiedClaims | undefined {
  const claims = verifiedSessions.get(key);
  if (!claims) return undefined;
  if (claims.exp * 1000 <= validAt) {
    verifiedSessions.delete(key);
    return undefined;
  }
  return claims;
}

/** Remembers locally verified claims; the oldest entry goes when the memo is full. */
export function rememberClaims(key: string, claims: VerifiedClaims) {
  if (claims.email.length > MEMO_MAX_EMAIL_CHARS) return;
  if (!verifiedSessions.has(key) && verifiedSessions.size >= MEMO_MAX_ENTRIES) {
    const oldest = verifiedSessions.keys().next();
    if (!oldest.done) verifiedSessions.delete(oldest.value);
  }
  verifiedSessions.set(key, claims);
}

export function rememberedSessionCount(): number {
  return verifiedSessions.size;
}

// ---- The per-request check ----------------------------------------------------------------------

/**
 * auth-js retries a failed refresh with backoff for up to 30 s; a page should not hang that long
 * when the auth service is down, so the check gives up after this and says "try again".
 */
const AUTH_CHECK_TIMEOUT_MS = 4_000;

/**
 * auth-js refreshes a session whose token expires within 90 s (EXPIRY_MARGIN_MS); the check does
 * the same, and a remembered session is used only while its token has longer than that.
 */
const REFRESH_MARGIN_MS = 90_000;

/**
 * The one place verified claims become a signed-in user, for remembered sessions too: a check that
 * can end a session early (e.g. tokens issued before the user's sign-out everywhere) goes here.
 */
async function acceptedUser(claims: VerifiedClaims): Promise<SessionUser | null> {
  // A token issued before the user's last "sign out of all devices" or password change (a
  // revocation marker) is no session, even though its signature and expiry are fine.
  if (await isRevoked(claims.sub, claims.iat)) return null;
  return { id: claims.sub, email: claims.email };
}

const visitor = (headers = new Headers()): AuthState => ({
  user: null,
  unavailable: false,
  headers,
});

async function signedIn(claims: VerifiedClaims, headers: Headers): Promise<AuthState> {
  const user = await acceptedUser(claims);
  return user ? { user, unavailable: false, headers } : visitor(headers);
}

/** Refreshes an expiring session through auth-js (which rewrites the cookies) and verifies it. */
async function refreshedState(request: Request, clientIp: string | undefined): Promise<AuthState> {
  const headers = new Headers();
  if ((await takeAttempt("refresh", clientIp ?? "unknown")) !== null) {
    return { user: null, unavailable: true, headers };
  }
  const supabase = createClient(request, headers, clientIp);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(resolve, AUTH_CHECK_TIMEOUT_MS, "timeout");
  });
  const result = await Promise.race([
    supabase.auth.getSession().catch(() => ({ data: { session: null }, error: null })),
    timedOut,
  ]).finally(() => clearTimeout(timer));
  if (result === "timeout") return { user: null, unavailable: true, headers };
  const { data, error } = result;
  if (error && isAuthUnavailable(error)) return { user: null, unavailable: true, headers };
  const claims = data.session && (await verifyAccessToken(data.session.access_token));
  return claims ? signedIn(claims, headers) : visitor(headers);
}

async function resolveAuthState(request: Request, clientIp: string | undefined) {
  const benchUser = getEnv().BENCH_SESSION_USER;
  if (benchUser) return { user: benchUser, unavailable: false, headers: new Headers() };

  const cookie = readSessionCookie(request.headers.get("Cookie") ?? "");
  if (!cookie) return visitor();
  const key = memoKey(cookie.value);
  const known = key && rememberedClaims(key, Date.now() + REFRESH_MARGIN_MS);
  if (known) return signedIn(known, new Headers());

  const session = parseStoredSession(cookie.value);
  if (!session) return visitor(clearedCookies(cookie.names));
  if (session.expiresAt * 1000 <= Date.now() + REFRESH_MARGIN_MS) {
    return refreshedState(request, clientIp);
  }
  const claims = await verifyAccessToken(session.accessToken);
  if (!claims) return visitor();
  if (key) rememberClaims(key, claims);
  return signedIn(claims, new Headers());
}

const stateByContext = new WeakMap<AppLoadContext, Promise<AuthState>>();
const stateByRequest = new WeakMap<Request, Promise<AuthState>>();

/**
 * The request's auth state, computed once per request however many loaders ask. Remix hands data
 * requests' loaders copies of the request, so the state is kept on the load context (one object
 * per request), and on the request for callers without one.
 */
export function getAuthState(request: Request, context?: AppLoadContext): Promise<AuthState> {
  let state = (context && stateByContext.get(context)) ?? stateByRequest.get(request);
  if (!state) state = resolveAuthState(request, context?.clientIp);
  if (context) stateByContext.set(context, state);
  stateByRequest.set(request, state);
  return state;
}

/**
 * For the server entry: adds the Set-Cookie and cache headers this request's session check wrote
 * to `target` (skipping cookie lines already there), so loaders need not pass them along.
 */
export async function addSessionHeaders(context: AppLoadContext, target: Headers) {
  const state = stateByContext.get(context);
  if (!state) return;
  const { headers } = await state;
  const present = new Set(target.getSetCookie());
  for (const [name, value] of headers) {
    if (name !== "set-cookie") target.set(name, value);
  }
  for (const line of headers.getSetCookie()) {
    if (!present.has(line)) target.append("Set-Cookie", line);
  }
}

// ---- Guards -----------------------------------------------------------------------------------

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
  context?: AppLoadContext,
): Promise<{ user: SessionUser; headers: Headers }> {
  const { user, unavailable, headers } = await getAuthState(request, context);
  if (unavailable) throw authUnavailableResponse(new Headers(headers));
  if (!user) throw redirect("/", { headers });
  return { user, headers };
}

/** For the landing page: a signed-in user goes to the dashboard. */
export async function requireAnonymous(
  request: Request,
  context?: AppLoadContext,
): Promise<{ headers: Headers }> {
  const { user, headers } = await getAuthState(request, context);
  if (user) throw redirect("/dashboard", { headers });
  return { headers };
}
