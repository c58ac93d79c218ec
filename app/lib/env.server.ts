// The app's configuration: one schema for every environment variable, validated once at start-up
// by the process entry and handed to the server bundle with configure(); nothing writes it back
// into process.env.
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { loadSmtpConfig, type SmtpConfig } from "@portal/auth-server/smtp";

const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const positiveInt = z.coerce.number().int().positive();

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY next to addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address, bits, extra] = value.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Which proxies in front of the app to believe about the client's address: `false` (none, the
 * socket's peer is the client), a hop count (the client is that many entries from the right of
 * X-Forwarded-For), or a comma list of proxy addresses/CIDRs. Express's `trust proxy` setting takes
 * the parsed value as is. `true` (believe every hop, so the leftmost entry a client can write
 * itself) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === "true") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "`true` is not accepted" });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `"${value}" is neither false, a hop count nor a comma list of proxy addresses/CIDRs`,
    });
    return z.NEVER;
  });

/** The bench's fixed user: `{"id":"…","email":"…"}`. */
const benchSessionUser = z.string().transform((value, ctx) => {
  try {
    return z.object({ id: z.string().min(1), email: z.string() }).parse(JSON.parse(value));
  } catch {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be {"id":"…","email":"…"}' });
    return z.NEVER;
  }
});

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SUPABASE_URL: z.string().url().optional(),
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1).optional(),
  BOOKING_URL: z.string().url().optional(),
  COOKIE_SECURE: booleanString.optional(),
  TRUST_PROXY: trustProxy.default("false"),
  AUTH_RATE_LIMIT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  AUTH_DATA_DIR: z.string().min(1).default(".data/auth"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  PROGRAMME_FILE: z.string().min(1).optional(),
  PROGRAMME_DIR: z.string().min(1).optional(),
  EMBEDDED_AUTH_PORT: z.coerce.number().int().min(1).max(65535).default(54321),
  EMBEDDED_AUTH_HOST: z.string().min(1).default("127.0.0.1"),
  RATE_LIMIT_SIGN_IN_PER_IP: positiveInt.default(20),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: positiveInt.default(10),
  RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL: positiveInt.default(50),
  RATE_LIMIT_SIGN_UP_PER_IP: positiveInt.default(10),
  RATE_LIMIT_CONFIRM_PER_IP: positiveInt.default(10),
  RATE_LIMIT_REFRESH_PER_IP: positiveInt.default(600),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(600),
  RATE_LIMIT_MESSAGES_PER_MINUTE: positiveInt.default(30),
  REDIS_URL: z.string().url().optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  HTTP_MAX_CONNECTIONS_PER_IP: positiveInt.default(200),
  UPLOAD_MAX_FILE_BYTES: positiveInt.default(100 * 1024 * 1024),
  UPLOAD_TIMEOUT_MS: positiveInt.default(30 * 60_000),
  UPLOAD_MAX_FILES: positiveInt.default(10),
  UPLOAD_MAX_CLIENT_BYTES: positiveInt.default(2 * 1024 ** 3),
  AGENCY_NAME: z.string().trim().min(1).max(100).default("Client Portal"),
  SMTP_URL: z
    .string()
    .url()
    .refine(
      (value) => !URL.canParse(value) || /^smtps?:$/.test(new URL(value).protocol),
      "must be smtp:// or smtps://",
    )
    .optional(),
  MAIL_FROM: z.string().email().optional(),
  MESSAGE_MAIL_DELAY_SECONDS: positiveInt.default(300),
  INBOUND_MAIL_ADDRESS: z.string().email().optional(),
  INBOUND_MAIL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  INBOUND_TRUSTED_AUTHSERV_ID: z.string().trim().min(1).optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().trim().min(1).default("0.0.0.0"),
  INBOUND_IMAP_URL: z
    .string()
    .url()
    .refine((value) => !URL.canParse(value) || /^imaps?:$/.test(new URL(value).protocol), {
      message: "must be imap:// or imaps://",
    })
    .refine((value) => !URL.canParse(value) || new URL(value).username !== "", {
      message: "must name the mailbox's user",
    })
    .optional(),
  MAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  BENCH_SESSION_USER: benchSessionUser.optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  S3_PRESIGNED_DOWNLOAD_SECONDS: z.coerce.number().int().min(1).max(604_800).optional(),
});

/** Where files go at scale: an S3-compatible bucket (AWS S3, Supabase Storage, R2, MinIO). */
export interface S3Config {
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Downloads go to a presigned URL valid this long; unset: streamed through the app. */
  presignedDownloadSeconds: number | undefined;
}

export type Env = z.infer<typeof schema> & {
  SITE_URL: string;
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  isProduction: boolean;
  /** Where the app's own mails go: SMTP_URL, else the auth mails' GOTRUE_SMTP_*; none: the outbox. */
  smtp: SmtpConfig | undefined;
  /** The bucket files are kept in; none: the data folder. */
  s3: S3Config | undefined;
  /** Where replies to the portal's mails go (reply+<key>@domain); none: mails say to reply in the portal. */
  inbound: InboundAddress | undefined;
};

/** The address replies come to, as `<local>+<key>@<domain>`. */
export interface InboundAddress {
  local: string;
  domain: string;
}

const HINTS: Partial<Record<keyof z.infer<typeof schema>, string>> = {
  SESSION_SECRET: "set SESSION_SECRET to a random string of 32+ characters (openssl rand -hex 32)",
  SUPABASE_ANON_KEY: "set SUPABASE_ANON_KEY to the project's anon (publishable) key",
  SUPABASE_SERVICE_ROLE_KEY:
    "set SUPABASE_SERVICE_ROLE_KEY to the project's service_role (secret) key; it stays on the server",
  SITE_URL: "set SITE_URL to the public origin, e.g. https://portal.example.com",
  TRUST_PROXY:
    "set the number of proxies in front of the app (e.g. 1) or their addresses/CIDRs; `true` would let any client choose its own address through X-Forwarded-For",
  BENCH_SESSION_USER: "only for `npm run bench` on a loopback SITE_URL",
  MAIL_FROM:
    "set MAIL_FROM to the address the portal's mails come from, e.g. portal@agency.example",
  S3_BUCKET:
    "set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a provider other than AWS), or none of them to keep files in DATA_DIR",
  DATABASE_URL:
    "set DATABASE_URL to a PostgreSQL connection string, or leave it unset for the embedded SQLite file in DATA_DIR",
  INBOUND_IMAP_URL:
    "set INBOUND_IMAP_URL to imap://user:password@host:port/MAILBOX (imaps:// for TLS; the mailbox defaults to INBOX)",
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validates an environment against `rules` (unset and empty values are left out) or throws every problem. */
function validate<T extends z.ZodTypeAny>(
  rules: T,
  source: Record<string, string | undefined>,
): z.infer<T> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = rules.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const key = String(issue.path[0]) as keyof typeof HINTS;
      return `${key}: ${issue.message}${HINTS[key] ? ` (${HINTS[key]})` : ""}`;
    }),
  );
}

/** SITE_URL without trailing slashes, or http://localhost:$PORT. */
function siteUrlOf(env: { SITE_URL?: string; PORT: number }): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** The mail server of SMTP_URL (From: MAIL_FROM), else of GOTRUE_SMTP_*, else none. */
function smtpOf(
  env: z.infer<typeof schema>,
  source: Record<string, string | undefined>,
  problems: string[],
): SmtpConfig | undefined {
  if (env.SMTP_URL) {
    if (!env.MAIL_FROM) problems.push(`MAIL_FROM: required with SMTP_URL (${HINTS.MAIL_FROM})`);
    const url = new URL(env.SMTP_URL);
    const secure = url.protocol === "smtps:";
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      user: url.username ? decodeURIComponent(url.username) : undefined,
      pass: url.password ? decodeURIComponent(url.password) : undefined,
      adminEmail: env.MAIL_FROM ?? "",
      senderName: env.AGENCY_NAME,
    };
  }
  try {
    const shared = loadSmtpConfig(source);
    return shared && { ...shared, adminEmail: env.MAIL_FROM ?? shared.adminEmail };
  } catch (error) {
    problems.push((error as Error).message);
    return undefined;
  }
}

/**
 * INBOUND_MAIL_ADDRESS as its two parts; with no mail server the outbox is the way replies come in
 * (its Reply form), to `reply@<the site's host>`.
 */
function inboundOf(
  address: string | undefined,
  smtp: SmtpConfig | undefined,
  siteUrl: string,
): InboundAddress | undefined {
  if (address) {
    const at = address.lastIndexOf("@");
    return {
      local: address.slice(0, at).toLowerCase(),
      domain: address.slice(at + 1).toLowerCase(),
    };
  }
  return smtp ? undefined : { local: "reply", domain: new URL(siteUrl).hostname };
}

/** S3_BUCKET with its keys (a custom endpoint is path-style unless told otherwise), or none. */
function s3Of(env: z.infer<typeof schema>, problems: string[]): S3Config | undefined {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secret } = env;
  if (!bucket) {
    if (env.S3_ENDPOINT || accessKeyId || secret) {
      problems.push(`S3_BUCKET: required with the other S3_* settings (${HINTS.S3_BUCKET})`);
    }
    return undefined;
  }
  if (!accessKeyId || !secret) {
    problems.push(
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required with S3_BUCKET (${HINTS.S3_BUCKET})`,
    );
    return undefined;
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId,
    secretAccessKey: secret,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    presignedDownloadSeconds: env.S3_PRESIGNED_DOWNLOAD_SECONDS,
  };
}

/** The S3_* part of an environment alone (for the command that moves files into the bucket). */
export function readS3Config(source: Record<string, string | undefined>): S3Config | undefined {
  const s3Rules = schema.pick({
    S3_BUCKET: true,
    S3_ENDPOINT: true,
    S3_REGION: true,
    S3_ACCESS_KEY_ID: true,
    S3_SECRET_ACCESS_KEY: true,
    S3_FORCE_PATH_STYLE: true,
    S3_PRESIGNED_DOWNLOAD_SECONDS: true,
  });
  const problems: string[] = [];
  const s3 = s3Of(validate(s3Rules, source) as z.infer<typeof schema>, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return s3;
}

/** Parses an environment; throws ConfigError listing every problem and what to set. */
export function parseEnv(
  source: Record<string, string | undefined>,
  warn: (message: string) => void = () => {},
): Env {
  const env = validate(schema, source);
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === "production";
  const siteUrl = siteUrlOf(env);
  if (env.BENCH_SESSION_USER && !isLoopbackUrl(siteUrl)) {
    problems.push(`BENCH_SESSION_USER: skips the session check (${HINTS.BENCH_SESSION_USER})`);
  }
  if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
    problems.push(
      `SUPABASE_ANON_KEY: required when SUPABASE_URL is set (${HINTS.SUPABASE_ANON_KEY})`,
    );
  }
  if (env.SUPABASE_URL && !env.SUPABASE_SERVICE_ROLE_KEY) {
    warn("SUPABASE_SERVICE_ROLE_KEY is not set: the staff console cannot list or invite clients");
  }
  if (!env.BOOKING_URL) {
    warn("BOOKING_URL is not set: 'Schedule Meeting' opens the client's messages to the agency");
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push(
      "HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
    );
  }
  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    if (isProduction)
      problems.push(`SESSION_SECRET: required in production (${HINTS.SESSION_SECRET})`);
    else {
      sessionSecret = randomBytes(32).toString("hex");
      warn("SESSION_SECRET is not set: using a random one; toasts will not survive a restart");
    }
  }
  const smtp = smtpOf(env, source, problems);
  const s3 = s3Of(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...env,
    smtp,
    s3,
    inbound: inboundOf(env.INBOUND_MAIL_ADDRESS, smtp, siteUrl),
    SITE_URL: siteUrl,
    SESSION_SECRET: sessionSecret as string,
    COOKIE_SECURE: env.COOKIE_SECURE ?? isProduction,
    isProduction,
  };
}

/** What reaching the auth service's admin API takes: the staff command's part of the configuration. */
const authAdminSchema = schema.pick({
  PORT: true,
  SITE_URL: true,
  SUPABASE_URL: true,
  SUPABASE_SERVICE_ROLE_KEY: true,
  EMBEDDED_AUTH_PORT: true,
  EMBEDDED_AUTH_HOST: true,
  AUTH_DATA_DIR: true,
});

export type AuthAdminEnv = z.infer<typeof authAdminSchema> & { SITE_URL: string };

/**
 * Parses the variables that say where the auth service is and how to reach its admin API, by the
 * same rules as parseEnv but needing nothing else; with SUPABASE_URL set, the service_role key is
 * required. Throws ConfigError.
 */
export function parseAuthAdminEnv(source: Record<string, string | undefined>): AuthAdminEnv {
  const env = validate(authAdminSchema, source);
  if (env.SUPABASE_URL && !env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new ConfigError([
      `SUPABASE_SERVICE_ROLE_KEY: required when SUPABASE_URL is set (${HINTS.SUPABASE_SERVICE_ROLE_KEY})`,
    ]);
  }
  return { ...env, SITE_URL: siteUrlOf(env) };
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

let configured: Env | undefined;

/**
 * Hands the validated configuration to this copy of the module. The production entry
 * (server/main.ts) calls it through the server build's `configure` export, with the embedded auth
 * server's URL and key filled in, before the first request.
 */
export function configure(env: Env) {
  configured = env;
}

/**
 * The configuration handed over by configure(). Where nothing configures the bundle (Vite's dev
 * server, tests that import modules directly) it is parsed from the environment on first use.
 */
export function getEnv(): Env {
  configured ??= parseEnv(process.env, (message) => console.warn(message));
  return configured;
}
