// Verifies access tokens locally against the auth service's published asymmetric keys (JWKS,
// through jose's remote key set: cached ten minutes, refetched for an unknown key id at most every
// 30 s). The auth service is never asked to vouch for a token.
import {
  createRemoteJWKSet,
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
  /** Expiry and issue time of the access token, in seconds. */
  exp: number;
  iat: number;
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
 * kid; null for anything else (an HS256 token, an unknown kid, a bad signature, an expired token,
 * a token without a session).
 */
export async function verifyAccessToken(token: string): Promise<VerifiedClaims | null> {
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
      currentDate: new Date(),
    });
    if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") return null;
    const appMetadata = payload.app_metadata as { role?: unknown } | undefined;
    return {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : "",
      role: typeof appMetadata?.role === "string" ? appMetadata.role : null,
      exp: payload.exp as number,
      iat: typeof payload.iat === "number" ? payload.iat : 0,
    };
  } catch (error) {
    if (error instanceof errors.JWKSNoMatchingKey) warnIfNoSigningKeys(keys.jwks());
    return null;
  }
}
