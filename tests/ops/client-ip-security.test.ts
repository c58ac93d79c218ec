// Attacks on sessions and per-client limits against the production build, loopback addresses as
// separate clients: a session forged with the demo secret, bogus cookies draining the auth
// service's budget, X-Forwarded-For rotated behind a proxy setting (decisions 014, 015).
import { request as httpRequest } from "node:http";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import {
  createConfirmedUser,
  freePort,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

const PASSWORD = "Ops-Client-IP-2026!";

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** One HTTP request from the loopback address `from`, so the app sees that client IP. */
function send(
  url: string,
  from: string,
  {
    method = "GET",
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress: from, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

function signInFrom(
  app: RunningProcess,
  from: string,
  email: string,
  password: string,
  headers = {},
) {
  return send(`${app.url}/sign-in`, from, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: app.url,
      ...headers,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

function sessionCookie(session: Record<string, unknown>): string {
  return `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

describe("sessions and per-client limits with several client IPs", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url);
  });

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("sends a cookie forged with the demo secret (HS256, no kid, no session) to / instead of the dashboard", async () => {
    const id = await createConfirmedUser(
      auth.url,
      DEMO_SERVICE_ROLE_KEY,
      `forged-${Date.now()}@example.com`,
      PASSWORD,
    );
    const now = Math.floor(Date.now() / 1000);
    const farFuture = now + 100 * 365 * 24 * 3600;
    const token = await new SignJWT({
      sub: id,
      email: "attacker-chosen@example.com",
      role: "authenticated",
      aud: "authenticated",
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(now)
      .setExpirationTime(farFuture)
      .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
    const cookie = sessionCookie({
      access_token: token,
      token_type: "bearer",
      expires_in: 3600,
      expires_at: farFuture,
      refresh_token: "forgedrefresh",
      user: { id, email: "attacker-chosen@example.com" },
    });
    const answer = await send(`${app.url}/dashboard`, "127.0.0.5", { headers: { Cookie: cookie } });
    expect(answer.body).not.toContain("attacker-chosen@example.com");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/?redirectTo=%2Fdashboard");
  });

  it("45 concurrent GET / with a bogus cookie from one IP leave another IP's sign-in working", async () => {
    const email = `bystander-${Date.now()}@example.com`;
    await createConfirmedUser(auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
    const bogus = sessionCookie({
      access_token: "x.y.z",
      token_type: "bearer",
      expires_in: 3600,
      expires_at: 1,
      refresh_token: "dummyrefreshtoken",
      user: { id: "x" },
    });
    const flood = await Promise.all(
      Array.from({ length: 45 }, () =>
        send(`${app.url}/`, "127.0.0.2", { headers: { Cookie: bogus } }),
      ),
    );
    expect(flood.every((answer) => answer.status === 200)).toBe(true);
    const signIn = await signInFrom(app, "127.0.0.3", email, PASSWORD);
    expect(signIn.body).not.toContain("Too Many Attempts");
    expect(signIn.status).toBe(302);
    expect(signIn.location).toBe("/dashboard");
  });
});

describe.each([
  {
    setting: "1",
    // One proxy in front: it appends the address it saw, so only the leftmost part is the client's.
    forwardedFor: (spoofed: string) => `${spoofed}, 127.0.0.4`,
  },
  {
    setting: "127.0.0.1/32",
    // The proxy is 127.0.0.1; a client connecting from elsewhere is not believed at all.
    forwardedFor: (spoofed: string) => spoofed,
  },
])("TRUST_PROXY=$setting", ({ setting, forwardedFor }) => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      TRUST_PROXY: setting,
      RATE_LIMIT_SIGN_IN_PER_IP: "20",
    });
  });

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("counts 25 sign-ins from one client with 25 different X-Forwarded-For values as one client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const answer = await signInFrom(
        app,
        "127.0.0.4",
        `xff-${i}-${Date.now()}@example.com`,
        "Wrong-2026!",
        { "X-Forwarded-For": forwardedFor(`198.51.100.${i + 1}`) },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe("TRUST_PROXY=1 behind a proxy", () => {
  let auth: RunningProcess;
  let app: RunningProcess;

  beforeAll(async () => {
    auth = await startAuthProcess(freePort());
    app = await startAppProcess(freePort(), auth.url, {
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGN_IN_PER_IP: "2",
    });
  });

  afterAll(async () => {
    await app?.stop();
    await auth?.stop();
  });

  it("keeps clients the proxy reports apart: each address the proxy appended has its own count", async () => {
    const statuses: number[] = [];
    for (const client of ["203.0.113.1", "203.0.113.1", "203.0.113.1", "203.0.113.2"]) {
      const answer = await signInFrom(
        app,
        "127.0.0.6",
        `hop-${Date.now()}@example.com`,
        "Wrong-2026!",
        {
          "X-Forwarded-For": `10.9.9.9, ${client}`,
        },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 429, 400]);
  });
});

describe("TRUST_PROXY=true", () => {
  it("stops the start with a message saying what to set", async () => {
    const auth = await startAuthProcess(freePort());
    try {
      const outcome = await startAppProcess(freePort(), auth.url, { TRUST_PROXY: "true" }).then(
        async (app) => {
          await app.stop();
          return "started";
        },
        (error: unknown) => String(error),
      );
      expect(outcome).toMatch(/TRUST_PROXY: `true` is not accepted/);
    } finally {
      await auth.stop();
    }
  });
});
