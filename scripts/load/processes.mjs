// Starts the built auth server and app as child processes for the load run, and stops them.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

async function waitForOk(url) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await fetch(url).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer 200`);
}

function start(script, env, healthUrl) {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return waitForOk(healthUrl).then(() => ({
    child,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  }));
}

export async function startStack({ buildDir, appPort, authPort, tokenSeconds, anonKey }) {
  const authUrl = `http://127.0.0.1:${authPort}`;
  const appUrl = `http://127.0.0.1:${appPort}`;
  const auth = await start(
    join(buildDir, "auth-server.js"),
    {
      PORT: String(authPort),
      HOST: "127.0.0.1",
      AUTH_DATA_DIR: mkdtempSync(join(tmpdir(), "portal-load-")),
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-load-data-")),
      GOTRUE_JWT_EXP: String(tokenSeconds),
      GOTRUE_SITE_URL: appUrl,
      // Every user's sign-in and refresh reaches the auth server from the app's one IP; its
      // GoTrue-style per-IP bucket (burst 30) would answer 429 to a crowd signing in at once.
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0",
      LOG_LEVEL: "warn",
    },
    `${authUrl}/auth/v1/health`,
  );
  const app = await start(
    join(buildDir, "main.js"),
    {
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      SITE_URL: appUrl,
      SESSION_SECRET: "load-test-session-secret-0123456789abcdef",
      SUPABASE_URL: authUrl,
      SUPABASE_ANON_KEY: anonKey,
      RATE_LIMIT_SIGN_IN_PER_IP: "1000000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000000",
      RATE_LIMIT_SIGN_UP_PER_IP: "1000000",
      // Every virtual user comes from 127.0.0.1; short tokens make each refresh often.
      RATE_LIMIT_REFRESH_PER_IP: "1000000",
      HTTP_MAX_CONNECTIONS_PER_IP: "1000000",
    },
    `${appUrl}/healthz`,
  );
  return { appUrl, authUrl, stop: () => Promise.all([app.stop(), auth.stop()]) };
}
