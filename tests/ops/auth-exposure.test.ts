// The standalone auth server as a real process, attacked from several loopback client addresses:
// the mail budget per client, a public install's own keys (and a refused demo secret), and what a
// page on another origin or a rebound host name can read.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import { PASSWORD, requestFrom, uniqueEmail } from "@portal/auth-server/tests/helpers";
import {
  buildDir,
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

describe("a developer setup reached from several client addresses", () => {
  let auth: RunningProcess;
  beforeAll(async () => {
    auth = await startAuthProcess(freePort(), {
      env: {
        GOTRUE_SMTP_MAX_FREQUENCY: "0",
        GOTRUE_RATE_LIMIT_OTP: "100000",
        AUTH_RATE_LIMIT_EMAIL_PER_IP: "15/1h",
      },
    });
  });
  afterAll(() => auth.stop());

  /**
   * Signs a new address up from `localAddress`; whether its mail went out. A sign-up answers 200
   * either way (its answer never tells that a budget held the mail back), so the outbox says.
   */
  const mailedSignUpFrom = async (localAddress: string) => {
    const email = uniqueEmail();
    const res = await requestFrom(`${auth.url}/auth/v1/signup`, {
      localAddress,
      headers: { apikey: DEMO_ANON_KEY },
      body: { email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const outbox = await requestFrom<unknown[]>(
      `${auth.url}/outbox/messages?to=${encodeURIComponent(email)}`,
    );
    return outbox.body.length === 1;
  };

  it("a handful of clients cannot spend the whole server's mail budget", async () => {
    for (const attacker of ["127.0.0.2", "127.0.0.3", "127.0.0.4"]) {
      for (let i = 0; i < 15; i++) expect(await mailedSignUpFrom(attacker)).toBe(true);
      expect(await mailedSignUpFrom(attacker), attacker).toBe(false);
    }
    expect(await mailedSignUpFrom("127.0.0.5")).toBe(true);
  });

  it("a page on another origin reads neither the outbox nor the admin API, and a rebound host gets 421", async () => {
    const evil = { Origin: "http://evil.example" };
    const outbox = await requestFrom(`${auth.url}/outbox/messages`, {
      localAddress: "127.0.0.6",
      headers: evil,
    });
    expect(outbox.status).toBe(200);
    expect(outbox.headers.get("access-control-allow-origin")).toBeNull();
    const admin = await requestFrom(`${auth.url}/auth/v1/admin/users`, {
      localAddress: "127.0.0.6",
      headers: {
        ...evil,
        apikey: DEMO_SERVICE_ROLE_KEY,
        Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      },
    });
    expect(admin.headers.get("access-control-allow-origin")).toBeNull();
    const rebound = await requestFrom(`${auth.url}/outbox/messages`, {
      localAddress: "127.0.0.6",
      headers: { ...evil, Host: `rebind.evil.example:${new URL(auth.url).port}` },
    });
    expect(rebound.status).toBe(421);
  });
});

describe("behind the app, which names each visitor in X-Client-IP", () => {
  let auth: RunningProcess;
  beforeAll(async () => {
    auth = await startAuthProcess(freePort(), { env: { GOTRUE_RATE_LIMIT_HEADER: "X-Client-IP" } });
  });
  afterAll(() => auth.stop());

  const asApp = (path: string, visitor: string, body: unknown, key = DEMO_ANON_KEY) =>
    requestFrom(`${auth.url}/auth/v1${path}`, {
      localAddress: "127.0.0.1",
      body,
      headers: { apikey: key, Authorization: `Bearer ${key}`, "X-Client-IP": visitor },
    });

  it("one visitor draining /token and /verify locks out no one else", async () => {
    const victim = "198.51.100.1";
    const signedUp = uniqueEmail("victim");
    const confirmed = uniqueEmail("victim");
    expect((await asApp("/signup", victim, { email: signedUp, password: PASSWORD })).status).toBe(
      200,
    );
    const created = await asApp(
      "/admin/users",
      victim,
      { email: confirmed, password: PASSWORD, email_confirm: true },
      DEMO_SERVICE_ROLE_KEY,
    );
    expect(created.status).toBe(200);

    const floods = await Promise.all(
      Array.from({ length: 45 }, () =>
        asApp("/token?grant_type=refresh_token", "203.0.113.66", { refresh_token: "abcdefghijkl" }),
      ).concat(
        Array.from({ length: 40 }, () =>
          asApp("/verify", "203.0.113.66", { type: "email", token_hash: "0".repeat(32) }),
        ),
      ),
    );
    expect(floods.filter((res) => res.status === 429).length).toBeGreaterThan(0);

    const signIn = await asApp("/token?grant_type=password", victim, {
      email: confirmed,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const mails = await requestFrom<{ confirmation_url: string }[]>(
      `${auth.url}/outbox/messages?to=${encodeURIComponent(signedUp)}`,
    );
    const link = new URL(mails.body[0]?.confirmation_url ?? "").searchParams.get("token_hash");
    const verify = await asApp("/verify", victim, { type: "email", token_hash: link });
    expect(verify.status).toBe(200);
  });
});

describe("the app in front of the auth server", () => {
  it("a session cookie forged with the JWT secret opens no dashboard (the review's forged cookie)", async () => {
    const auth = await startAuthProcess(freePort());
    const app = await startAppProcess(freePort(), auth.url);
    try {
      const created = await requestFrom<{ id: string }>(`${auth.url}/auth/v1/admin/users`, {
        headers: {
          apikey: DEMO_SERVICE_ROLE_KEY,
          Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
        },
        body: { email: uniqueEmail("victim"), password: PASSWORD, email_confirm: true },
      });
      expect(created.status).toBe(200);
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + 100 * 365 * 24 * 3600;
      const forged = await new SignJWT({
        sub: created.body.id,
        email: "forged@evil.example",
        aud: "authenticated",
        role: "authenticated",
        iat: now,
        exp: expiresAt,
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
      const session = {
        access_token: forged,
        token_type: "bearer",
        expires_in: expiresAt - now,
        expires_at: expiresAt,
        refresh_token: "abcdefghijkl",
        user: { id: created.body.id, email: "forged@evil.example" },
      };
      const cookie = `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
      const dashboard = await fetch(`${app.url}/dashboard`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(dashboard.status).toBeGreaterThanOrEqual(300);
      expect(dashboard.status).toBeLessThan(400);
      expect(new URL(dashboard.headers.get("location") ?? "", app.url).pathname).toBe("/");
      expect(await dashboard.text()).not.toContain("forged@evil.example");
    } finally {
      await app.stop();
      await auth.stop();
    }
  }, 60_000);
});

describe("a public install", () => {
  const PUBLIC = {
    NODE_ENV: "production",
    GOTRUE_SITE_URL: "https://portal.example.com",
  } as const;

  it("generates its own secret and keys (0600), prints where they are, never the service key", async () => {
    const auth = await startAuthProcess(freePort(), { env: PUBLIC });
    try {
      const file = join(auth.dataDir, "api-keys.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const keys = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      expect(keys.anon_key).not.toBe(DEMO_ANON_KEY);
      expect(auth.output()).toContain(file);
      expect(auth.output()).not.toContain(keys.service_role_key);
      expect(auth.output()).not.toContain(keys.jwt_secret);
      const admin = (key: string) =>
        fetch(`${auth.url}/auth/v1/admin/users`, {
          headers: { apikey: key, Authorization: `Bearer ${key}` },
        });
      expect((await admin(DEMO_SERVICE_ROLE_KEY)).status).toBe(401);
      expect((await admin(keys.service_role_key as string)).status).toBe(200);
      // The outbox (live links) is off for a public site.
      expect((await fetch(`${auth.url}/outbox/messages`)).status).toBe(404);
    } finally {
      await auth.stop();
    }
  });

  it("refuses to start with the demo secret, saying why", async () => {
    const child = spawn(process.execPath, [join(buildDir, "auth-server.js")], {
      env: {
        PATH: process.env.PATH ?? "",
        ...PUBLIC,
        GOTRUE_JWT_SECRET: DEMO_JWT_SECRET,
        PORT: String(freePort()),
        AUTH_DATA_DIR: mkdtempSync(join(tmpdir(), "portal-auth-")),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Should the process start instead, it must not outlive the test.
    onTestFinished(() => {
      if (child.exitCode === null) child.kill();
    });
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(output).toContain("GOTRUE_JWT_SECRET: is supabase start's public demo value");
  });
});
