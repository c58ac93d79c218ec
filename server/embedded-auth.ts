// Starts the embedded Supabase-compatible auth server for a run with no SUPABASE_URL: the app's
// site URL and data folder are passed on; every GOTRUE_* variable in the environment still applies.
import { loadAuthConfig, startAuthServer, type AuthServer } from "../auth-server/index";
import type { Env } from "../app/lib/env.server";

export function startEmbeddedAuth(env: Env): Promise<AuthServer> {
  const port = env.EMBEDDED_AUTH_PORT;
  const config = loadAuthConfig({
    ...process.env,
    GOTRUE_SITE_URL: process.env.GOTRUE_SITE_URL ?? env.SITE_URL,
    API_EXTERNAL_URL: process.env.API_EXTERNAL_URL ?? `http://127.0.0.1:${port}/auth/v1`,
    AUTH_DATA_DIR: env.AUTH_DATA_DIR,
  });
  return startAuthServer(config, { port, host: env.EMBEDDED_AUTH_HOST });
}
