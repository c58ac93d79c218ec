// Mailed-token verification shared by GET and POST /verify: lookup, expiry, and its effect on the user.
import type { App } from "../app";
import { forbidden, unprocessable, validationFailed } from "../http/errors";
import type { OneTimeTokenType } from "../store/tokens";
import type { UserRecord } from "../store/users";
import { PKCE_PREFIX, tokenHash, validateEmail } from "./email";
import { isBanned } from "./guard";
import { confirmUser } from "./users";

/** The verification types this server handles (GoTrue's email subset). */
export type VerifyType = "signup" | "invite" | "recovery" | "magiclink" | "email";

const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  recovery: ["recovery_token"],
  magiclink: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
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
  return tokenType === "confirmation_token" ? user.confirmationSentAt : user.recoverySentAt;
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

/** GoTrue's verifyTokenHash: finds the user by the mailed hash (pkce_ prefix included). */
export function findByTokenHash(app: App, type: string, hash: string): Verified {
  if (!isVerifyType(type)) throw validationFailed("Invalid email verification type");
  const token = app.store.tokens.findOneTimeToken(hash, TOKEN_TYPES[type]);
  const user = token && app.store.users.findById(token.userId);
  if (!token || !user) throw linkExpired();
  checkUsable(app, user, token.tokenType, linkExpired);
  return { user, type: concreteType(type, token.tokenType) };
}

/** GoTrue's verifyUserAndToken: the 6-digit code mailed to `email`. */
export function findByEmailOtp(app: App, type: string, rawEmail: string, otp: string): Verified {
  if (!isVerifyType(type)) throw validationFailed("Unsupported verification type");
  let email: string;
  try {
    email = validateEmail(rawEmail);
  } catch {
    throw unprocessable("validation_failed", "Invalid email format");
  }
  const invalid = () => forbidden("otp_expired", "Token has expired or is invalid");
  const user = app.store.users.findByEmail(email);
  if (!user) throw invalid();
  const hash = tokenHash(email, otp);
  for (const tokenType of TOKEN_TYPES[type]) {
    const stored = app.store.tokens.oneTimeTokenFor(user.id, tokenType)?.tokenHash;
    if (stored === hash || stored === PKCE_PREFIX + hash) {
      checkUsable(app, user, tokenType, invalid);
      return { user, type: concreteType(type, tokenType) };
    }
  }
  throw invalid();
}

/** Applies a verified token: confirms sign-ups and invites; recovery / magic link spends the token. */
export function applyVerification(app: App, { user, type }: Verified): UserRecord {
  if (type === "signup" || type === "invite") return confirmUser(app, user);
  app.store.tokens.deleteOneTimeToken(user.id, "recovery_token");
  return user.emailConfirmedAt === null
    ? confirmUser(app, user)
    : app.store.users.update(user.id, { updatedAt: app.now() });
}
