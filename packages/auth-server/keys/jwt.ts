// JWTs: signing access tokens, verifying bearer tokens and API keys with GoTrue's error texts.
import { errors, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { forbidden } from "../http/errors";
import type { KeyEntry, Keyring } from "./keyring";

export interface AccessTokenClaims extends JWTPayload {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

/** Signs with the signing key; the header carries its kid (so getClaims() can verify locally). */
export function signAccessToken(keyring: Keyring, claims: AccessTokenClaims): Promise<string> {
  const { alg, kid, key } = keyring.signing;
  return new SignJWT(claims)
    .setProtectedHeader({ alg, typ: "JWT", ...(kid ? { kid } : {}) })
    .sign(key);
}

class KeyLookupError extends Error {}

/**
 * GoTrue's key choice: a kid selects a configured key; no kid + HS256 means the JWT secret, which
 * only API keys may use (`sessions: true` refuses it, so the secret can never mint a session).
 */
function keyResolver(keyring: Keyring, sessions: boolean): JWTVerifyGetKey {
  return (header) => {
    if (typeof header.kid === "string") {
      const entry: KeyEntry | undefined = keyring.byKid.get(header.kid);
      if (!entry) throw new KeyLookupError(`invalid kid: ${header.kid}`);
      if (entry.alg !== header.alg)
        throw new KeyLookupError(`signing method ${header.alg} is invalid`);
      return entry.key;
    }
    if (header.alg === "HS256" && !sessions) return keyring.secret;
    throw new KeyLookupError("missing kid");
  };
}

const ALGORITHMS = ["ES256", "RS256", "HS256"];

/** Verifies signature and exp (against `now`); returns the payload or throws the reason in Go's words. */
async function verify(
  keyring: Keyring,
  token: string,
  now: number,
  sessions: boolean,
): Promise<JWTPayload> {
  if (token.split(".").length !== 3) {
    throw new Error("token is malformed: token contains an invalid number of segments");
  }
  try {
    const { payload } = await jwtVerify(token, keyResolver(keyring, sessions), {
      algorithms: ALGORITHMS,
      currentDate: new Date(now),
    });
    return payload;
  } catch (error) {
    throw new Error(goReason(error));
  }
}

function goReason(error: unknown): string {
  if (error instanceof KeyLookupError) {
    return `token is unverifiable: error while executing keyfunc: ${error.message}`;
  }
  if (error instanceof errors.JWTExpired) return "token has invalid claims: token is expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    return `token has invalid claims: ${error.message}`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return "token signature is invalid: signature is invalid";
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return "token signature is invalid: signing method is invalid";
  }
  return "token is malformed: could not JSON decode header or claims";
}

/**
 * Verifies a bearer token; failures are 403 bad_jwt with GoTrue's message. `use: "session"` accepts
 * only tokens signed by a configured key (with its kid); `use: "admin"` also the secret's API keys.
 */
export async function verifyBearer(
  keyring: Keyring,
  token: string,
  now: number,
  use: "session" | "admin",
): Promise<JWTPayload> {
  try {
    return await verify(keyring, token, now, use === "session");
  } catch (error) {
    throw forbidden(
      "bad_jwt",
      `invalid JWT: unable to parse or verify signature, ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export type ApiKeyRole = "anon" | "service_role";

/** The role of a valid API key (a JWT with role anon or service_role), else undefined. */
export async function apiKeyRole(
  keyring: Keyring,
  key: string,
  now: number,
): Promise<ApiKeyRole | undefined> {
  try {
    const payload = await verify(keyring, key, now, false);
    return payload.role === "anon" || payload.role === "service_role" ? payload.role : undefined;
  } catch {
    return undefined;
  }
}
