// Verifies access tokens locally against the auth service's published asymmetric keys (JWKS,
// through jose's remote key set: cached ten minutes, refetched for an unknown key id at most every
// 30 s). The auth service is never asked to vouch for a token.
import {
  createRemoteJWKSet,
  decodeJwt,
  customFetch,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JWK,
} from "jose";
import { log } from "~/lib/log.server";
import { authServiceUrl } from "./auth-service.server";

/** What the app keeps of a verified access token. */
export interface VerifiedClaims {
  sub: string;
  email: string;
  /** `app_metadata.role`: set only through the admin API, so a client cannot choose it. */
  role: string | null;
  /** The auth service's session the token belongs to. */
  sessionId: string;
  /**
   * When the session was opened by a mailed link (a reset link, an invitation: `amr` method `otp`
   * or `recovery`), in seconds; null for a session opened with a password.
   */
  linkSignInAt: number | null;
  /** Expiry and issue time of the access token, in seconds. */
  exp: number;
  iat: number;
}

/** `amr` methods of a session a mailed link opened (GoTrue answers a verified link with `otp`). */
const LINK_METHODS = new Set(["otp", "recovery", "magiclink", "invite"]);

/** The latest moment a mailed link signed this session in, from the token's `amr` list. */
function linkSignInAt(amr: unknown): number | null {
  if (!Array.isArray(amr)) return null;
  const times = amr.flatMap((entry: { method?: unknown; timestamp?: unknown }) =>
    typeof entry?.method === "string" &&
    LINK_METHODS.has(entry.method) &&
    typeof entry.timestamp === "number"
      ? [entry.timestamp]
      : [],
  );
  return times.length > 0 ? Math.max(...times) : null;
}

/** Algorithms of public-key signatures: a token signed otherwise is never a session. */
const ASYMMETRIC_ALGORITHMS = ["ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "EdDSA"];
const KEYS_FETCH_TIMEOUT_MS = 3_000;

let keySet: { url: string; keys: ReturnType<typeof createRemoteJWKSet> } | undefined;
let warnedNoKeys = false;

/**
 * Fetches the key set, or answers the last one fetched when the auth service cannot be reached:
 * during an outage signed-in users stay signed in until their tokens expire.
 */
function keysFetch(): typeof fetch {
  let lastGood: string | undefined;
  return async (input, init) => {
    try {
      const response = await fetch(input, init);
      if (!response.ok) return response;
      lastGood = await response.text();
      return new Response(lastGood, { status: 200 });
    } catch (error) {
      if (lastGood === undefined) throw error;
      return new Response(lastGood, { status: 200 });
    }
  };
}

function remoteKeys() {
  const url = `${authServiceUrl()}/auth/v1/.well-known/jwks.json`;
  if (keySet?.url !== url) {
    const keys = createRemoteJWKSet(new URL(url), {
      timeoutDuration: KEYS_FETCH_TIMEOUT_MS,
      [customFetch]: keysFetch(),
    });
    keySet = { url, keys };
  }
  return keySet.keys;
}

/** Says once when the auth service publishes no public key: no session could ever verify. */
function warnIfNoSigningKeys(published: { keys: JWK[] } | undefined) {
  if (warnedNoKeys || !published) return;
  if (published.keys.some((key) => key.kty !== "oct")) return;
  warnedNoKeys = true;
  log("warn", "no_signing_keys", {
    detail:
      "the auth service publishes no asymmetric signing keys, so no session can be verified: switch the project to asymmetric JWT signing keys",
  });
}

/**
 * The claims of an access token signed by one of the auth service's asymmetric keys, named by its
 * kid; null for anything else (an HS256 token, an unknown kid, a bad signature, an expired token
 * unless `expired` is asked for, a token without a session).
 */
export async function verifyAccessToken(
  token: string,
  { expired = false }: { expired?: boolean } = {},
): Promise<VerifiedClaims | null> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return null;
  }
  if (typeof header.kid !== "string" || !ASYMMETRIC_ALGORITHMS.includes(header.alg ?? "")) {
    return null;
  }
  const keys = remoteKeys();
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ASYMMETRIC_ALGORITHMS,
      requiredClaims: ["sub", "exp", "session_id"],
      // `expired`: the signature and claims of a token about to be refreshed, whatever its age.
      currentDate: expired ? new Date(0) : new Date(),
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") return null;
    const appMetadata = payload.app_metadata as { role?: unknown } | undefined;
    return {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : "",
      role: typeof appMetadata?.role === "string" ? appMetadata.role : null,
      sessionId: payload.session_id,
      linkSignInAt: linkSignInAt(payload.amr),
      exp: payload.exp as number,
      iat: typeof payload.iat === "number" ? payload.iat : 0,
    };
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey) warnIfNoSigningKeys(keys.jwks());
    return null;
  }
}

/**
 * The session a token names, read without verifying it: only for a token the auth service has
 * just answered with (never one from a request); null when it names none.
 */
export function sessionIdOf(token: string | undefined): string | null {
  if (!token) return null;
  try {
    const { session_id: sessionId } = decodeJwt(token);
    return typeof sessionId === "string" ? sessionId : null;
  } catch {
    return null;
  }
}
