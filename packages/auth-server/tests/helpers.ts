// Shared contract-test harness: an in-process auth server on port 0, fake clock, clients and raw fetch.
import { request as httpRequest } from "node:http";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import ws from "ws";
import {
  loadAuthConfig,
  startAuthServer,
  type AuthConfig,
  type AuthServer,
  type LogRecord,
} from "..";

/** A clock that starts at real time and only moves when told to. */
export class FakeClock {
  ms = Date.now();
  now = () => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface RawResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RawInit {
  method?: string;
  body?: unknown;
  /** API key header; `null` sends none. Defaults to the anon key. */
  apikey?: string | null;
  bearer?: string;
  /** Sends X-Supabase-Api-Version: 2024-01-01 unless false. */
  version?: boolean;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export interface TestServer {
  server: AuthServer;
  config: AuthConfig;
  url: string;
  clock: FakeClock;
  logs: LogRecord[];
  /** Every request the server saw (method + path), via the onRequest hook. */
  seen: { method: string; path: string }[];
  client(options?: { flowType?: "implicit" | "pkce"; fetch?: typeof fetch }): SupabaseClient;
  admin(): SupabaseClient;
  /** Raw call to `${url}/auth/v1${path}` (or `${url}${path}` when path starts with "//"). */
  raw<T = Record<string, unknown>>(path: string, init?: RawInit): Promise<RawResponse<T>>;
  close(): Promise<void>;
}

const WS = { transport: ws as unknown as typeof WebSocket };

/**
 * Starts a server with :memory: storage, a fake clock, fast password hashing (bcrypt cost 4), collected
 * logs and the per-client rate limits off (rate-limit.test.ts switches them on).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<AuthConfig> = {},
): Promise<TestServer> {
  const clock = new FakeClock();
  const logs: LogRecord[] = [];
  const seen: TestServer["seen"] = [];
  // The fake clock is frozen, so per-client buckets would never refill: off unless a test sets them.
  const limitsOff = {
    GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0",
    GOTRUE_RATE_LIMIT_OTP: "0",
    GOTRUE_RATE_LIMIT_VERIFY: "0",
  };
  const config = loadAuthConfig(
    { ...limitsOff, ...env },
    {
      dataDir: ":memory:",
      bcryptCost: 4,
      now: clock.now,
      log: (record) => logs.push(record),
      onRequest: (request) => seen.push(request),
      ...overrides,
    },
  );
  const server = await startAuthServer(config, { port: 0, host: "127.0.0.1" });
  const makeClient = (
    key: string,
    options: { flowType?: "implicit" | "pkce"; fetch?: typeof fetch } = {},
  ) =>
    createClient(server.url, key, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        flowType: options.flowType ?? "implicit",
      },
      realtime: WS,
      ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
    });

  return {
    server,
    config,
    url: server.url,
    clock,
    logs,
    seen,
    client: (options) => makeClient(server.anonKey, options),
    admin: () => makeClient(server.serviceRoleKey),
    async raw<T>(path: string, init: RawInit = {}): Promise<RawResponse<T>> {
      const headers: Record<string, string> = { ...init.headers };
      const apikey = init.apikey === undefined ? server.anonKey : init.apikey;
      if (apikey !== null) headers.apikey = apikey;
      if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
      if (init.version !== false) headers["X-Supabase-Api-Version"] = "2024-01-01";
      let body: string | undefined;
      if (init.body !== undefined) {
        headers["Content-Type"] = "application/json";
        body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      }
      const target = path.startsWith("//")
        ? `${server.url}${path.slice(1)}`
        : `${server.url}/auth/v1${path}`;
      const response = await fetch(target, {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        body,
        redirect: init.redirect ?? "manual",
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON (HTML page, empty 204...)
      }
      return { status: response.status, headers: response.headers, body: parsed as T };
    },
    close: () => server.close(),
  };
}

let counter = 0;
/** A unique address per call (tests share nothing, but this keeps failures readable). */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const PASSWORD = "correct-horse-42";

/** Creates a confirmed user through the admin API and returns its id. */
export async function createConfirmedUser(
  ts: TestServer,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const { data, error } = await ts
    .admin()
    .auth.admin.createUser({ email, password, email_confirm: true, ...extra });
  if (error || !data.user) throw error ?? new Error("createUser returned no user");
  return data.user.id;
}

/** Signs in with raw fetch and returns the token response. */
export async function signIn(ts: TestServer, email: string, password = PASSWORD) {
  const res = await ts.raw<{
    access_token: string;
    refresh_token: string;
    expires_in: number;
    expires_at: number;
    user: Record<string, unknown>;
  }>("/token?grant_type=password", { body: { email, password } });
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  confirmation_url: string;
  verify_url: string;
  created_at: string;
}

/** The outbox messages for an address, newest first. */
export async function mailsTo(ts: TestServer, email: string): Promise<OutboxMail[]> {
  const res = await ts.raw<OutboxMail[]>(`//outbox/messages?to=${encodeURIComponent(email)}`, {
    apikey: null,
  });
  return res.body;
}

/** The newest outbox message for an address. */
export async function latestMail(ts: TestServer, email: string): Promise<OutboxMail> {
  const message = (await mailsTo(ts, email))[0];
  if (!message) throw new Error(`no mail for ${email}`);
  return message;
}

/** Decodes a JWT's payload without verifying it. */
export function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

export function decodeHeader(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[0] ?? "", "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
}

export interface NodeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Source address of the connection, e.g. "127.0.0.2" to act as another client on loopback. */
  localAddress?: string;
}

/**
 * A request through node:http, which (unlike fetch) can send any Host header and pick the source
 * address; the body is sent as JSON and the answer parsed as JSON when it is.
 */
export function requestFrom<T = Record<string, unknown>>(
  url: string,
  init: NodeRequest = {},
): Promise<RawResponse<T>> {
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: init.method ?? (payload === undefined ? "GET" : "POST"),
        localAddress: init.localAddress,
        headers: {
          ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
          ...init.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined)
              headers.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers, body: body as T });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
