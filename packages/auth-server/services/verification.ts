// Mailed tokens: issuing them (a random link token + a 6-digit code, both stored hashed), and the
// verification shared by GET and POST /verify: lookup, expiry, attempt cap, effect on the user
// (an e-mail change completes once each of its pending links has been verified).
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
  /** The 6-digit code mailed next to the link, verified with {email, token, type}; none if not asked. */
  code: string | undefined;
}

/**
 * Issues a user's token of one type (confirmation, recovery, …), replacing the previous one and
 * its code, so only the newest mail works; with `code: false` no 6-digit code is issued (a mail
 * that will not carry one leaves nothing to guess). Call inside the transaction that records the
 * sending.
 */
export function issueToken(
  app: App,
  userId: string,
  tokenType: OneTimeTokenType,
  relatesTo: string,
  options: { pkce?: boolean; code?: boolean } = {},
): IssuedToken {
  const now = app.now();
  const linkToken =
    (options.pkce ? PKCE_PREFIX : "") + randomBytes(LINK_TOKEN_BYTES).toString("hex");
  const code = options.code === false ? undefined : generateOtp();
  app.store.db.transaction(() => {
    app.store.tokens.putOneTimeToken({
      id: randomUUID(),
      userId,
      tokenType,
      tokenHash: storedLinkHash(linkToken),
      relatesTo,
      createdAt: now,
    });
    if (code === undefined) return;
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
  email_change: ["email_change_token_new", "email_change_token_current"],
};

export interface Verified {
  user: UserRecord;
  /** The concrete type: "email" resolves to "signup" or "magiclink" like GoTrue. */
  type: Exclude<VerifyType, "email">;
  /** The token the link or code was: for an e-mail change, which address confirmed. */
  tokenType: OneTimeTokenType;
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
    case "email_change_token_current":
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
  return { user, type: concreteType(type, token.tokenType), tokenType: token.tokenType };
}

/**
 * Whose codes a 6-digit code for `email` may be: the account with that address; for an e-mail
 * change, the one changing to it (its new-address code) or away from it (GoTrue's
 * FindUserForEmailChange: its current-address code).
 */
function codeHolders(
  app: App,
  type: VerifyType,
  email: string,
): { user: UserRecord; tokenTypes: OneTimeTokenType[] }[] {
  const { users } = app.store;
  const holders =
    type === "email_change"
      ? [
          {
            user: users.findByPendingEmail(email),
            tokenTypes: TOKEN_TYPES.email_change.slice(0, 1),
          },
          { user: users.findByEmail(email), tokenTypes: TOKEN_TYPES.email_change.slice(1) },
        ]
      : [{ user: users.findByEmail(email), tokenTypes: TOKEN_TYPES[type] }];
  return holders.filter((holder): holder is { user: UserRecord; tokenTypes: OneTimeTokenType[] } =>
    Boolean(holder.user),
  );
}

/**
 * GoTrue's verifyUserAndToken: the 6-digit code mailed to `email` (for an e-mail change, the address
 * the code went to, new or current). Each wrong code counts against the pending codes of whoever
 * `email` names; after MAX_CODE_ATTEMPTS they stop working.
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
  const holders = codeHolders(app, type, email);
  const { tokens } = app.store;
  for (const { user, tokenTypes } of holders) {
    for (const tokenType of tokenTypes) {
      if (tokens.codeFor(user.id, tokenType)?.codeHash === codeHash(user.id, tokenType, otp)) {
        checkUsable(app, user, tokenType, invalid);
        return { user, type: concreteType(type, tokenType), tokenType };
      }
    }
  }
  for (const { user, tokenTypes } of holders) {
    for (const tokenType of tokenTypes) {
      tokens.recordWrongCode(user.id, tokenType, MAX_CODE_ATTEMPTS);
    }
  }
  throw invalid();
}

/** GoTrue's singleConfirmationAccepted: the first of a secure e-mail change's two verifications. */
export const OTHER_ADDRESS_PENDING =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/**
 * Applies a verified token: confirms sign-ups and invites; recovery / magic link spends the token.
 * An e-mail change spends the address's own link and moves the account to the new address once no
 * other link of the change is pending; before that (secure e-mail change, the first of two) it
 * answers undefined: nothing else changes and no session follows. GoTrue keeps that state in
 * email_change_confirm_status; here the pending tokens are the state, so a change asked for with
 * one link completes with it even if the setting was switched on since, and one asked for with two
 * needs both even if it was switched off.
 */
export function applyVerification(
  app: App,
  { user, type, tokenType }: Verified,
): UserRecord | undefined {
  if (type === "signup" || type === "invite") return confirmUser(app, user);
  if (type === "email_change") {
    const { tokens } = app.store;
    tokens.deleteOneTimeToken(user.id, tokenType);
    const pending = TOKEN_TYPES.email_change.some((other) => tokens.snapshot(user.id, other).token);
    return pending ? undefined : confirmEmailChange(app, user);
  }
  app.store.tokens.deleteOneTimeToken(user.id, "recovery_token");
  return user.emailConfirmedAt === null
    ? confirmUser(app, user)
    : app.store.users.update(user.id, { updatedAt: app.now() });
}
