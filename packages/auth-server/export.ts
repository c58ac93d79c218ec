// Graduation to hosted Supabase: the users and their email identities as SQL for auth.users and
// auth.identities (GoTrue's columns); bcrypt hashes carry over, so passwords keep working, and
// users whose hash predates bcrypt are exported without one and listed (decision 017).
import type { Db, Row } from "./store/db";

/** GoTrue's instance id for single-tenant projects. */
const INSTANCE_ID = "00000000-0000-0000-0000-000000000000";

export interface ExportResult {
  sql: string;
  users: number;
  /** Addresses exported without a password: they must reset it on the new project. */
  mustReset: string[];
}

/** A SQL string literal (standard_conforming_strings: only quotes need doubling). */
function text(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  return `'${String(value).replaceAll("'", "''")}'`;
}

function timestamp(ms: unknown): string {
  return ms === null || ms === undefined
    ? "NULL"
    : `${text(new Date(Number(ms)).toISOString())}::timestamptz`;
}

const jsonb = (value: unknown) => `${text(value ?? "{}")}::jsonb`;

const isBcrypt = (hash: unknown) => typeof hash === "string" && /^\$2[abxy]\$\d\d\$/.test(hash);

/**
 * The auth.users columns written; token columns get '' (not NULL), which is what GoTrue reads. A
 * pending e-mail change keeps its address and time but not its token (stored here in another form):
 * the user asks the new project to resend it.
 */
const USER_COLUMNS = [
  "instance_id",
  "id",
  "aud",
  "role",
  "email",
  "encrypted_password",
  "email_confirmed_at",
  "invited_at",
  "confirmation_token",
  "confirmation_sent_at",
  "recovery_token",
  "recovery_sent_at",
  "email_change_token_new",
  "email_change",
  "email_change_sent_at",
  "last_sign_in_at",
  "raw_app_meta_data",
  "raw_user_meta_data",
  "is_super_admin",
  "created_at",
  "updated_at",
  "banned_until",
  "deleted_at",
];

function userValues(user: Row): string {
  return [
    text(INSTANCE_ID),
    `${text(user.id)}::uuid`,
    text(user.aud),
    text(user.role),
    text(user.email),
    isBcrypt(user.encrypted_password) ? text(user.encrypted_password) : "NULL",
    timestamp(user.email_confirmed_at),
    timestamp(user.invited_at),
    "''",
    timestamp(user.confirmation_sent_at),
    "''",
    timestamp(user.recovery_sent_at),
    "''",
    text(user.email_change ?? ""),
    timestamp(user.email_change_sent_at),
    timestamp(user.last_sign_in_at),
    jsonb(user.app_metadata),
    jsonb(user.user_metadata),
    "false",
    timestamp(user.created_at),
    timestamp(user.updated_at),
    timestamp(user.banned_until),
    timestamp(user.deleted_at),
  ].join(", ");
}

function identityValues(identity: Row): string {
  return [
    `${text(identity.id)}::uuid`,
    text(identity.provider_id),
    `${text(identity.user_id)}::uuid`,
    jsonb(identity.identity_data),
    text(identity.provider),
    timestamp(identity.last_sign_in_at),
    timestamp(identity.created_at),
    timestamp(identity.updated_at),
  ].join(", ");
}

/** Builds the SQL: one transaction, a comment header listing users who must reset their password. */
export function exportForSupabase(db: Db, exportedAt: Date): ExportResult {
  const users = db.all("SELECT * FROM users ORDER BY created_at, id");
  const identities = db.all("SELECT * FROM identities ORDER BY created_at, id");
  const mustReset = users
    .filter((user) => user.encrypted_password !== null && !isBcrypt(user.encrypted_password))
    .map((user) => String(user.email));
  const lines = [
    `-- Users of the embedded auth server, exported ${exportedAt.toISOString()} for Supabase Auth.`,
    `-- ${users.length} users, ${identities.length} identities. Load into the project's database: psql -f <this file>`,
    ...(mustReset.length > 0
      ? [
          `-- ${mustReset.length} users have a password hash from before bcrypt and are exported WITHOUT a password;`,
          '-- they must reset it ("Forgot password") on the new project:',
          ...mustReset.map((email) => `--   ${email}`),
        ]
      : ["-- Every password carries over (bcrypt)."]),
    "BEGIN;",
    ...users.map(
      (user) => `INSERT INTO auth.users (${USER_COLUMNS.join(", ")}) VALUES (${userValues(user)});`,
    ),
    ...identities.map(
      (identity) =>
        "INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) " +
        `VALUES (${identityValues(identity)});`,
    ),
    "COMMIT;",
    "",
  ];
  return { sql: lines.join("\n"), users: users.length, mustReset };
}
