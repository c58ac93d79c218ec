// Proof that the browser opening a sign-up's confirmation link is the one that made the sign-up:
// each sign-up keeps the hash of a random value held in that browser's httpOnly cookie; opened
// elsewhere, a confirmation replaces the pending password and the owner sets theirs (decision 014).
import { createHash, randomBytes } from "node:crypto";
import { serializeCookieHeader } from "@supabase/ssr";
import { cookieValue } from "~/lib/cookies.server";
import { getEnv } from "~/lib/env.server";

/** The user-metadata key the hash is kept under. */
export const SIGN_UP_PROOF_KEY = "sign_up_proof";
/** Sign-ups of one browser remembered at once (the owner may sign up twice before confirming). */
const PROOFS_KEPT = 3;
/** A little longer than a confirmation link lives (24 hours by default). */
const PROOF_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** How recently the account must have been confirmed for a link to count as its confirmation. */
const JUST_CONFIRMED_MS = 2 * 60 * 1000;

function proofCookieName(): string {
  const { COOKIE_SECURE, SITE_URL } = getEnv();
  return COOKIE_SECURE && SITE_URL.startsWith("https:")
    ? "__Host-portal-sign-up"
    : "portal-sign-up";
}

const hashOf = (proof: string) => createHash("sha256").update(proof).digest("base64url");

function proofsIn(request: Request): string[] {
  const value = cookieValue(request.headers.get("Cookie"), proofCookieName()) ?? "";
  return value.split(".").filter((proof) => /^[A-Za-z0-9_-]{43}$/.test(proof));
}

/** A new proof for a sign-up: the hash to store with the account, the cookie to give the browser. */
export function newSignUpProof(request: Request): { hash: string; cookie: string } {
  const proof = randomBytes(32).toString("base64url");
  const kept = [...proofsIn(request).slice(-(PROOFS_KEPT - 1)), proof];
  const cookie = serializeCookieHeader(proofCookieName(), kept.join("."), {
    httpOnly: true,
    secure: getEnv().COOKIE_SECURE,
    sameSite: "lax",
    path: "/",
    maxAge: PROOF_MAX_AGE_SECONDS,
  });
  return { hash: hashOf(proof), cookie };
}

interface ConfirmedUser {
  email_confirmed_at?: string;
  user_metadata?: Record<string, unknown>;
}

/**
 * Whether the owner confirming `user`'s address in this browser may not know its password: the
 * link just confirmed the address (not a sign-in link of a confirmed account), and this browser
 * holds no proof of the sign-up whose password is pending.
 */
export function confirmedElsewhere(request: Request, user: ConfirmedUser): boolean {
  const confirmedAt = Date.parse(user.email_confirmed_at ?? "");
  if (!(Date.now() - confirmedAt < JUST_CONFIRMED_MS)) return false;
  const stored = user.user_metadata?.[SIGN_UP_PROOF_KEY];
  return !proofsIn(request).some((proof) => hashOf(proof) === stored);
}

/**
 * A password nobody knows, for an account whose pending password may be someone else's: random,
 * with a letter of each case, a digit and a symbol so that any password policy accepts it.
 */
export function unguessablePassword(): string {
  return `${randomBytes(32).toString("base64url")}aA1!`;
}
