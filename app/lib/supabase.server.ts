// Creates the per-request Supabase server client: auth cookies are read from the request and every
// cookie it writes (plus its no-cache headers) goes into the response headers the caller returns.
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import ws from "ws";
import { getEnv } from "./env.server";

/** How long one call to the auth service may take before it counts as unreachable. */
const AUTH_FETCH_TIMEOUT_MS = 8_000;

export function authServiceUrl(): string {
  const url = process.env.SUPABASE_URL ?? getEnv().SUPABASE_URL;
  if (!url) throw new Error("SUPABASE_URL is not set and no embedded auth server was started");
  return url;
}

function anonKey(): string {
  const key = process.env.SUPABASE_ANON_KEY ?? getEnv().SUPABASE_ANON_KEY;
  if (!key) throw new Error("SUPABASE_ANON_KEY is not set");
  return key;
}

function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(AUTH_FETCH_TIMEOUT_MS);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal });
}

export function createSupabaseServerClient(request: Request, responseHeaders: Headers) {
  return createServerClient(authServiceUrl(), anonKey(), {
    realtime: { transport: ws as unknown as typeof WebSocket },
    global: { fetch: fetchWithTimeout },
    cookieOptions: { httpOnly: true, secure: getEnv().COOKIE_SECURE, sameSite: "lax", path: "/" },
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
