// Revocation markers against an attacker, the app as processes: a password change ends a thief's
// session across a restart (SQLite), a sign-out everywhere reaches another instance (PostgreSQL),
// and refreshes raced around it keep no working token (decision 014).
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  freePort,
  postForm,
  signInCookie,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";
import { freshPostgres } from "../support/postgres";

const PASSWORD = "Portal-Test-2026!";
const COOKIE = "sb-127-auth-token";

/**
 * Where GET /dashboard sends `cookie`: "/dashboard (200)" when signed in, else "/" and why the
 * session ended, as the landing page is told ("/ signed out: everywhere").
 */
async function landsOn(app: RunningProcess, cookie: string): Promise<string> {
  const response = await fetch(`${app.url}/dashboard`, {
    redirect: "manual",
    headers: { Cookie: cookie },
  });
  const location = response.headers.get("location");
  if (location === null) return `/dashboard (${response.status})`;
  const url = new URL(location, app.url);
  const ended = url.searchParams.get("signedOut");
  return ended ? `${url.pathname} signed out: ${ended}` : url.pathname;
}

/** The tokens a sign-in cookie holds. */
function tokensOf(cookie: string): { access_token: string; refresh_token: string } {
  const value = new RegExp(`${COOKIE}=base64-([^;]+)`).exec(cookie)?.[1] ?? "";
  return JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
}

function cookieOf(session: Record<string, unknown>): string {
  return `${COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

async function user(auth: { url: string }, app: RunningProcess, label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await createConfirmedUser(auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
  return email;
}

describe("revocation markers that hold", () => {
  it("a password change ends the thief's session, also after the app restarts (SQLite)", async () => {
    const auth = await startAuthProcess(freePort());
    const port = freePort();
    const settings = { DATA_DIR: mkdtempSync(join(tmpdir(), "portal-revoke-")) };
    let app = await startAppProcess(port, auth.url, settings);
    try {
      const email = await user(auth, app, "thief-restart");
      const thief = await signInCookie(app, email, PASSWORD);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const owner = await signInCookie(app, email, PASSWORD);
      const changed = await postForm(
        app,
        "/dashboard/account",
        { intent: "change-password", currentPassword: PASSWORD, password: "Another-Pass-2026!" },
        { Cookie: owner },
      );
      expect(changed.status).toBe(302);
      expect(await landsOn(app, thief)).toBe("/ signed out: password-changed");
      await app.stop();
      app = await startAppProcess(port, auth.url, settings);
      expect(await landsOn(app, thief)).toBe("/ signed out: password-changed");
    } finally {
      await app.stop();
      await auth.stop();
    }
  });

  it("a sign-out everywhere on one instance ends the session on another (PostgreSQL)", async () => {
    const auth = await startAuthProcess(freePort());
    const settings = { DATABASE_URL: freshPostgres().url };
    const a = await startAppProcess(freePort(), auth.url, settings);
    const b = await startAppProcess(freePort(), auth.url, settings);
    try {
      const email = await user(auth, a, "two-instances");
      const onB = await signInCookie(b, email, PASSWORD);
      const onA = await signInCookie(a, email, PASSWORD);
      expect(await landsOn(b, onB)).toBe("/dashboard (200)");
      const signedOut = await postForm(a, "/auth/sign-out-everywhere", {}, { Cookie: onA });
      expect(signedOut.status).toBe(302);
      // Another instance reads markers through a one-second cache.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await landsOn(b, onB)).toBe("/ signed out: everywhere");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await auth.stop();
    }
  });

  it("a thief refreshing around the owner's sign-out everywhere keeps no working token", async () => {
    const auth = await startAuthProcess(freePort(), {
      env: {
        GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "0",
        GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: "0",
      },
    });
    const app = await startAppProcess(freePort(), auth.url, {
      DATA_DIR: mkdtempSync(join(tmpdir(), "portal-race-")),
    });
    try {
      for (let run = 0; run < 3; run++) {
        const email = await user(auth, app, `race-${run}`);
        const thief = await signInCookie(app, email, PASSWORD);
        const owner = await signInCookie(app, email, PASSWORD);
        let refreshToken = tokensOf(thief).refresh_token;
        const kept: Record<string, unknown>[] = [];
        let racing = true;
        const refreshing = (async () => {
          while (racing) {
            const answer = await fetch(`${auth.url}/auth/v1/token?grant_type=refresh_token`, {
              method: "POST",
              headers: { apikey: DEMO_SERVICE_ROLE_KEY, "Content-Type": "application/json" },
              body: JSON.stringify({ refresh_token: refreshToken }),
            });
            if (!answer.ok) break;
            const session = (await answer.json()) as Record<string, unknown> & {
              refresh_token: string;
            };
            refreshToken = session.refresh_token;
            kept.push(session);
          }
        })();
        await new Promise((resolve) => setTimeout(resolve, 300 + run * 350));
        const signedOut = await postForm(app, "/auth/sign-out-everywhere", {}, { Cookie: owner });
        expect(signedOut.status).toBe(302);
        await new Promise((resolve) => setTimeout(resolve, 500));
        racing = false;
        await refreshing;
        expect(kept.length).toBeGreaterThan(0);
        const working = [];
        for (const session of kept) {
          if ((await landsOn(app, cookieOf(session))).startsWith("/dashboard")) {
            working.push(session.access_token);
          }
        }
        expect(working).toEqual([]);
      }
    } finally {
      await app.stop();
      await auth.stop();
    }
  });
});
