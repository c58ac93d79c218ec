// Configuration: GoTrue's own env var names resolved into one typed AuthConfig, every bad value reported.
import { createHmac } from "node:crypto";
import type { JWK } from "jose";
import { isLoopbackUrl, resolveApiSecrets } from "./api-secrets";
import { EnvReader, isHttpUrl, parseRequiredCharacters, type Rate } from "./env-parsers";
import { consoleLogger, type AuthLogger } from "./log";

export type { Rate } from "./env-parsers";
export type { AuthLogger, LogRecord } from "./log";

export { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from "./api-secrets";

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
  /** GOTRUE_MAILER_OTP_EXP: lifetime of mailed links and codes, seconds. */
  mailerOtpExp: number;
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
  /** Who may reach what: see the "Exposure settings" section below. */
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

const FIVE_MINUTES = 300;
const ONE_DAY = 86_400;
const ONE_HOUR = 3600;

/** Rate-limit defaults sized for ONE app server sending every user's calls from one IP. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  tokenRefresh: { events: 1800, periodSeconds: FIVE_MINUTES },
  otp: { events: 300, periodSeconds: FIVE_MINUTES },
  verify: { events: 300, periodSeconds: FIVE_MINUTES },
  emailSent: { events: 300, periodSeconds: ONE_HOUR },
  // 300 / 15: no fewer than 20 addresses can empty the whole budget in an hour.
  emailSentPerClient: { events: 15, periodSeconds: ONE_HOUR },
  emailSentPerAddress: { events: 5, periodSeconds: ONE_HOUR },
};

/** GoTrue never accepts a shorter minimum password length than this. */
const GOTRUE_MIN_PASSWORD_FLOOR = 6;

/**
 * Resolves the configuration from an environment (GoTrue's names) plus typed overrides.
 * Throws one Error listing every bad value.
 */
export function loadAuthConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<AuthConfig> = {},
): AuthConfig {
  const read = new EnvReader(env);
  const fromEnv: Omit<AuthConfig, "exposure"> = {
    siteUrl: read.url("GOTRUE_SITE_URL", "http://localhost:3000") ?? "http://localhost:3000",
    apiExternalUrl: read.url("API_EXTERNAL_URL", undefined),
    uriAllowList: read.list("GOTRUE_URI_ALLOW_LIST", []),
    disableSignup: read.boolean("GOTRUE_DISABLE_SIGNUP", false),
    externalEmailEnabled: read.boolean("GOTRUE_EXTERNAL_EMAIL_ENABLED", true),
    mailerAutoconfirm: read.boolean("GOTRUE_MAILER_AUTOCONFIRM", false),
    mailerOtpExp: read.integer("GOTRUE_MAILER_OTP_EXP", 86400, 1),
    jwtExp: read.integer("GOTRUE_JWT_EXP", 3600, 1),
    jwtSecret: read.string("GOTRUE_JWT_SECRET", ""),
    jwtKeys: read.json("GOTRUE_JWT_KEYS", checkJwkSet),
    jwtIssuer: read.raw("GOTRUE_JWT_ISSUER"),
    jwtAud: read.string("GOTRUE_JWT_AUD", "authenticated"),
    jwtDefaultGroupName: read.string("GOTRUE_JWT_DEFAULT_GROUP_NAME", "authenticated"),
    jwtAdminRoles: read.list("GOTRUE_JWT_ADMIN_ROLES", ["service_role", "supabase_admin"]),
    passwordMinLength: read.integer("GOTRUE_PASSWORD_MIN_LENGTH", 8),
    passwordRequiredCharacters: parseRequiredCharacters(
      read.string("GOTRUE_PASSWORD_REQUIRED_CHARACTERS", ""),
    ),
    refreshTokenRotationEnabled: read.boolean(
      "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED",
      true,
    ),
    refreshTokenReuseInterval: read.integer("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", 10),
    flowStateExpiry: read.duration("GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION", FIVE_MINUTES),
    rateLimitHeader: read.raw("GOTRUE_RATE_LIMIT_HEADER"),
    rateLimits: {
      tokenRefresh: read.rate("GOTRUE_RATE_LIMIT_TOKEN_REFRESH", DEFAULT_RATE_LIMITS.tokenRefresh),
      otp: read.rate("GOTRUE_RATE_LIMIT_OTP", DEFAULT_RATE_LIMITS.otp),
      verify: read.rate("GOTRUE_RATE_LIMIT_VERIFY", DEFAULT_RATE_LIMITS.verify),
      emailSent: read.rate("GOTRUE_RATE_LIMIT_EMAIL_SENT", DEFAULT_RATE_LIMITS.emailSent),
      emailSentPerClient: read.rate(
        "AUTH_RATE_LIMIT_EMAIL_PER_IP",
        DEFAULT_RATE_LIMITS.emailSentPerClient,
      ),
      emailSentPerAddress: read.rate(
        "AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS",
        DEFAULT_RATE_LIMITS.emailSentPerAddress,
      ),
    },
    smtpMaxFrequency: read.duration("GOTRUE_SMTP_MAX_FREQUENCY", 60),
    dataDir: read.string("AUTH_DATA_DIR", ".data/auth"),
    anonKey: read.string("AUTH_ANON_KEY", ""),
    serviceRoleKey: read.string("AUTH_SERVICE_ROLE_KEY", ""),
    apiKeysFile: undefined,
    bcryptCost: read.integer("AUTH_BCRYPT_COST", 10, 4),
    smtp: readSmtp(read),
    retention: {
      intervalSeconds: read.duration("AUTH_RETENTION_INTERVAL", ONE_HOUR),
      revokedTokensSeconds: read.duration("AUTH_RETENTION_REVOKED_TOKENS", ONE_DAY),
      idleSessionsSeconds: read.duration("AUTH_RETENTION_IDLE_SESSIONS", 90 * ONE_DAY),
      outboxSeconds: read.duration("AUTH_RETENTION_OUTBOX", 7 * ONE_DAY),
    },
    log: consoleLogger,
    now: Date.now,
    onRequest: undefined,
  };
  const exposure = readExposure(read, overrides.siteUrl ?? fromEnv.siteUrl);
  const config: AuthConfig = { ...fromEnv, exposure, ...overrides };
  Object.assign(
    config,
    resolveApiSecrets(
      { ...config, inMemory: config.dataDir === IN_MEMORY },
      mintApiKey,
      (name, message) => read.problem(name, message),
    ),
  );
  config.passwordMinLength = Math.max(config.passwordMinLength, GOTRUE_MIN_PASSWORD_FLOOR);
  config.flowStateExpiry = Math.max(config.flowStateExpiry, FIVE_MINUTES);
  checkResolved(config, read);
  if (read.problems.length > 0) {
    throw new Error(
      `Invalid auth server configuration:\n${read.problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return config;
}

/** Checks values that overrides may also have set. */
function checkResolved(config: AuthConfig, read: EnvReader): void {
  for (const [name, value] of [
    ["siteUrl", config.siteUrl],
    ["apiExternalUrl", config.apiExternalUrl],
  ] as const) {
    if (value !== undefined && !isHttpUrl(value)) read.problem(name, "must be an http(s) URL");
  }
  if (config.jwtSecret.length < 32) {
    read.problem("GOTRUE_JWT_SECRET", "must be at least 32 characters");
  }
  if (config.bcryptCost > 31) read.problem("AUTH_BCRYPT_COST", "must be at most 31");
  if (config.retention.intervalSeconds < 1) {
    read.problem("AUTH_RETENTION_INTERVAL", "must be at least 1 second");
  }
  if (config.passwordMinLength > 72) {
    read.problem("GOTRUE_PASSWORD_MIN_LENGTH", "must be at most 72 (the password maximum)");
  }
  if (!config.dataDir) read.problem("AUTH_DATA_DIR", "must not be empty");
}

/** GoTrue's SMTP variables; only read when GOTRUE_SMTP_HOST is set, which then needs a From address. */
function readSmtp(read: EnvReader): SmtpConfig | undefined {
  const host = read.raw("GOTRUE_SMTP_HOST");
  if (!host) return undefined;
  const port = read.integer("GOTRUE_SMTP_PORT", 587, 1);
  if (port > 65535) read.problem("GOTRUE_SMTP_PORT", "must be 1-65535");
  const adminEmail = read.raw("GOTRUE_SMTP_ADMIN_EMAIL");
  if (!adminEmail) {
    read.problem(
      "GOTRUE_SMTP_ADMIN_EMAIL",
      "must be set when GOTRUE_SMTP_HOST is (the From address)",
    );
  }
  return {
    host,
    port,
    user: read.raw("GOTRUE_SMTP_USER"),
    pass: read.raw("GOTRUE_SMTP_PASS"),
    adminEmail: adminEmail ?? "",
    senderName: read.raw("GOTRUE_SMTP_SENDER_NAME"),
  };
}

/** Validates the GOTRUE_JWT_KEYS shape: an array (or {keys}) of JWKs, exactly one of them signing. */
function checkJwkSet(value: unknown): JWK[] | string {
  const keys = Array.isArray(value)
    ? value
    : value && typeof value === "object" && Array.isArray((value as { keys?: unknown }).keys)
      ? (value as { keys: unknown[] }).keys
      : undefined;
  if (!keys || keys.length === 0) return "must be a non-empty JSON array of JWKs";
  if (!keys.every((key) => key && typeof key === "object" && typeof key.kty === "string")) {
    return "every entry must be a JWK object with a kty";
  }
  const jwks = keys as JWK[];
  const signing = jwks.filter((key) => key.key_ops?.includes("sign"));
  if (signing.length !== 1) return 'exactly one key must have key_ops containing "sign"';
  return jwks;
}

/**
 * Signs an API key the way `supabase start` does: HS256 over {iss, role, exp}. With the demo
 * secret this reproduces the well-known demo keys byte for byte.
 */
export function mintApiKey(role: "anon" | "service_role", secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ iss: "supabase-demo", role, exp: 1983812996 })}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

// ---------------------------------------------------------------------------------------------
// Exposure settings: what a visitor (or a page in their browser) may reach besides the API itself.

export interface ExposureConfig {
  /**
   * GOTRUE_RATE_LIMIT_HEADER_SECRET: a request whose X-Rate-Limit-Secret header equals it may set
   * the client IP through GOTRUE_RATE_LIMIT_HEADER from any peer; without it only loopback peers can.
   */
  rateLimitHeaderSecret: string | undefined;
  /**
   * GOTRUE_OUTBOX_ENABLED: serve /outbox (every mail, live links included). Default: on only when
   * no SMTP server is configured (GOTRUE_SMTP_HOST unset) and GOTRUE_SITE_URL is loopback.
   */
  outboxEnabled: boolean;
  /** Full addresses and live links in `mail_sent` log lines: only on a loopback site outside production. */
  logMailDetails: boolean;
}

/** The header a trusted caller proves itself with when it is not on loopback. */
export const RATE_LIMIT_SECRET_HEADER = "X-Rate-Limit-Secret";

function readExposure(read: EnvReader, siteUrl: string): ExposureConfig {
  const local = isLoopbackUrl(siteUrl);
  const smtpConfigured = read.raw("GOTRUE_SMTP_HOST") !== undefined;
  return {
    rateLimitHeaderSecret: read.raw("GOTRUE_RATE_LIMIT_HEADER_SECRET"),
    outboxEnabled: read.boolean("GOTRUE_OUTBOX_ENABLED", local && !smtpConfigured),
    logMailDetails: local && read.raw("NODE_ENV") !== "production",
  };
}
