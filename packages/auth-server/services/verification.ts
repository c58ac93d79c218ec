// Mailed tokens: issuing them (a random link token + a 6-digit code, both stored hashed), and the
// verification shared by GET and POST /verify: lookup, expiry, attempt cap, effect on the user.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { App } from "../app";
import { forbidden, unprocessable, validationFailed } from "../http/errors";
import type { OneTimeTokenType } from "../store/tokens";
import type { UserRecord } from "../store/users";
import { generateOtp, validateEmail } from "./email";
import { isBanned } from "./guard";
import { confirmEmailChange, confirmUser } from "./users";

/** Marks a link token whose verification answers with a PKCE auth code rather than tokens. */
export const PKCE_PREFIX = "pkce_";
/** 128 random bits per link: guessing one is hopeless, whatever the rate limits. */
const LINK_TOKEN_BYTES = 16;
/** Wrong 6-digit codes a user may enter before the code stops working (the link still does). */
export const MAX_CODE_ATTEMPTS = 5;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** What the database keeps of a link token: its sha256, so a leaked copy opens no account. */
export const storedLinkHash = (linkToken: string) => sha256(linkToken);

function codeHash(userId: string, tokenType: OneTimeTokenType, code: string): string {
  return sha256(`${userId}:${tokenType}:${code}`);
}

export interface IssuedToken {
  /** Goes into the mailed link (`token_hash=` / `token=`); never stored as is. */
  linkToken: string;
  /** The 6-digit code mailed next to the link, verified with {email, token, type}. */
  code: string;
}

/**
 * Issues a user's token of one type (confirmation, recovery, …), replacing the previous one, so only
 * the newest mail works. Call inside the transaction that records the sending.
 */
export function issueToken(
  app: App,
  userId: string,
  tokenType: OneTimeTokenType,
  relatesTo: string,
  options: { pkce?: boolean } = {},
): IssuedToken {
  const now = app.now();
  const linkToken =
    (options.pkce ? PKCE_PREFIX : "") + randomBytes(LINK_TOKEN_BYTES).toString("hex");
  const code = generateOtp();
  app.store.db.transaction(() => {
    app.store.tokens.putOneTimeToken({
      id: randomUUID(),
      userId,
      tokenType,
      tokenHash: storedLinkHash(linkToken),
      relatesTo,
      createdAt: now,
    });
    app.store.tokens.putCode({
      userId,
      tokenType,
      codeHash: codeHash(userId, tokenType, code),
      createdAt: now,
    });
  });
  return { linkToken, code };
}

/** The verification types this server handles (GoTrue's email subset). */
export type VerifyType = "signup" | "invite" | "recovery" | "magiclink" | "email" | "email_change";

const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  recovery: ["recovery_token"],
  magiclink: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
  email_change: ["email_change_token_new"],
};

export interface Verified {
  user: UserRecord;
  /** The concrete type: "email" resolves to "signup" or "magiclink" like GoTrue. */
  type: Exclude<VerifyType, "email">;
}

export function isVerifyType(type: string): type is VerifyType {
  return Object.hasOwn(TOKEN_TYPES, type);
}

const linkExpired = () => forbidden("otp_expired", "Email link is invalid or has expired");

function sentAt(user: UserRecord, tokenType: OneTimeTokenType): number | null {
  switch (tokenType) {
    case "confirmation_token":
      return user.confirmationSentAt;
    case "recovery_token":
      return user.recoverySentAt;
    case "email_change_token_new":
      return user.emailChangeSentAt;
  }
}

function concreteType(type: VerifyType, tokenType: OneTimeTokenType): Verified["type"] {
  if (type !== "email") return type;
  return tokenType === "confirmation_token" ? "signup" : "magiclink";
}

function checkUsable(
  app: App,
  user: UserRecord,
  tokenType: OneTimeTokenType,
  onExpired: () => Error,
): void {
  if (isBanned(app, user)) throw forbidden("user_banned", "User is banned");
  const sent = sentAt(user, tokenType);
  if (sent === null || app.now() > sent + app.config.mailerOtpExp * 1000) throw onExpired();
}

/** GoTrue's verifyTokenHash: finds the user by the mailed link token (pkce_ prefix included). */
export function findByTokenHash(app: App, type: string, linkToken: string): Verified {
  if (!isVerifyType(type)) throw validationFailed("Invalid email verification type");
  const token = app.store.tokens.findOneTimeToken(storedLinkHash(linkToken), TOKEN_TYPES[type]);
  const user = token && app.store.users.findById(token.userId);
  if (!token || !user) throw linkExpired();
  checkUsable(app, user, token.tokenType, linkExpired);
  return { user, type: concreteType(type, token.tokenType) };
}

/**
 * GoTrue's verifyUserAndToken: the 6-digit code mailed to `email` (for an e-mail change, the new
 * address the code went to). Each wrong code counts against the user's pending codes; after
 * MAX_CODE_ATTEMPTS they stop working.
 */
export function findByEmailOtp(app: App, type: string, rawEmail: string, otp: string): Verified {
  if (!isVerifyType(type)) throw validationFailed("Unsupported verification type");
  let email: string;
  try {
    email = validateEmail(rawEmail);
  } catch {
    throw unprocessable("validation_failed", "Invalid email format");
  }
  const invalid = () => forbidden("otp_expired", "Token has expired or is invalid");
  const user =
    type === "email_change"
      ? app.store.users.findByPendingEmail(email)
      : app.store.users.findByEmail(email);
  if (!user) throw invalid();
  const { tokens } = app.store;
  for (const tokenType of TOKEN_TYPES[type]) {
    if (tokens.codeFor(user.id, tokenType)?.codeHash === codeHash(user.id, tokenType, otp)) {
      checkUsable(app, user, tokenType, invalid);
      return { user, type: concreteType(type, tokenType) };
    }
  }
  for (const tokenType of TOKEN_TYPES[type]) {
    tokens.recordWrongCode(user.id, tokenType, MAX_CODE_ATTEMPTS);
  }
  throw invalid();
}

/**
 * Applies a verified token: confirms sign-ups and invites; moves the account to the new address of
 * an e-mail change; recovery / magic link spends the token.
 */
export function applyVerification(app: App, { user, type }: Verified): UserRecord {
  if (type === "signup" || type === "invite") return confirmUser(app, user);
  if (type === "email_change") return confirmEmailChange(app, user);
  app.store.tokens.deleteOneTimeToken(user.id, "recovery_token");
  return user.emailConfirmedAt === null
    ? confirmUser(app, user)
    : app.store.users.update(user.id, { updatedAt: app.now() });
}
