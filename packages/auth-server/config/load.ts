// Loading: GoTrue's own env var names resolved into one typed AuthConfig (defaults, overrides, the
// API secrets), every bad value reported at once.
import type { JWK } from "jose";
import { consoleLogger } from "../log";
import { existingServiceRoleKey, resolveApiSecrets } from "./api-secrets";
import { readSmtp } from "../mailer/smtp";
import { IN_MEMORY, type AuthConfig, type RateLimits } from "./auth-config";
import { EnvReader, isHttpUrl, parseRequiredCharacters } from "./env-parsers";
import { readExposure } from "./exposure";

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

/** GOTRUE_SITE_URL's default. */
const DEFAULT_SITE_URL = "http://localhost:3000";
const DEFAULT_DATA_DIR = ".data/auth";

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
    siteUrl: read.url("GOTRUE_SITE_URL", DEFAULT_SITE_URL) ?? DEFAULT_SITE_URL,
    apiExternalUrl: read.url("API_EXTERNAL_URL", undefined),
    uriAllowList: read.list("GOTRUE_URI_ALLOW_LIST", []),
    disableSignup: read.boolean("GOTRUE_DISABLE_SIGNUP", false),
    externalEmailEnabled: read.boolean("GOTRUE_EXTERNAL_EMAIL_ENABLED", true),
    mailerAutoconfirm: read.boolean("GOTRUE_MAILER_AUTOCONFIRM", false),
    mailerSecureEmailChangeEnabled: read.boolean("GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", true),
    mailerOtpExp: read.integer("GOTRUE_MAILER_OTP_EXP", 86400, 1),
    mailCodes: read.boolean("AUTH_MAIL_CODES", true),
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
    dataDir: read.string("AUTH_DATA_DIR", DEFAULT_DATA_DIR),
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
    resolveApiSecrets({ ...config, inMemory: config.dataDir === IN_MEMORY }, (name, message) =>
      read.problem(name, message),
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

/**
 * The service_role key a server started with `env` accepts, read from the same variables (and
 * <AUTH_DATA_DIR>/api-keys.json) without starting a server or writing anything; undefined when a
 * server on a public site has not created that file yet.
 */
export function serviceRoleKeyFor(env: Record<string, string | undefined>): string | undefined {
  const read = new EnvReader(env);
  return existingServiceRoleKey({
    jwtSecret: read.string("GOTRUE_JWT_SECRET", ""),
    serviceRoleKey: read.string("AUTH_SERVICE_ROLE_KEY", ""),
    siteUrl: read.url("GOTRUE_SITE_URL", DEFAULT_SITE_URL) ?? DEFAULT_SITE_URL,
    dataDir: read.string("AUTH_DATA_DIR", DEFAULT_DATA_DIR),
  });
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
