// The JWT secret and the anon / service_role API keys minted with it: `supabase start`'s public demo
// values only while the site is a loopback URL; anywhere else a per-install secret in the data folder.
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from "./demo-keys.js";
import { isLoopbackUrl } from "./loopback";

export { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY };

/** File in the data folder holding a generated secret and the keys signed with it (mode 0600). */
export const API_KEYS_FILE_NAME = "api-keys.json";

/**
 * Signs an API key the way `supabase start` does: HS256 over {iss, role, exp}. With the demo
 * secret this reproduces the well-known demo keys byte for byte.
 */
export function mintApiKey(role: "anon" | "service_role", secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ iss: "supabase-demo", role, exp: 1983812996 })}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

export interface ApiSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Where the generated secret and keys are kept; undefined when configured, demo or in memory. */
  apiKeysFile: string | undefined;
}

/** What the environment (or overrides) set explicitly; empty strings mean "not set". */
export interface ConfiguredSecrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  dataDir: string;
  inMemory: boolean;
}

/**
 * The demo values on a loopback site, else the configured secret, else the per-install secret from
 * (or created in) the data folder. `problem` receives the reason a configuration must not start.
 */
export function resolveApiSecrets(
  configured: ConfiguredSecrets,
  problem: (name: string, message: string) => void,
): ApiSecrets {
  const local = isLoopbackUrl(configured.siteUrl);
  if (!local) {
    const demoValues: [string, boolean][] = [
      ["GOTRUE_JWT_SECRET", configured.jwtSecret === DEMO_JWT_SECRET],
      ["AUTH_ANON_KEY", configured.anonKey === DEMO_ANON_KEY],
      ["AUTH_SERVICE_ROLE_KEY", configured.serviceRoleKey === DEMO_SERVICE_ROLE_KEY],
    ];
    for (const [name] of demoValues.filter(([, isDemo]) => isDemo)) {
      problem(
        name,
        "is supabase start's public demo value, which anyone can use to forge keys; it is only " +
          "allowed while GOTRUE_SITE_URL is a loopback URL. Unset it to have a per-install secret " +
          "generated in AUTH_DATA_DIR, or set your own (e.g. `openssl rand -base64 48`)",
      );
    }
  }
  const resolved = secretsFrom(configured, () =>
    configured.inMemory
      ? withKeys(randomSecret(), undefined)
      : (storedSecrets(configured.dataDir) ?? newStoredSecrets(configured.dataDir)),
  );
  // secretsFrom only answers undefined when `stored` does, and it never does here.
  return resolved as ApiSecrets;
}

/**
 * The service_role key a server with this configuration accepts, worked out without writing
 * anything (for tools that call a running server's admin API): undefined on a public site whose
 * server has not yet created <dataDir>/api-keys.json.
 */
export function existingServiceRoleKey(
  configured: Omit<ConfiguredSecrets, "inMemory" | "anonKey">,
): string | undefined {
  if (configured.serviceRoleKey) return configured.serviceRoleKey;
  return secretsFrom({ ...configured, anonKey: "" }, () => storedSecrets(configured.dataDir))
    ?.serviceRoleKey;
}

/**
 * The secret and keys: configured values first, then the demo secret on a loopback site, then
 * `stored()` (the data folder's); undefined when there is no secret yet.
 */
function secretsFrom(
  configured: Omit<ConfiguredSecrets, "inMemory">,
  stored: () => ApiSecrets | undefined,
): ApiSecrets | undefined {
  let saved: ApiSecrets | undefined;
  let jwtSecret = configured.jwtSecret;
  if (!jwtSecret && isLoopbackUrl(configured.siteUrl)) jwtSecret = DEMO_JWT_SECRET;
  if (!jwtSecret) {
    saved = stored();
    if (!saved) return undefined;
    jwtSecret = saved.jwtSecret;
  }
  return {
    jwtSecret,
    anonKey: configured.anonKey || saved?.anonKey || mintApiKey("anon", jwtSecret),
    serviceRoleKey:
      configured.serviceRoleKey || saved?.serviceRoleKey || mintApiKey("service_role", jwtSecret),
    apiKeysFile: saved?.apiKeysFile,
  };
}

function randomSecret(): string {
  return randomBytes(48).toString("base64url");
}

function withKeys(jwtSecret: string, apiKeysFile: string | undefined): ApiSecrets {
  return {
    jwtSecret,
    anonKey: mintApiKey("anon", jwtSecret),
    serviceRoleKey: mintApiKey("service_role", jwtSecret),
    apiKeysFile,
  };
}

/** Reads <dataDir>/api-keys.json; undefined when there is none. */
function storedSecrets(dataDir: string): ApiSecrets | undefined {
  const file = join(dataDir, API_KEYS_FILE_NAME);
  if (!existsSync(file)) return undefined;
  const saved = JSON.parse(readFileSync(file, "utf8")) as { jwt_secret?: unknown };
  if (typeof saved.jwt_secret !== "string" || saved.jwt_secret.length < 32) {
    throw new Error(`${file}: jwt_secret is missing or shorter than 32 characters`);
  }
  return withKeys(saved.jwt_secret, file);
}

/** Writes a new secret and its keys to <dataDir>/api-keys.json (0600, atomically). */
function newStoredSecrets(dataDir: string): ApiSecrets {
  const file = join(dataDir, API_KEYS_FILE_NAME);
  const secrets = withKeys(randomSecret(), file);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const body = {
    jwt_secret: secrets.jwtSecret,
    anon_key: secrets.anonKey,
    service_role_key: secrets.serviceRoleKey,
  };
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return secrets;
}
