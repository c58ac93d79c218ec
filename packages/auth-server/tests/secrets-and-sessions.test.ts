// No well-known secret off a developer's machine, and no session without a signing key and a live
// session: the forged demo-secret cookie of the security review, and its service_role twin.
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_SERVICE_ROLE_KEY,
  loadAuthConfig,
  mintApiKey,
  serviceRoleKeyFor,
  startAuthServer,
  type LogRecord,
} from "..";
import {
  createConfirmedUser,
  decodePayload,
  signIn,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

const PUBLIC_SITE = "https://portal.example.com";
const HUNDRED_YEARS = 100 * 365 * 24 * 3600;

describe("API secrets", () => {
  it("off loopback: a per-install secret and keys in the data folder (0600), kept across restarts; the demo keys are refused", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "auth-secrets-"));
    const logs: LogRecord[] = [];
    const env = { GOTRUE_SITE_URL: PUBLIC_SITE, AUTH_DATA_DIR: dataDir };
    const config = loadAuthConfig(env, { bcryptCost: 4, log: (record) => logs.push(record) });
    expect(config.jwtSecret).not.toBe(DEMO_JWT_SECRET);
    expect(config.anonKey).not.toBe(DEMO_ANON_KEY);
    expect(config.serviceRoleKey).not.toBe(DEMO_SERVICE_ROLE_KEY);
    const file = join(dataDir, "api-keys.json");
    expect(config.apiKeysFile).toBe(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      jwt_secret: config.jwtSecret,
      anon_key: config.anonKey,
      service_role_key: config.serviceRoleKey,
    });
    expect(loadAuthConfig(env).serviceRoleKey).toBe(config.serviceRoleKey);

    const server = await startAuthServer(config, { port: 0, host: "127.0.0.1" });
    try {
      const admin = (key: string) =>
        fetch(`${server.url}/auth/v1/admin/users`, {
          headers: { apikey: key, Authorization: `Bearer ${key}` },
        });
      expect((await admin(DEMO_SERVICE_ROLE_KEY)).status).toBe(401);
      expect((await admin(server.serviceRoleKey)).status).toBe(200);
      expect(server.anonKey).toBe(config.anonKey);
    } finally {
      await server.close();
    }
    const listening = logs.find((record) => record.event === "auth_server_listening");
    expect(listening?.api_keys_file).toBe(file);
    expect(JSON.stringify(logs)).not.toContain(config.serviceRoleKey);
    expect(JSON.stringify(logs)).not.toContain(config.jwtSecret);
  });

  it("serviceRoleKeyFor finds the key a server with the same variables accepts, writing nothing", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "auth-secrets-"));
    const env = { GOTRUE_SITE_URL: PUBLIC_SITE, AUTH_DATA_DIR: dataDir };
    expect(serviceRoleKeyFor(env)).toBeUndefined();
    expect(existsSync(join(dataDir, "api-keys.json"))).toBe(false);
    const config = loadAuthConfig(env);
    expect(serviceRoleKeyFor(env)).toBe(config.serviceRoleKey);

    expect(serviceRoleKeyFor({})).toBe(DEMO_SERVICE_ROLE_KEY);
    const secret = "a-completely-different-secret-of-40-chars!";
    expect(serviceRoleKeyFor({ ...env, GOTRUE_JWT_SECRET: secret })).toBe(
      mintApiKey("service_role", secret),
    );
    expect(serviceRoleKeyFor({ ...env, AUTH_SERVICE_ROLE_KEY: "my-key" })).toBe("my-key");
  });

  it("on a loopback site: supabase start's demo keys, as before", () => {
    for (const site of ["http://localhost:3000", "http://127.0.0.1:5173", "http://[::1]:3000"]) {
      const config = loadAuthConfig({ GOTRUE_SITE_URL: site }, { dataDir: ":memory:" });
      expect(config.anonKey, site).toBe(DEMO_ANON_KEY);
      expect(config.apiKeysFile).toBeUndefined();
    }
  });

  it("refuses to start with the demo secret or keys configured for a public site", () => {
    for (const [name, value] of [
      ["GOTRUE_JWT_SECRET", DEMO_JWT_SECRET],
      ["AUTH_SERVICE_ROLE_KEY", DEMO_SERVICE_ROLE_KEY],
    ] as const) {
      expect(() =>
        loadAuthConfig({ GOTRUE_SITE_URL: PUBLIC_SITE, [name]: value }, { dataDir: ":memory:" }),
      ).toThrow(`${name}: is supabase start's public demo value`);
    }
  });
});

describe("sessions", () => {
  let ts: TestServer;
  let userId = "";
  const email = uniqueEmail("victim");
  beforeAll(async () => {
    ts = await startTestServer();
    userId = await createConfirmedUser(ts, email);
  });
  afterAll(() => ts.close());

  const hs256 = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(DEMO_JWT_SECRET));

  it("a kid-less HS256 token signed with the JWT secret is never a session (the forged cookie)", async () => {
    const now = Math.floor(ts.clock.now() / 1000);
    const forged = await hs256({
      sub: userId,
      email: "forged@evil.example",
      aud: "authenticated",
      role: "authenticated",
      iat: now,
      exp: now + HUNDRED_YEARS,
    });
    for (const [method, path] of [
      ["GET", "/user"],
      ["POST", "/logout"],
    ] as const) {
      const res = await ts.raw(path, { method, bearer: forged });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("bad_jwt");
    }
    // Even a real session's claims, re-signed with the secret, are refused.
    const session = await signIn(ts, email);
    const resigned = await hs256(decodePayload(session.access_token));
    expect((await ts.raw("/user", { bearer: resigned })).status).toBe(403);
    expect((await ts.raw("/user", { bearer: session.access_token })).status).toBe(200);
  });

  it("a token from a configured key needs a session_id whose session still exists", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: "k1", alg: "ES256", key_ops: ["sign"] };
    const keyed = await startTestServer({ GOTRUE_JWT_KEYS: JSON.stringify([jwk]) });
    try {
      const id = await createConfirmedUser(keyed, uniqueEmail());
      const now = Math.floor(keyed.clock.now() / 1000);
      const claims = { sub: id, aud: "authenticated", role: "authenticated", iat: now };
      const sign = (extra: Record<string, unknown>) =>
        new SignJWT({ ...claims, exp: now + 3600, ...extra })
          .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: "k1" })
          .sign(privateKey);
      const sessionNotFound = {
        code: "session_not_found",
        message: "Session from session_id claim in JWT does not exist",
      };
      for (const extra of [{}, { session_id: "00000000-0000-0000-0000-000000000000" }]) {
        const res = await keyed.raw("/user", { bearer: await sign(extra) });
        expect(res.status).toBe(403);
        expect(res.body).toEqual(sessionNotFound);
        expect(
          (await keyed.raw("/logout", { method: "POST", bearer: await sign(extra) })).status,
        ).toBe(403);
      }
    } finally {
      await keyed.close();
    }
  });
});
