// Reading the session cookie @supabase/ssr wrote: whole or from its chunks, checked for the shape
// of a session before anything trusts it, and the headers that clear it.
import {
  combineChunks,
  isChunkLike,
  parseCookieHeader,
  serializeCookieHeader,
  stringFromBase64URL,
} from "@supabase/ssr";
import { sessionCookieName, sessionCookieOptions } from "./auth-service.server";

/** Far above a real session (a few KB, chunked at 3 KB); anything larger is not one. */
const MAX_SESSION_COOKIE_CHARS = 12_000;
const JWT_SEGMENT = /^[A-Za-z0-9_-]+$/;
/** GoTrue's refresh tokens are short random strings of URL-safe characters. */
const PLAUSIBLE_REFRESH_TOKEN = /^[A-Za-z0-9_-]{8,256}$/;

export interface SessionCookie {
  /** The stored session, its chunks joined ("" when they do not join up). */
  value: string;
  /** Every cookie of the session's family the request carried, to clear them all at once. */
  names: string[];
}

export interface StoredSession {
  accessToken: string;
  /** When the access token expires (seconds), the earlier of the token's and the session's. */
  expiresAt: number;
}

/** The project's own session cookie; other sb-* cookies play no part. */
export async function readSessionCookie(cookieHeader: string): Promise<SessionCookie | null> {
  const name = sessionCookieName();
  const family = new Map<string, string>();
  for (const cookie of parseCookieHeader(cookieHeader)) {
    if (cookie.value && isChunkLike(cookie.name, name)) family.set(cookie.name, cookie.value);
  }
  if (family.size === 0) return null;
  const value = await combineChunks(name, (chunk) => family.get(chunk));
  return { value: value ?? "", names: [...family.keys()] };
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
 * The session in the cookie, or null when it cannot be one: not JSON, an access token that is not
 * a three-part JWT with a JSON header and payload, or an implausible refresh token.
 */
export function parseStoredSession(value: string): StoredSession | null {
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

export function clearedSessionCookies(names: string[]): Headers {
  const headers = new Headers();
  for (const name of names) {
    headers.append(
      "Set-Cookie",
      serializeCookieHeader(name, "", { ...sessionCookieOptions(), maxAge: 0 }),
    );
  }
  return headers;
}

/** `headers` with lines that clear every session cookie (and chunk) the request carried. */
export async function withSessionCleared(request: Request, headers: Headers): Promise<Headers> {
  const cookie = await readSessionCookie(request.headers.get("Cookie") ?? "");
  for (const line of clearedSessionCookies(cookie?.names ?? []).getSetCookie()) {
    headers.append("Set-Cookie", line);
  }
  return headers;
}
