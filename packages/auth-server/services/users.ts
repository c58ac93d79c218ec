// User lifecycle shared by sign-up, invites, admin and generate_link: create (with email identity),
// confirm, and the confirmed change of address.
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { forbidden, unprocessable } from "../http/errors";
import type { Metadata, UserRecord } from "../store/users";

export interface NewUser {
  /** A caller-chosen id (admin API); a fresh uuid otherwise. */
  id?: string;
  email: string;
  passwordHash: string | null;
  /** Sign-up's options.data: added to the identity data (cannot override its own keys). */
  data?: Metadata;
  /** Admin's user_metadata; when absent the user metadata starts as a copy of the identity data. */
  userMetadata?: Metadata;
  appMetadata?: Metadata;
  role?: string;
  invited?: boolean;
}

const IDENTITY_KEYS = new Set(["sub", "email", "email_verified", "phone_verified"]);

/** The email identity's data for a sign-up: its own keys, plus options.data (which cannot override them). */
function emailIdentityData(id: string, email: string, data: Metadata | undefined): Metadata {
  const extra = Object.fromEntries(
    Object.entries(data ?? {}).filter(([key]) => !IDENTITY_KEYS.has(key)),
  );
  return { sub: id, email, email_verified: false, phone_verified: false, ...extra };
}

function emailIdentity(userId: string, email: string, identityData: Metadata, now: number) {
  return {
    id: randomUUID(),
    providerId: userId,
    userId,
    provider: "email",
    identityData,
    email,
    lastSignInAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Inserts a user and its email identity (identity id = user id, as GoTrue does for email). */
export function createUser(app: App, input: NewUser): UserRecord {
  const now = app.now();
  const id = input.id ?? randomUUID();
  const identityData = emailIdentityData(id, input.email, input.data);
  const user: UserRecord = {
    id,
    aud: app.config.jwtAud,
    role: input.role ?? app.config.jwtDefaultGroupName,
    email: input.email,
    encryptedPassword: input.passwordHash,
    emailConfirmedAt: null,
    invitedAt: input.invited ? now : null,
    confirmationSentAt: null,
    recoverySentAt: null,
    emailChange: null,
    emailChangeSentAt: null,
    lastSignInAt: null,
    appMetadata: { provider: "email", providers: ["email"], ...input.appMetadata },
    userMetadata: input.userMetadata ?? { ...identityData },
    bannedUntil: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  app.store.db.transaction(() => {
    app.store.users.insert(user);
    app.store.users.insertIdentity(emailIdentity(id, input.email, identityData, now));
  });
  return user;
}

/**
 * A repeated sign-up of an address nobody has confirmed yet: its password and metadata replace the
 * pending ones and every session ends, so a stranger who signed the address up first holds nothing
 * once the owner confirms.
 */
export function replacePendingSignup(
  app: App,
  user: UserRecord,
  passwordHash: string,
  data: Metadata,
): UserRecord {
  const now = app.now();
  const email = user.email ?? "";
  const identityData = emailIdentityData(user.id, email, data);
  return app.store.db.transaction(() => {
    app.store.sessions.deleteForUser(user.id);
    app.store.users.deleteIdentities(user.id);
    app.store.users.insertIdentity(emailIdentity(user.id, email, identityData, now));
    return app.store.users.update(user.id, {
      encryptedPassword: passwordHash,
      userMetadata: { ...identityData },
      updatedAt: now,
    });
  });
}

/**
 * The account an invitation is for (GoTrue's Invite, shared by /invite and generate_link's invite):
 * a new user with no password, `invited_at` set and `data` as its user_metadata; or the existing
 * unconfirmed one (invited or signed up), whose pending password is voided and sessions ended, so
 * whoever signed the address up before holds nothing once the invitee accepts. A confirmed address
 * is 422 email_exists. /invite calls it inside the transaction that mails the invitation, so a
 * mail held back (429) changes nothing.
 */
export function invitee(app: App, email: string, data: Metadata): UserRecord {
  return app.store.db.transaction(() => {
    const existing = app.store.users.findByEmail(email);
    if (!existing) {
      return createUser(app, { email, passwordHash: null, userMetadata: data, invited: true });
    }
    if (existing.emailConfirmedAt !== null) throw emailExists();
    app.store.sessions.deleteForUser(existing.id);
    // What an earlier sign-up of the address set (perhaps a stranger's: the password, and the
    // metadata, which GoTrue keeps) goes; a re-invitation keeps the invitation's, as GoTrue does.
    return app.store.users.update(existing.id, {
      encryptedPassword: null,
      ...(existing.invitedAt === null ? { userMetadata: data } : {}),
      updatedAt: app.now(),
    });
  });
}

/** GoTrue's User.Confirm: sets email_confirmed_at, marks email_verified, spends the confirmation token. */
export function confirmUser(app: App, user: UserRecord): UserRecord {
  const now = app.now();
  return app.store.db.transaction(() => {
    app.store.tokens.deleteOneTimeToken(user.id, "confirmation_token");
    app.store.users.updateIdentity(user.id, "email", { email_verified: true }, { updatedAt: now });
    return app.store.users.update(user.id, {
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      userMetadata: { ...user.userMetadata, email_verified: true },
      updatedAt: now,
    });
  });
}

/**
 * GoTrue's ConfirmEmailChange: the pending address becomes the user's address (and the email
 * identity's), every mailed token is spent (links sent to the old address no longer open the
 * account), and an unconfirmed user is confirmed by it. 422 email_exists when someone else took the
 * address since the change was asked for.
 */
export function confirmEmailChange(app: App, user: UserRecord): UserRecord {
  const email = user.emailChange;
  if (!email) throw forbidden("otp_expired", "Email link is invalid or has expired");
  const holder = app.store.users.findByEmail(email);
  if (holder && holder.id !== user.id) throw emailExists();
  const now = app.now();
  const verified = { email, email_verified: true };
  return app.store.db.transaction(() => {
    for (const tokenType of [
      "confirmation_token",
      "recovery_token",
      "email_change_token_new",
      "email_change_token_current",
    ] as const) {
      app.store.tokens.deleteOneTimeToken(user.id, tokenType);
    }
    app.store.users.updateIdentity(user.id, "email", verified, { email, updatedAt: now });
    return app.store.users.update(user.id, {
      email,
      emailChange: null,
      emailChangeSentAt: null,
      emailConfirmedAt: user.emailConfirmedAt ?? now,
      userMetadata: { ...user.userMetadata, ...verified },
      updatedAt: now,
    });
  });
}

/** Merges metadata like GoTrue's UpdateUserMetaData: keys set to null are removed. */
export function mergeMetadata(current: Metadata, patch: Metadata): Metadata {
  // A Map, so a "__proto__" key is data like any other, never the object's prototype.
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/** 422 email_exists, GoTrue's answer when an admin call would duplicate an address. */
export const emailExists = () =>
  unprocessable("email_exists", "A user with this email address has already been registered");
