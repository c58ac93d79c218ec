// The app's configuration: one schema for every environment variable, validated once at start-up.
import { randomBytes } from "node:crypto";
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const positiveInt = z.coerce.number().int().positive();

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SITE_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SUPABASE_URL: z.string().url().optional(),
  SUPABASE_ANON_KEY: z.string().min(1).optional(),
  BOOKING_URL: z.string().url().default("https://calendly.com/"),
  COOKIE_SECURE: booleanString.optional(),
  TRUST_PROXY: booleanString.default("false"),
  AUTH_DATA_DIR: z.string().min(1).default(".data/auth"),
  EMBEDDED_AUTH_PORT: z.coerce.number().int().min(1).max(65535).default(54321),
  EMBEDDED_AUTH_HOST: z.string().min(1).default("127.0.0.1"),
  RATE_LIMIT_SIGN_IN_PER_IP: positiveInt.default(20),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: positiveInt.default(10),
  RATE_LIMIT_SIGN_UP_PER_IP: positiveInt.default(10),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(600),
  REDIS_URL: z.string().url().optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
});

export type Env = z.infer<typeof schema> & {
  SITE_URL: string;
  SESSION_SECRET: string;
  COOKIE_SECURE: boolean;
  isProduction: boolean;
};

const HINTS: Partial<Record<keyof z.infer<typeof schema>, string>> = {
  SESSION_SECRET: "set SESSION_SECRET to a random string of 32+ characters (openssl rand -hex 32)",
  SUPABASE_ANON_KEY: "set SUPABASE_ANON_KEY to the project's anon (publishable) key",
  SITE_URL: "set SITE_URL to the public origin, e.g. https://portal.example.com",
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses an environment; throws ConfigError listing every problem and what to set. */
export function parseEnv(
  source: Record<string, string | undefined>,
  warn: (message: string) => void = () => {},
): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = schema.safeParse(cleaned);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0]) as keyof typeof HINTS;
      problems.push(`${key}: ${issue.message}${HINTS[key] ? ` (${HINTS[key]})` : ""}`);
    }
    throw new ConfigError(problems);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (env.SUPABASE_URL && !env.SUPABASE_ANON_KEY) {
    problems.push(
      `SUPABASE_ANON_KEY: required when SUPABASE_URL is set (${HINTS.SUPABASE_ANON_KEY})`,
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
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    SESSION_SECRET: sessionSecret as string,
    COOKIE_SECURE: env.COOKIE_SECURE ?? isProduction,
    isProduction,
  };
}

let cached: Env | undefined;

/** The process's validated configuration (parsed on first use; main.ts parses it at start-up). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env, (message) => console.warn(message));
  return cached;
}
