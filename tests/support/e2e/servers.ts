// The production-build servers the end-to-end tests run against, each with its embedded auth
// server: `main` (e-mail confirmation on), `autoconfirm` (confirmation off, short-lived tokens to
// exercise refresh) and `authDown` (pointing at an address where no auth service answers).
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";

export { DEMO_SERVICE_ROLE_KEY };

/** Access tokens on `autoconfirm` live this long; auth-js refreshes within 90 s of expiry. */
export const SHORT_TOKEN_SECONDS = 95;
export const SERVICE_MIN_PASSWORD_LENGTH = 12;

export interface TestServer {
  name: string;
  /** How the server is started: the build itself, or with a PostgreSQL of its own first. */
  launcher: string;
  appUrl: string;
  authUrl: string;
  env: Record<string, string>;
}

function server(
  name: string,
  appPort: number,
  authPort: number,
  extra: Record<string, string>,
): TestServer {
  const appUrl = `http://127.0.0.1:${appPort}`;
  return {
    name,
    launcher: `${process.env.E2E_BUILD_DIR ?? "build"}/main.js`,
    appUrl,
    authUrl: `http://127.0.0.1:${authPort}`,
    env: {
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      SITE_URL: appUrl,
      SESSION_SECRET: `e2e-session-secret-${name}-0123456789abcdef`,
      BOOKING_URL: "https://booking.agency.example/strategy-call",
      EMBEDDED_AUTH_PORT: String(authPort),
      AUTH_DATA_DIR: `.data/e2e/${name}`,
      DATA_DIR: `.data/e2e/${name}`,
      RATE_LIMIT_SIGN_IN_PER_IP: "100000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "100000",
      RATE_LIMIT_SIGN_UP_PER_IP: "100000",
      RATE_LIMIT_CONFIRM_PER_IP: "100000",
      RATE_LIMIT_REFRESH_PER_IP: "100000",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
      // Every browser in the suite signs up from 127.0.0.1: per-client mail budgets off.
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "0",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "0",
      // Small enough for a test to choose a file over it.
      UPLOAD_MAX_FILE_BYTES: String(2 * 1024 * 1024),
      // Each password hashed at cost 10 took a core for 67 ms, hundreds of times a run; the cost
      // changes the hash's work, not its path (the integration and ops servers use 4 too).
      AUTH_BCRYPT_COST: "4",
      ...extra,
    },
  };
}

/**
 * Ports (E2E_PORT_BASE): apps at BASE to BASE+3, their auth servers at BASE+100 to BASE+103, the
 * PostgreSQL server's database at BASE+150.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3200);

export const servers = {
  main: server("main", BASE, BASE + 100, {}),
  autoconfirm: server("autoconfirm", BASE + 1, BASE + 101, {
    GOTRUE_MAILER_AUTOCONFIRM: "true",
    GOTRUE_JWT_EXP: String(SHORT_TOKEN_SECONDS),
    // Stricter than the form's rules, so the service itself can refuse a password the form allows.
    GOTRUE_PASSWORD_MIN_LENGTH: String(SERVICE_MIN_PASSWORD_LENGTH),
    // An agency's own programme (two sprints, real tool links) instead of the default one.
    PROGRAMME_FILE: "tests/fixtures/agency-programme.yaml",
  }),
  authDown: server("auth-down", BASE + 2, BASE + 99, {
    SUPABASE_URL: `http://127.0.0.1:${BASE + 99}`,
    SUPABASE_ANON_KEY: DEMO_ANON_KEY,
  }),
  /** Like `main`, with the product data in PostgreSQL (DATABASE_URL) instead of SQLite. */
  postgres: {
    ...server("postgres", BASE + 3, BASE + 103, { E2E_POSTGRES_PORT: String(BASE + 150) }),
    launcher: "tests/support/e2e/start-with-postgres.mjs",
  },
};
