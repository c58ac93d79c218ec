// Transport rules: API keys, both error formats, CORS, body limits, 500 handling, logs, meta endpoints.
import { AuthApiError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mintApiKey } from "..";
import {
  createConfirmedUser,
  PASSWORD,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

describe("API key (the gateway's check)", () => {
  it("answers a missing key with Kong's 401 body", async () => {
    const res = await ts.raw("/settings", { apikey: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: "No API key found in request",
      hint: "No `apikey` request header or url param was found.",
    });
  });

  it("answers a wrong key with Kong's 401 body, and supabase-js sees an AuthApiError without code", async () => {
    const res = await ts.raw("/settings", { apikey: mintApiKey("anon", "x".repeat(40)) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: "Invalid API key",
      hint: "Double check your Supabase `anon` or `service_role` API key.",
    });
    const notJwt = await ts.raw("/settings", { apikey: "sb_publishable_abc" });
    expect(notJwt.body.message).toBe("Invalid API key");
    const { createClient } = await import("@supabase/supabase-js");
    const ws = (await import("ws")).default;
    const bad = createClient(ts.url, "sb_publishable_abc", {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const { error } = await bad.auth.signInWithPassword({
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(401);
    expect(error?.message).toBe("Invalid API key");
    expect(error?.code).toBeUndefined();
  });

  it("accepts the key as ?apikey= and ignores a non-JWT Authorization on public endpoints", async () => {
    const res = await ts.raw(`/settings?apikey=${ts.server.anonKey}`, {
      apikey: null,
      headers: { Authorization: "Bearer sb_publishable_not_a_jwt" },
    });
    expect(res.status).toBe(200);
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const signInRes = await ts.raw("/token?grant_type=password", {
      body: { email, password: PASSWORD },
      headers: { Authorization: "Bearer sb_publishable_not_a_jwt" },
    });
    expect(signInRes.status).toBe(200);
  });

  it("lets health, JWKS, verify and the outbox through without a key", async () => {
    for (const path of ["/health", "/.well-known/jwks.json"]) {
      expect((await ts.raw(path, { apikey: null })).status, path).toBe(200);
    }
    expect((await ts.raw("//outbox/messages", { apikey: null })).status).toBe(200);
    expect((await ts.raw("/verify?type=signup&token=nope", { apikey: null })).status).toBe(303);
  });
});

describe("error formats", () => {
  it("with X-Supabase-Api-Version: {code, message} and the header echoed", async () => {
    const res = await ts.raw("/token?grant_type=password", {
      body: { email: uniqueEmail(), password: "x" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(res.body).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });

  it("a later date maps to 2024-01-01; an earlier or invalid one gives the legacy format", async () => {
    const later = await ts.raw("/user", {
      version: false,
      headers: { "X-Supabase-Api-Version": "2025-06-30" },
    });
    expect(later.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(later.body.code).toBe("no_authorization");
    const invalid = await ts.raw("/user", {
      version: false,
      headers: { "X-Supabase-Api-Version": "yesterday" },
    });
    expect(invalid.headers.get("x-supabase-api-version")).toBeNull();
    expect(invalid.body.error_code).toBe("no_authorization");
  });

  it("without the header: {code: status, error_code, msg} and x-sb-error-code", async () => {
    const res = await ts.raw("/token?grant_type=password", {
      body: { email: uniqueEmail(), password: "x" },
      version: false,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-supabase-api-version")).toBeNull();
    expect(res.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(res.body).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("exposes the version header through CORS and answers preflights", async () => {
    const origin = "http://localhost:3000";
    const res = await ts.raw("/user", { headers: { Origin: origin } });
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Supabase-Api-Version");
    const preflight = await fetch(`${ts.url}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers":
          "apikey, authorization, content-type, x-client-info, x-supabase-api-version",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain(
      "x-supabase-api-version",
    );
  });
});

describe("request bodies and failures", () => {
  it("413 request_entity_too_large over 1 MiB, and the server keeps serving", async () => {
    const big = JSON.stringify({
      email: uniqueEmail(),
      password: PASSWORD,
      data: { blob: "x".repeat(1024 * 1024) },
    });
    const res = await ts.raw("/signup", { body: big });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("request_entity_too_large");
    expect((await ts.raw("/health")).status).toBe(200);
  });

  it("turns an unexpected exception into a logged 500 unexpected_failure and stays up", async () => {
    const broken = await startTestServer(
      {},
      {
        onRequest: ({ path }) => {
          if (path.endsWith("/settings")) throw new Error("boom");
        },
      },
    );
    try {
      const modern = await broken.raw("/settings");
      expect(modern.status).toBe(500);
      expect(modern.body).toEqual({
        code: "unexpected_failure",
        message: "Unexpected failure, please check server logs for more information",
      });
      const legacy = await broken.raw("/settings", { version: false });
      expect(legacy.body).toMatchObject({
        code: 500,
        error_code: "unexpected_failure",
        error_id: expect.any(String),
      });
      const logged = broken.logs.find((l) => l.event === "unexpected_failure");
      expect(logged).toMatchObject({ level: "error", error: "boom", path: "/auth/v1/settings" });
      expect((await broken.raw("/health")).status).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it("unknown paths are 404 and wrong methods 405, as JSON", async () => {
    const missing = await ts.raw("/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
    const method = await ts.raw("/settings", { method: "DELETE" });
    expect(method.status).toBe(405);
  });
});

describe("request log", () => {
  it("writes one JSON line per request without query strings, tokens or passwords", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const session = await signIn(ts, email);
    await ts.raw("/user", { bearer: session.access_token });
    await ts.raw(`/verify?type=signup&token=secret-token-hash`, { apikey: null });
    // The line is written when the response closes, which can trail the client's read slightly.
    const last = await vi.waitFor(() => {
      const lines = ts.logs.filter((l) => l.event === "request").slice(-3);
      expect(lines.at(-1)?.path).toBe("/auth/v1/verify");
      return lines;
    });
    expect(last.map((l) => [l.method, l.path, l.status])).toEqual([
      ["POST", "/auth/v1/token", 200],
      ["GET", "/auth/v1/user", 200],
      ["GET", "/auth/v1/verify", 303],
    ]);
    for (const line of last) {
      expect(Object.keys(line).sort()).toEqual([
        "event",
        "level",
        "method",
        "ms",
        "path",
        "status",
        "time",
      ]);
      expect(typeof line.ms).toBe("number");
    }
    const text = JSON.stringify(ts.logs);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(session.access_token);
    expect(text).not.toContain(session.refresh_token);
    expect(text).not.toContain("secret-token-hash");
  });
});

describe("meta endpoints", () => {
  it("health and settings", async () => {
    const health = await ts.raw("/health");
    expect(health.body).toMatchObject({ name: "GoTrue", version: expect.any(String) });
    const settings = await ts.raw("/settings");
    expect(settings.body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: "",
      saml_enabled: false,
    });
    expect((settings.body.external as Record<string, boolean>).email).toBe(true);
    expect((settings.body.external as Record<string, boolean>).github).toBe(false);
  });

  it("JWKS publishes only the public ES256 key with key_ops verify and a cache header", async () => {
    const res = await ts.raw<{ keys: Record<string, unknown>[] }>("/.well-known/jwks.json", {
      apikey: null,
    });
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    expect(res.body.keys).toHaveLength(1);
    const key = res.body.keys[0]!;
    expect(key).toEqual({
      kty: "EC",
      crv: "P-256",
      x: expect.any(String),
      y: expect.any(String),
      kid: expect.any(String),
      alg: "ES256",
      use: "sig",
      key_ops: ["verify"],
    });
  });
});
