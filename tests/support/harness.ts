// Test harness for calling the app's loaders and actions directly: an in-memory embedded auth
// server, the app configured (as server/main.ts does) to use it and a product database of its own,
// request builders and response readers.
import { loadAuthConfig, startAuthServer, type AuthServer } from "@portal/auth-server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeProductDatabase } from "../../app/data/connection.server";
import { configure, getEnv, parseEnv } from "../../app/lib/env.server";

export const SITE_URL = "http://portal.test";
export const PASSWORD = "Portal-Test-2026!";

/**
 * Starts the auth server (GOTRUE_* settings in `env`) and configures the app for it, with
 * `appSettings` on top of the environment appEnv() set; without a DATA_DIR there, a fresh folder
 * (test files run side by side must not share a database).
 */
export async function startTestAuthServer(
  env: Record<string, string> = {},
  appSettings: Record<string, string> = {},
): Promise<AuthServer> {
  const config = loadAuthConfig({
    GOTRUE_SITE_URL: SITE_URL,
    AUTH_DATA_DIR: ":memory:",
    GOTRUE_SMTP_MAX_FREQUENCY: "0s",
    // The site is not loopback, so the outbox the tests read mail from must be switched on.
    GOTRUE_OUTBOX_ENABLED: "true",
    ...env,
  });
  const server = await startAuthServer({ ...config, log: false } as typeof config, {
    port: 0,
    host: "127.0.0.1",
  });
  await closeProductDatabase();
  configure(
    parseEnv({
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-data-")),
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.anonKey,
      ...appSettings,
    }),
  );
  return server;
}

/** startTestAuthServer, the app also holding its service role key (for the console's admin calls). */
export async function startAdminAuthServer(
  env: Record<string, string> = {},
  appSettings: Record<string, string> = {},
): Promise<AuthServer> {
  const server = await startTestAuthServer(env, appSettings);
  configure({ ...getEnv(), SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey });
  return server;
}

export function appEnv() {
  process.env.NODE_ENV = "test";
  process.env.SITE_URL = SITE_URL;
  process.env.SESSION_SECRET = "integration-test-secret-0123456789abcdef";
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A confirmed user made through the admin API (staff with `app_metadata`); their id. */
export async function adminCreateUser(
  server: AuthServer,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${server.url}/auth/v1/admin/users`, {
    method: "POST",
    headers: {
      apikey: server.serviceRoleKey,
      Authorization: `Bearer ${server.serviceRoleKey}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, ...extra }),
  });
  if (!response.ok)
    throw new Error(`admin create failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export function formPost(path: string, fields: Record<string, string>, cookie = ""): Request {
  return new Request(`${SITE_URL}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

export function get(path: string, cookie = ""): Request {
  return new Request(`${SITE_URL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/**
 * `name=value` pairs of the Set-Cookie lines that set (not clear) a cookie, as a Cookie header; a
 * later line for the same name wins, as in a browser.
 */
export function cookieHeaderFrom(headers: Headers): string {
  const cookies = new Map<string, string>();
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0/i.test(line)) cookies.delete(name);
    else cookies.set(name, pair);
  }
  return [...cookies.values()].join("; ");
}

/** The flash toast a redirect carries, as the next page would read it. */
export async function toastOf(response: Response) {
  const { readPageToast } = await import("~/forms/toast.server");
  const { toast } = await readPageToast(get("/", cookieHeaderFrom(response.headers)), {});
  return toast;
}

/** A thrown or returned Response, or the `data()` result of a single-fetch route. */
export async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

export interface DataResult<T> {
  data: T;
  init: { status?: number; headers?: HeadersInit } | null;
}

export function asData<T>(value: unknown): DataResult<T> {
  if (!value || typeof value !== "object" || !("data" in value)) {
    throw new Error(`expected a data() result, got ${String(value)}`);
  }
  return value as DataResult<T>;
}

export function asResponse(value: unknown): Response {
  if (!(value instanceof Response))
    throw new Error(`expected a Response, got ${JSON.stringify(value)}`);
  return value;
}

export async function latestMail(server: AuthServer, email: string) {
  const response = await fetch(`${server.url}/outbox/messages?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as Array<{
    subject: string;
    confirmation_url: string;
    text: string;
  }>;
  if (!messages[0]) throw new Error(`no mail for ${email}`);
  return messages[0];
}

/**
 * A confirmed user made through the admin API as `email` (staff with `app_metadata`), signed in
 * through the sign-in form from `clientIp`: their id, their account's, their Cookie header and where
 * sign-in sent them.
 */
export async function signedInUser(
  server: AuthServer,
  email: string,
  {
    extra = {},
    clientIp = "203.0.113.1",
  }: { extra?: Record<string, unknown>; clientIp?: string } = {},
) {
  const id = await adminCreateUser(server, email, extra);
  const { action } = await import("../../app/routes/_landing._auth.sign-in");
  const answer = asResponse(
    await action({
      request: formPost("/sign-in", { email, password: PASSWORD }),
      context: { clientIp },
      params: {},
    }),
  );
  const { accountOf } = await import("~/data/client-accounts.server");
  const { database } = await import("~/data/connection.server");
  // A client's sign-in gives them an account of their own (staff: none, their own id stands).
  const accountId = (await accountOf(await database(), id)) ?? id;
  return {
    email,
    id,
    accountId,
    cookie: cookieHeaderFrom(answer.headers),
    home: answer.headers.get("Location"),
  };
}
