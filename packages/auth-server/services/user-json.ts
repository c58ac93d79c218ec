// GoTrue's User and Identity JSON shapes (omitempty times, phone "", is_anonymous), and the fake user.
import { randomUUID } from "node:crypto";
import { iso, type App } from "../app";
import type { IdentityRecord, Metadata, UserRecord } from "../store/users";

export type UserJson = Record<string, unknown>;

function identityJson(identity: IdentityRecord): UserJson {
  return {
    identity_id: identity.id,
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: iso(identity.createdAt),
    updated_at: iso(identity.updatedAt),
    email: identity.email ?? undefined,
  };
}

/**
 * The user object as GoTrue serialises it (undefined fields vanish in JSON, like omitempty), with
 * its identities read unless the caller read them already.
 */
export function userJson(
  app: App,
  user: UserRecord,
  identities: IdentityRecord[] = app.store.users.identities(user.id),
): UserJson {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? "",
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: "",
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    invited_at: iso(user.invitedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map(identityJson),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    banned_until: iso(user.bannedUntil),
    deleted_at: iso(user.deletedAt),
    is_anonymous: false,
  };
}

/**
 * The answer to a sign-up that mails a confirmation: the account as a first sign-up shows it (sent,
 * created and updated now, one fresh email identity, the default role and app_metadata), whether
 * the address signed up before or a limit held its mail back. So the answer never dates the
 * account, shows its history (a recovery mail, an invitation) or tells that no mail went out.
 */
export function signupUserJson(app: App, user: UserRecord): UserJson {
  const now = iso(app.now());
  const identities = app.store.users
    .identities(user.id)
    .filter((identity) => identity.provider === "email")
    .map((identity) => ({
      ...identityJson(identity),
      last_sign_in_at: undefined,
      created_at: now,
      updated_at: now,
    }));
  return {
    id: user.id,
    aud: user.aud,
    role: app.config.jwtDefaultGroupName,
    email: user.email ?? "",
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: user.userMetadata,
    identities,
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * The obfuscated user GoTrue returns when a confirmed address signs up again with confirmation
 * on: random id, empty role, only the request's data, no identities. Nothing is stored. The
 * account's own recovery, invitation and ban times, which GoTrue's sanitiser leaves in, are not
 * copied: they would show that the address has an account.
 */
export function fakeUserJson(app: App, email: string, data: Metadata): UserJson {
  const now = iso(app.now());
  return {
    id: randomUUID(),
    aud: app.config.jwtAud,
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
