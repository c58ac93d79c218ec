// Durability under SIGKILL: the auth server, killed at random right after answering and restarted
// on its folder at least 50 times, keeps every acknowledged write and is never blocked by a killed
// holder; a second process on a running folder is refused clearly (decision 016).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import { buildDir, freePort, startAuthProcess, type RunningProcess } from "../support/processes";

const PASSWORD = "Crash-Test-2026!";
const KILLS = 50;
const dataDir = mkdtempSync(join(tmpdir(), "portal-crash-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = {
  GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0",
  GOTRUE_RATE_LIMIT_OTP: "0",
  GOTRUE_RATE_LIMIT_VERIFY: "0",
  GOTRUE_RATE_LIMIT_EMAIL_SENT: "100000",
  GOTRUE_SITE_URL: "http://localhost:3000",
};

interface Acknowledged {
  email: string;
  confirmed: boolean;
  /** The newest refresh token the server handed out (confirmation or rotation). */
  refreshToken: string | undefined;
}

async function call(url: string, path: string, init: { body?: unknown; key?: string } = {}) {
  const key = init.key ?? DEMO_ANON_KEY;
  return fetch(`${url}/auth/v1${path}`, {
    method: init.body === undefined ? "GET" : "POST",
    redirect: "manual",
    headers: { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** One random operation on the running server; resolves once its answer is in and recorded. */
async function step(server: RunningProcess, users: Acknowledged[], serial: number): Promise<void> {
  const unconfirmed = users.filter((user) => !user.confirmed);
  const withSession = users.filter((user) => user.refreshToken);
  const choice = Math.random();
  if (choice < 0.35 && unconfirmed.length > 0) {
    const user = unconfirmed[Math.floor(Math.random() * unconfirmed.length)]!;
    const mails = await fetch(`${server.url}/outbox/messages?to=${encodeURIComponent(user.email)}`);
    const [mail] = (await mails.json()) as { verify_url: string }[];
    const res = await fetch(mail!.verify_url, { redirect: "manual" });
    const fragment = new URLSearchParams(res.headers.get("location")?.split("#")[1] ?? "");
    expect(fragment.get("refresh_token")).toBeTruthy();
    user.confirmed = true;
    user.refreshToken = fragment.get("refresh_token")!;
  } else if (choice < 0.7 && withSession.length > 0) {
    const user = withSession[Math.floor(Math.random() * withSession.length)]!;
    const res = await call(server.url, "/token?grant_type=refresh_token", {
      body: { refresh_token: user.refreshToken },
    });
    expect(res.status).toBe(200);
    user.refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
  } else {
    const email = `crash-${serial}-${Date.now()}@example.com`;
    const res = await call(server.url, "/signup", { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    users.push({ email, confirmed: false, refreshToken: undefined });
  }
}

function secondStart(port: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(buildDir, "auth-server.js")], {
      env: { ...process.env, PORT: String(port), AUTH_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("SIGKILL right after answers", () => {
  it(`loses no acknowledged write over ${KILLS} kills`, { timeout: 240_000 }, async () => {
    const port = freePort();
    const users: Acknowledged[] = [];
    let server = await startAuthProcess(port, { dataDir, env });

    const refused = await secondStart(freePort());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      `Another auth server process is already using the data folder ${dataDir}`,
    );

    let serial = 0;
    for (let kills = 0; kills < KILLS;) {
      await step(server, users, serial++);
      if (Math.random() < 0.5) {
        // The answer is in: kill at once, or after a few milliseconds at most.
        if (Math.random() < 0.5)
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        expect(await server.stop("SIGKILL")).toBeNull();
        kills++;
        server = await startAuthProcess(port, { dataDir, env });
      }
    }

    try {
      const listed = await call(server.url, "/admin/users?per_page=1000", {
        key: DEMO_SERVICE_ROLE_KEY,
      });
      const stored = new Map(
        (
          (await listed.json()) as { users: { email: string; email_confirmed_at?: string }[] }
        ).users.map((user) => [user.email, user]),
      );
      const lost: string[] = [];
      for (const user of users) {
        const row = stored.get(user.email);
        if (!row) lost.push(`${user.email}: sign-up`);
        else if (user.confirmed && !row.email_confirmed_at)
          lost.push(`${user.email}: confirmation`);
        if (user.refreshToken) {
          const res = await call(server.url, "/token?grant_type=refresh_token", {
            body: { refresh_token: user.refreshToken },
          });
          if (res.status !== 200) lost.push(`${user.email}: refresh token (${res.status})`);
        }
      }
      expect(users.filter((user) => user.confirmed).length).toBeGreaterThan(5);
      expect(lost).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
