// Starts the embedded Supabase-compatible auth server for a run with no SUPABASE_URL, with the
// app's site URL and data folder and no code in its mails (no page takes one); GOTRUE_* apply too.
// The app names each visitor's IP in X-Client-IP, so the server's per-client limits stay per visitor.
import { loadAuthConfig, startAuthServer, type AuthServer } from "@portal/auth-server";
import type { Env } from "../app/lib/env.server";

/** The header the app puts the visitor's IP in on every call to the auth service. */
export const CLIENT_IP_HEADER = "X-Client-IP";

/**
 * The environment the embedded auth server is configured from: the process's, with the app's site
 * URL and data folder (also how the staff command finds the service_role key it accepts), and no
 * 6-digit code in its mails, since the app's pages take the mailed links only.
 */
export function embeddedAuthEnv(
  env: Pick<Env, "SITE_URL" | "EMBEDDED_AUTH_PORT" | "AUTH_DATA_DIR">,
  processEnv: Record<string, string | undefined> = process.env,
): Record<string, string | undefined> {
  return {
    ...processEnv,
    GOTRUE_SITE_URL: processEnv.GOTRUE_SITE_URL ?? env.SITE_URL,
    API_EXTERNAL_URL:
      processEnv.API_EXTERNAL_URL ?? `http://127.0.0.1:${env.EMBEDDED_AUTH_PORT}/auth/v1`,
    GOTRUE_RATE_LIMIT_HEADER: processEnv.GOTRUE_RATE_LIMIT_HEADER ?? CLIENT_IP_HEADER,
    AUTH_MAIL_CODES: processEnv.AUTH_MAIL_CODES ?? "false",
    AUTH_DATA_DIR: env.AUTH_DATA_DIR,
  };
}

export function startEmbeddedAuth(
  env: Env,
  processEnv: Record<string, string | undefined> = process.env,
): Promise<AuthServer> {
  const config = loadAuthConfig(embeddedAuthEnv(env, processEnv));
  return startAuthServer(config, { port: env.EMBEDDED_AUTH_PORT, host: env.EMBEDDED_AUTH_HOST });
}
