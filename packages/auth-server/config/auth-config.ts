// The resolved configuration's shape: AuthConfig and its parts (SMTP, retention, rate limits), with
// the GoTrue environment variable each field comes from.
import type { JWK } from "jose";
import type { AuthLogger } from "../log";
import type { Rate } from "./env-parsers";
import type { ExposureConfig } from "./exposure";

/** The special data dir that keeps the database and the signing key in memory only. */
export const IN_MEMORY = ":memory:";

export interface RateLimits {
  /** All /token grants, per client key (GOTRUE_RATE_LIMIT_TOKEN_REFRESH). */
  tokenRefresh: Rate;
  /** /signup, per client key (GOTRUE_RATE_LIMIT_OTP). */
  otp: Rate;
  /** GET and POST /verify, per client key (GOTRUE_RATE_LIMIT_VERIFY). */
  verify: Rate;
  /** Emails sent by the whole server (GOTRUE_RATE_LIMIT_EMAIL_SENT). */
  emailSent: Rate;
  /** Emails one client key may cause, within the global budget (AUTH_RATE_LIMIT_EMAIL_PER_IP). */
  emailSentPerClient: Rate;
  /** Emails one address may receive, within the global budget (AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS). */
  emailSentPerAddress: Rate;
}

export interface AuthConfig {
  /** GOTRUE_SITE_URL: the app's public origin; target of mail links and fallback redirect. */
  siteUrl: string;
  /** API_EXTERNAL_URL: public URL of this API including /auth/v1; undefined = `<listen url>/auth/v1`. */
  apiExternalUrl: string | undefined;
  /** GOTRUE_URI_ALLOW_LIST: extra redirect_to globs (`*` within a segment, `**` anything). */
  uriAllowList: string[];
  /** GOTRUE_DISABLE_SIGNUP */
  disableSignup: boolean;
  /** GOTRUE_EXTERNAL_EMAIL_ENABLED */
  externalEmailEnabled: boolean;
  /** GOTRUE_MAILER_AUTOCONFIRM: sign-up confirms at once and returns a session. */
  mailerAutoconfirm: boolean;
  /**
   * GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED (default true, as GoTrue's): an e-mail change mails
   * the current address too and completes only once both addresses confirmed it; false: the new
   * address alone confirms it.
   */
  mailerSecureEmailChangeEnabled: boolean;
  /** GOTRUE_MAILER_OTP_EXP: lifetime of mailed links and codes, seconds. */
  mailerOtpExp: number;
  /**
   * AUTH_MAIL_CODES (default true, as GoTrue's templates): mails that carry GoTrue's /verify link
   * also carry a 6-digit code. False for an app whose pages take links only: no code is issued.
   */
  mailCodes: boolean;
  /** GOTRUE_JWT_EXP: access-token lifetime, seconds. */
  jwtExp: number;
  /**
   * GOTRUE_JWT_SECRET: HS256 secret for the API keys only (never a user's session). Unset: the demo
   * secret on a loopback site, else a per-install one kept in the data folder (see apiKeysFile).
   */
  jwtSecret: string;
  /** GOTRUE_JWT_KEYS: JWK set; the entry whose key_ops include "sign" signs. Undefined = generated ES256 key. */
  jwtKeys: JWK[] | undefined;
  /** GOTRUE_JWT_ISSUER; undefined = apiExternalUrl. */
  jwtIssuer: string | undefined;
  /** GOTRUE_JWT_AUD */
  jwtAud: string;
  /** GOTRUE_JWT_DEFAULT_GROUP_NAME: the role given to users. */
  jwtDefaultGroupName: string;
  /** GOTRUE_JWT_ADMIN_ROLES */
  jwtAdminRoles: string[];
  /** GOTRUE_PASSWORD_MIN_LENGTH (bytes); our default 8, never below GoTrue's floor of 6. */
  passwordMinLength: number;
  /** GOTRUE_PASSWORD_REQUIRED_CHARACTERS, already split into sets. */
  passwordRequiredCharacters: string[];
  /** GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED */
  refreshTokenRotationEnabled: boolean;
  /** GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, seconds. */
  refreshTokenReuseInterval: number;
  /** GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION: PKCE flow-state lifetime, seconds (min 300). */
  flowStateExpiry: number;
  /** GOTRUE_RATE_LIMIT_HEADER: header holding the client IP; unset = the socket address. */
  rateLimitHeader: string | undefined;
  rateLimits: RateLimits;
  /** GOTRUE_SMTP_MAX_FREQUENCY: minimum gap between confirmation mails to one address, seconds. */
  smtpMaxFrequency: number;
  /** AUTH_DATA_DIR: folder for auth.sqlite and signing-keys.json, or ":memory:". */
  dataDir: string;
  /** AUTH_ANON_KEY, else the key minted from the resolved jwtSecret (the demo key on loopback). */
  anonKey: string;
  /** AUTH_SERVICE_ROLE_KEY, likewise. */
  serviceRoleKey: string;
  /** AUTH_BCRYPT_COST: bcrypt cost of new password hashes; 10 like GoTrue. Stored with each hash. */
  bcryptCost: number;
  /** GOTRUE_SMTP_*: the mail server; undefined (no GOTRUE_SMTP_HOST) = mails go to the outbox only. */
  smtp: SmtpConfig | undefined;
  /** When and what the periodic clean-up deletes. */
  retention: RetentionConfig;
  /** <dataDir>/api-keys.json when the secret and keys were generated for this install. */
  apiKeysFile: string | undefined;
  /** Log sink; false silences everything (tests). */
  log: false | AuthLogger;
  /** Clock in milliseconds; tests inject a fake one. */
  now: () => number;
  /** Test hook called for every request before routing; a throw becomes a 500. */
  onRequest: ((request: { method: string; path: string }) => void) | undefined;
  /** Who may reach what besides the API itself (config/exposure.ts). */
  exposure: ExposureConfig;
}

export interface SmtpConfig {
  /** GOTRUE_SMTP_HOST */
  host: string;
  /** GOTRUE_SMTP_PORT: 465 = TLS from the first byte; any other port upgrades with STARTTLS when offered. */
  port: number;
  /** GOTRUE_SMTP_USER and GOTRUE_SMTP_PASS; no user = no authentication. */
  user: string | undefined;
  pass: string | undefined;
  /** GOTRUE_SMTP_ADMIN_EMAIL: the From address. */
  adminEmail: string;
  /** GOTRUE_SMTP_SENDER_NAME: the From name. */
  senderName: string | undefined;
}

export interface RetentionConfig {
  /** AUTH_RETENTION_INTERVAL: seconds between clean-up runs (the first runs at start). */
  intervalSeconds: number;
  /** AUTH_RETENTION_REVOKED_TOKENS: revoked refresh tokens are kept this long after revocation. */
  revokedTokensSeconds: number;
  /** AUTH_RETENTION_IDLE_SESSIONS: sessions not refreshed for this long are deleted; 0 = never. */
  idleSessionsSeconds: number;
  /** AUTH_RETENTION_OUTBOX: outbox copies of mails are kept this long. */
  outboxSeconds: number;
}
