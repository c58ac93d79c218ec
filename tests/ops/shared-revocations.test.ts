// Revocation markers against a real Redis (Debian's redis-server, started here on a free port): two
// app instances share one auth server and one Redis; "sign out of all devices" on one instance
// ends the same user's session on the other at its next page view, because the marker lives in
// Redis (each instance verifies access tokens itself and never asks the auth server). With Redis
// gone, pages keep answering and each instance goes on with the markers it recorded itself.
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createConfirmedUser, postForm, signInCookie, type RunningProcess } from "./processes";
import { startInstancesSharingRedis, type InstancesSharingRedis } from "./redis";

const PASSWORD = "Portal-Test-2026!";
const SIGN_OUT_EVERYWHERE = "/auth/sign-out-everywhere";

/** GET `path` with `cookie`, without following a redirect. */
function view(app: RunningProcess, path: string, cookie: string) {
  return fetch(`${app.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
}

/** Where a response redirects to (its path), or null when it does not redirect. */
function redirectPath(response: Response, app: RunningProcess): string | null {
  const location = response.headers.get("location");
  return location === null ? null : new URL(location, app.url).pathname;
}

/**
 * Tokens carry their issue time in whole seconds and a marker ends those issued before its own
 * second, so the sign-out waits until the second the sessions were issued in is over.
 */
async function nextSecond() {
  await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));
}

describe("revocation markers shared through Redis", () => {
  let shared: InstancesSharingRedis;
  let apps: [RunningProcess, RunningProcess];

  beforeAll(async () => {
    shared = await startInstancesSharingRedis();
    apps = shared.apps;
  }, 60_000);

  afterAll(async () => {
    await shared?.stop();
  });

  /** A new confirmed user signed in once through each instance: [on A, on B] Cookie headers. */
  async function signedInOnBoth(label: string) {
    const email = `${label}-${Date.now()}@example.com`;
    const userId = await createConfirmedUser(
      shared.auth.url,
      DEMO_SERVICE_ROLE_KEY,
      email,
      PASSWORD,
    );
    const onA = await signInCookie(apps[0], email, PASSWORD);
    const onB = await signInCookie(apps[1], email, PASSWORD);
    for (const [app, cookie] of [
      [apps[0], onA],
      [apps[1], onB],
    ] as const) {
      expect((await view(app, "/dashboard", cookie)).status).toBe(200);
    }
    await nextSecond();
    return { userId, onA, onB };
  }

  it("'sign out of all devices' on one instance signs the session on the other instance out at its next page view", async () => {
    const [a, b] = apps;
    const { userId, onA, onB } = await signedInOnBoth("everywhere");

    const signedOut = await postForm(a, SIGN_OUT_EVERYWHERE, {}, { Cookie: onA });
    expect(signedOut.status).toBe(302);
    expect(redirectPath(signedOut, a)).toBe("/");

    // B never saw the sign-out and its access token is still within its lifetime: only the
    // marker in Redis can end it.
    const client = new Redis(shared.redisPort, "127.0.0.1");
    try {
      expect(Number(await client.get(`portal:revoked:${userId}`))).toBeGreaterThan(0);
      expect(await client.ttl(`portal:revoked:${userId}`)).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
    const onBAfter = await view(b, "/dashboard", onB);
    expect(onBAfter.status).toBe(302);
    expect(redirectPath(onBAfter, b)).toBe("/");
    const landing = await view(b, "/", onB);
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain("Get Started");
  });

  it("with Redis stopped, pages keep answering and a sign-out of all devices still ends the sessions its own instance sees, while the other instance, knowing only its own markers, keeps its session", async () => {
    const [a, b] = apps;
    const { onA, onB } = await signedInOnBoth("redis-down");
    await shared.stopRedis();

    const signedOut = await postForm(a, SIGN_OUT_EVERYWHERE, {}, { Cookie: onA });
    expect(signedOut.status).toBe(302);
    expect(redirectPath(signedOut, a)).toBe("/");
    await vi.waitFor(() => expect(a.output()).toContain('"event":"revocation_store_unavailable"'), {
      timeout: 5_000,
    });

    // A recorded the marker in its own memory: the session's old cookie is refused there.
    const onAAfter = await view(a, "/dashboard", onA);
    expect(onAAfter.status).toBe(302);
    expect(redirectPath(onAAfter, a)).toBe("/");
    // B cannot read the shared store, so only B's own markers count: its session stays.
    const onBAfter = await view(b, "/dashboard", onB);
    expect(onBAfter.status).toBe(200);

    for (const app of apps) {
      for (const path of ["/", "/sign-in", "/dashboard"]) {
        expect((await view(app, path, "")).status).toBeLessThan(500);
      }
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    }
  });
});
