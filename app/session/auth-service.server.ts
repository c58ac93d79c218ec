// The auth service this app talks to: its address and public key, the session cookie's name and
// options, and the Supabase client every auth call goes through (a timeout, per-IP limits and the
// visitor's address on each call).
import type { AppLoadContext } from "@remix-run/node";
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import ws from "ws";
import { getEnv } from "~/lib/env.server";
import { takeAttempt, type LimitedAction } from "~/lib/rate-limit.server";

/** What the app reads of an auth service error (auth-js's AuthError and its subclasses). */
export interface AuthErrorLike {
  name?: string;
  code?: string;
  message?: string;
  status?: number;
}

const RETRYABLE_STATUSES = new Set([
  0, 500, 502, 503, 504, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530,
]);

/** True when the auth service could not be reached or failed (auth-js's AuthRetryableFetchError). */
export function isAuthUnavailable(error: AuthErrorLike): boolean {
  return (
    error.name === "AuthRetryableFetchError" ||
    (typeof error.status === "number" && RETRYABLE_STATUSES.has(error.status))
  );
}

export function authServiceUrl(): string {
  const url = getEnv().SUPABASE_URL;
  if (!url) throw new Error("SUPABASE_URL is not set and no embedded auth server was started");
  return url;
}

function anonKey(): string {
  const key = getEnv().SUPABASE_ANON_KEY;
  if (!key) throw new Error("SUPABASE_ANON_KEY is not set");
  return key;
}

/**
 * The cookie @supabase/ssr stores this project's session in (chunks add `.0`, `.1`…). On an HTTPS
 * site it carries the `__Host-` prefix: browsers then take it only from this host, over HTTPS, for the
 * whole site, so neither a sibling subdomain nor plain HTTP can plant or overwrite it.
 */
export function sessionCookieName(): string {
  const name = `sb-${new URL(authServiceUrl()).hostname.split(".")[0]}-auth-token`;
  const { COOKIE_SECURE, SITE_URL } = getEnv();
  return COOKIE_SECURE && SITE_URL.startsWith("https:") ? `__Host-${name}` : name;
}

/**
 * How long a browser keeps the session cookie after it was last written. Each refresh (about
 * hourly while the portal is in use) writes it again, so only a browser left unused this long
 * has to sign in again; @supabase/ssr's default is 400 days.
 */
const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    secure: getEnv().COOKIE_SECURE,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
  } as const;
}

/** How long one call to the auth service may take before it counts as unreachable. */
const AUTH_FETCH_TIMEOUT_MS = 8_000;

/**
 * Auth service paths counted per client IP here, whatever route calls them: a guessed or replayed
 * confirmation link must not use up the auth service's shared budget.
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
 * every call (with the shared secret, when one is configured, so the service believes it).
 */
function authServiceFetch(clientIp: string | undefined): typeof fetch {
  const secret = getEnv().AUTH_RATE_LIMIT_SECRET;
  return async (input, init) => {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    const limited = LIMITED_AUTH_PATHS[path];
    const wait = limited ? await takeAttempt(limited, clientIp) : null;
    if (wait !== null) return tooManyRequests(wait);
    const timeout = AbortSignal.timeout(AUTH_FETCH_TIMEOUT_MS);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers = new Headers(init?.headers);
    if (clientIp) headers.set("X-Client-IP", clientIp);
    if (secret) headers.set("X-Rate-Limit-Secret", secret);
    return fetch(input, { ...init, headers, signal });
  };
}

/** A Supabase client for one request; the cookies it writes go on `responseHeaders`. */
export function createSupabaseClient(
  request: Request,
  responseHeaders: Headers,
  clientIp: string | undefined,
) {
  return createServerClient(authServiceUrl(), anonKey(), {
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: { fetch: authServiceFetch(clientIp) },
    cookieOptions: { ...sessionCookieOptions(), name: sessionCookieName() },
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
          name,
          value: value ?? "",
        }));
      },
      setAll(cookies, cacheHeaders) {
        for (const { name, value, options } of cookies) {
          // @supabase/ssr always asks for its own 400 days; a cookie being cleared keeps its 0.
          const lifetime = options.maxAge === 0 ? {} : { maxAge: SESSION_COOKIE_MAX_AGE_SECONDS };
          responseHeaders.append(
            "Set-Cookie",
            serializeCookieHeader(name, value, { ...options, ...lifetime }),
          );
        }
        for (const [header, value] of Object.entries(cacheHeaders ?? {})) {
          responseHeaders.set(header, value);
        }
      },
    },
  });
}

export type SupabaseClient = ReturnType<typeof createSupabaseClient>;

/**
 * A client for an action that signs in, up or out, verifies a link or sends a mail. Its cookies go
 * on `headers`, which the action returns with its answer.
 */
export function createAuthClient(request: Request, context: AppLoadContext) {
  const headers = new Headers();
  return { supabase: createSupabaseClient(request, headers, context.clientIp), headers };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
