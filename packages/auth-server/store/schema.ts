// The SQLite schema (idempotent DDL run at every start; changes only add) and the columns added
// since the first release, which older database files gain at start-up. Times are Unix milliseconds.
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  aud TEXT NOT NULL,
  role TEXT NOT NULL,
  email TEXT,
  encrypted_password TEXT,
  email_confirmed_at INTEGER,
  invited_at INTEGER,
  confirmation_sent_at INTEGER,
  recovery_sent_at INTEGER,
  email_change TEXT,
  email_change_sent_at INTEGER,
  last_sign_in_at INTEGER,
  app_metadata TEXT NOT NULL DEFAULT '{}',
  user_metadata TEXT NOT NULL DEFAULT '{}',
  banned_until INTEGER,
  deleted_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users (email) WHERE email IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_email_change ON users (email_change) WHERE email_change IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_created_at ON users (created_at);
-- The admin listing's order (newest first, then id): a page far in skips index entries only.
CREATE INDEX IF NOT EXISTS users_listing ON users (created_at DESC, id);

CREATE TABLE IF NOT EXISTS identities (
  id TEXT PRIMARY KEY,
  provider_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  identity_data TEXT NOT NULL,
  email TEXT,
  last_sign_in_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (provider_id, provider)
);
CREATE INDEX IF NOT EXISTS identities_user ON identities (user_id);

CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  aal TEXT NOT NULL,
  amr TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  refreshed_at INTEGER
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_updated_at ON sessions (updated_at);

CREATE TABLE IF NOT EXISTS refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  parent TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session ON refresh_tokens (session_id);
CREATE INDEX IF NOT EXISTS refresh_tokens_parent ON refresh_tokens (parent);
CREATE INDEX IF NOT EXISTS refresh_tokens_revoked ON refresh_tokens (updated_at) WHERE revoked = 1;

CREATE TABLE IF NOT EXISTS one_time_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  token_type TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  relates_to TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, token_type)
);
CREATE INDEX IF NOT EXISTS one_time_tokens_hash ON one_time_tokens (token_hash);
CREATE INDEX IF NOT EXISTS one_time_tokens_created_at ON one_time_tokens (created_at);

CREATE TABLE IF NOT EXISTS one_time_codes (
  user_id TEXT NOT NULL,
  token_type TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, token_type)
);

CREATE TABLE IF NOT EXISTS flow_states (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  auth_code TEXT NOT NULL UNIQUE,
  code_challenge TEXT NOT NULL,
  code_challenge_method TEXT NOT NULL,
  provider_type TEXT NOT NULL,
  authentication_method TEXT NOT NULL,
  auth_code_issued_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS flow_states_user ON flow_states (user_id);
CREATE INDEX IF NOT EXISTS flow_states_created_at ON flow_states (created_at);

CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  to_email TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  confirmation_url TEXT,
  verify_url TEXT,
  created_at INTEGER NOT NULL,
  reply_to TEXT
);
CREATE INDEX IF NOT EXISTS outbox_created ON outbox (created_at);
`;

/**
 * Columns added after the first release: CREATE TABLE IF NOT EXISTS leaves an existing table as it
 * is, so a database file written before them gets them with ALTER TABLE (before the SCHEMA's
 * indexes on them run).
 */
export const ADDED_COLUMNS: { table: string; column: string; type: string }[] = [
  { table: "users", column: "email_change", type: "TEXT" },
  { table: "outbox", column: "reply_to", type: "TEXT" },
  { table: "users", column: "email_change_sent_at", type: "INTEGER" },
];
