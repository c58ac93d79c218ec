// The session check against a real (in-memory) auth server, as an attacker would try it: forged
// tokens, cookies that only look like sessions, memo flooding, refresh floods, and the visitor's
// address on every call to the auth service.
import type { AppLoadContext } from "@remix-run/node";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_JWT_SECRET, type AuthServer } from "@portal/auth-server";
import type * as AccountRoute from "~/routes/dashboard.account";
import type * as GuardsModule from "~/session/guards.server";
import type * as MemoModule from "~/session/memo.server";
import type * as StateModule from "~/session/state.server";
import type * as RecoveryModule from "~/auth/recovery.server";
import type * as Entry from "~/entry.server";
import type * as DashboardRoute from "~/routes/dashboard";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as SignUpRoute from "~/routes/_landing._auth.sign-up";
import type * as ConfirmRoute from "~/routes/auth.confirm";
import type * as SignOutRoute from "~/routes/auth.sign-out";
import { CHANGE_EMAIL_INTENT } from "~/forms/schemas";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  latestMail,
  PASSWORD,
  settle,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";

const RATE_LIMIT_SECRET = "integration-rate-limit-secret-0123";
const COOKIE = "sb-127-auth-token";

let auth: AuthServer;
let mod: {
  account: typeof AccountRoute;
  recovery: typeof RecoveryModule;
  guards: typeof GuardsModule;
  memo: typeof MemoModule;
  state: typeof StateModule;
  entry: typeof Entry;
  dashboard: typeof DashboardRoute;
  signIn: typeof SignInRoute;
  signUp: typeof SignUpRoute;
  confirm: typeof ConfirmRoute;
  signOut: typeof SignOutRoute;
};

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer(
    { GOTRUE_JWT_EXP: "95", GOTRUE_RATE_LIMIT_HEADER_SECRET: RATE_LIMIT_SECRET },
    {
      RATE_LIMIT_REFRESH_PER_IP: "3",
      RATE_LIMIT_CONFIRM_PER_IP: "3",
      AUTH_RATE_LIMIT_SECRET: RATE_LIMIT_SECRET,
    },
  );
  mod = {
    account: await import("~/routes/dashboard.account"),
    recovery: await import("~/auth/recovery.server"),
    guards: await import("~/session/guards.server"),
    memo: await import("~/session/memo.server"),
    state: await import("~/session/state.server"),
    entry: await import("~/entry.server"),
    dashboard: await import("~/routes/dashboard"),
    signIn: await import("~/routes/_landing._auth.sign-in"),
    signUp: await import("~/routes/_landing._auth.sign-up"),
    confirm: await import("~/routes/auth.confirm"),
    signOut: await import("~/routes/auth.sign-out"),
  };
});

afterAll(async () => {
  await auth.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const context = (clientIp = "203.0.113.20"): AppLoadContext => ({ clientIp });

function sessionCookie(session: Record<string, unknown>): string {
  return `${COOKIE}=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
}

function storedSession(cookie: string): { access_token: string; user: { id: string } } {
  const value = /sb-127-auth-token=base64-([^;]+)/.exec(cookie)?.[1] ?? "";
  return JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
}

async function signIn(email: string, ip?: string) {
  const response = asResponse(
    await mod.signIn.action({
      request: formPost("/sign-in", { email, password: PASSWORD }),
      context: context(ip),
      params: {},
    }),
  );
  expect(response.status).toBe(302);
  return cookieHeaderFrom(response.headers);
}

async function signedInUser(label: string) {
  const email = uniqueEmail(label);
  await adminCreateUser(auth, email);
  const cookie = await signIn(email);
  return { email, cookie, id: storedSession(cookie).user.id };
}

function authServiceCalls(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map(([input, init]) => ({
      url: String(input instanceof Request ? input.url : input),
      method: (init as RequestInit | undefined)?.method ?? "GET",
      headers: new Headers((init as RequestInit | undefined)?.headers),
    }))
    .filter(({ url }) => url.startsWith(auth.url));
}

function dashboard(cookie: string, ctx = context()) {
  return settle(() =>
    mod.dashboard.loader({ request: get("/dashboard", cookie), context: ctx, params: {} }),
  );
}

describe("forged sessions", () => {
  it("refuses an HS256 token without kid signed with the demo secret, without asking the auth service", async () => {
    const victim = await signedInUser("victim");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({
      sub: victim.id,
      email: "forged@attacker.example",
      role: "authenticated",
      aud: "authenticated",
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(now)
      .setExpirationTime(now + 100 * 365 * 24 * 3600)
      .sign(new TextEncoder().encode(DEMO_JWT_SECRET));
    const cookie = sessionCookie({
      access_token: forged,
      token_type: "bearer",
      expires_in: 3600,
      expires_at: now + 100 * 365 * 24 * 3600,
      refresh_token: "forgedrefreshtoken",
      user: { id: victim.id, email: "forged@attacker.example" },
    });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const before = mod.memo.rememberedSessionCount();
    const result = asResponse(await dashboard(cookie));
    expect(result.status).toBe(302);
    // A forged session is no session: no word of one having ended.
    expect(result.headers.get("Location")).toBe("/?redirectTo=%2Fdashboard");
    expect(authServiceCalls(fetchSpy).filter(({ url }) => url.includes("/auth/v1/user"))).toEqual(
      [],
    );
    expect(mod.memo.rememberedSessionCount()).toBe(before);
  });

  it("refuses a token signed with a key the auth service does not publish, even with its kid", async () => {
    const victim = await signedInUser("kid");
    const { access_token: real } = storedSession(victim.cookie);
    const [header] = real.split(".");
    const { kid } = JSON.parse(Buffer.from(header ?? "", "base64url").toString("utf8"));
    const { generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("ES256");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({
      sub: victim.id,
      email: "x@attacker.example",
      session_id: "s",
    })
      .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const cookie = sessionCookie({
      access_token: forged,
      expires_at: now + 3600,
      refresh_token: "abcdefghijkl",
    });
    expect(asResponse(await dashboard(cookie)).headers.get("Location")).toBe(
      "/?redirectTo=%2Fdashboard",
    );
  });
});

describe("the memo of verified sessions", () => {
  it("is keyed on the project's own session cookie only: other sb-* cookies create no entries", async () => {
    const { cookie, email } = await signedInUser("memo");
    await mod.guards.requireUser(get("/dashboard", cookie), context());
    const before = mod.memo.rememberedSessionCount();
    for (let i = 0; i < 25; i++) {
      const padded = `${cookie}; sb-pad${i}-auth-token=${"p".repeat(200)}${i}; sb-127-auth-token-code-verifier=v${i}`;
      const { user } = await mod.guards.requireUser(get("/dashboard", padded), context());
      expect(user.email).toBe(email);
    }
    expect(mod.memo.rememberedSessionCount()).toBe(before);
  });

  it("remembers a session verified locally, and answers it again with no call to the auth service", async () => {
    const { cookie, email } = await signedInUser("memo-hit");
    const before = mod.memo.rememberedSessionCount();
    await mod.guards.requireUser(get("/dashboard", cookie), context());
    expect(mod.memo.rememberedSessionCount()).toBe(before + 1);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { user } = await mod.guards.requireUser(get("/dashboard", cookie), context());
    expect(user.email).toBe(email);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("cookies that cannot be sessions", () => {
  it.each([
    [
      "an access token that is not a JWT",
      { access_token: "x.y.z", expires_at: 1, refresh_token: "dummyrefreshtoken" },
    ],
    [
      "an implausible refresh token",
      { access_token: "eyJhbGciOiJFUzI1NiJ9.eyJleHAiOjF9.c2ln", expires_at: 1, refresh_token: "d" },
    ],
    ["no JSON at all", "not-json"],
  ])("%s is cleared without a refresh call", async (_label, session) => {
    const cookie = typeof session === "string" ? `${COOKIE}=${session}` : sessionCookie(session);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const ctx = context("203.0.113.30");
    const state = await mod.state.getAuthState(get("/", cookie), ctx);
    expect(state.user).toBeNull();
    expect(state.unavailable).toBe(false);
    expect(authServiceCalls(fetchSpy)).toEqual([]);
    expect(
      state.headers
        .getSetCookie()
        .some((line) => line.startsWith(`${COOKIE}=;`) && /Max-Age=0/i.test(line)),
    ).toBe(true);
  });
});

describe("refreshes", () => {
  it("reach the auth service at most RATE_LIMIT_REFRESH_PER_IP times per client IP; other IPs are unaffected", async () => {
    const { cookie } = await signedInUser("refresh-limit");
    // Tokens live 95 s and are refreshed within 90 s of expiry: after 6 s every request refreshes.
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ["Date"] });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const refreshes = () =>
      authServiceCalls(fetchSpy).filter(({ url }) => url.includes("grant_type=refresh_token"));
    const states = [];
    for (let i = 0; i < 5; i++) {
      states.push(await mod.state.getAuthState(get("/dashboard", cookie), context("198.51.100.9")));
    }
    expect(refreshes()).toHaveLength(3);
    expect(states.slice(3).every((state) => state.unavailable && !state.user)).toBe(true);
    await mod.state.getAuthState(get("/dashboard", cookie), context("198.51.100.10"));
    expect(refreshes()).toHaveLength(4);
  });
});

describe("confirmation links", () => {
  it("reach the auth service at most RATE_LIMIT_CONFIRM_PER_IP times per client IP; a real link from another IP still works", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const verifies = () =>
      authServiceCalls(fetchSpy).filter(({ url }) => url.endsWith("/auth/v1/verify"));
    for (let i = 0; i < 6; i++) {
      const guessed = asData<{ state: string }>(
        await mod.confirm.action({
          request: formPost(`/auth/confirm?token_hash=pkce_guess${i}&type=email`, {}),
          context: context("198.51.100.77"),
          params: {},
        }),
      );
      expect(guessed.init?.status).toBe(400);
      expect(guessed.data.state).toBe("invalid");
    }
    expect(verifies()).toHaveLength(3);

    const email = uniqueEmail("confirm-limit");
    const signedUp = asResponse(
      await mod.signUp.action({
        request: formPost("/sign-up", { email, password: PASSWORD }),
        context: context("198.51.100.78"),
        params: {},
      }),
    );
    const link = new URL((await latestMail(auth, email)).confirmation_url);
    const confirmed = asResponse(
      await mod.confirm.action({
        request: formPost(`${link.pathname}${link.search}`, {}, cookieHeaderFrom(signedUp.headers)),
        context: context("198.51.100.78"),
        params: {},
      }),
    );
    expect(confirmed.headers.get("Location")).toBe("/dashboard");
  });
});

describe("the visitor's address", () => {
  it("goes with every call to the auth service (sign-up, verify, sign-in, refresh, sign-out), with the shared secret", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const ip = "192.0.2.44";
    const email = uniqueEmail("client-ip");
    const signedUp = asResponse(
      await mod.signUp.action({
        request: formPost("/sign-up", { email, password: PASSWORD }),
        context: context(ip),
        params: {},
      }),
    );
    const link = new URL((await latestMail(auth, email)).confirmation_url);
    asResponse(
      await mod.confirm.action({
        request: formPost(`${link.pathname}${link.search}`, {}, cookieHeaderFrom(signedUp.headers)),
        context: context(ip),
        params: {},
      }),
    );
    const cookie = await signIn(email, ip);
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ["Date"] });
    const refreshed = await mod.state.getAuthState(get("/dashboard", cookie), context(ip));
    expect(refreshed.user?.email).toBe(email);
    vi.useRealTimers();
    await mod.signOut.action({
      request: formPost("/auth/sign-out", {}, cookie),
      context: context(ip),
      params: {},
    });

    const calls = authServiceCalls(fetchSpy).filter(
      ({ url }) => !url.includes("/outbox/") && !url.includes("jwks"),
    );
    const paths = calls.map(({ url }) => new URL(url).pathname);
    for (const path of [
      "/auth/v1/signup",
      "/auth/v1/verify",
      "/auth/v1/token",
      "/auth/v1/logout",
    ]) {
      expect(paths).toContain(path);
    }
    for (const { headers } of calls) {
      expect(headers.get("X-Client-IP")).toBe(ip);
      expect(headers.get("X-Rate-Limit-Secret")).toBe(RATE_LIMIT_SECRET);
    }
  });
  it("goes with the mail-sending calls too (recover, resend, PUT /user), with the shared secret", async () => {
    const ip = "192.0.2.45";
    const { email, cookie } = await signedInUser("client-ip-mail");
    const unconfirmed = uniqueEmail("client-ip-resend");
    await mod.signUp.action({
      request: formPost("/sign-up", { email: unconfirmed, password: PASSWORD }),
      context: context(ip),
      params: {},
    });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    asResponse(
      await mod.recovery.forgotPasswordAction(formPost("/forgot-password", { email }), context(ip)),
    );
    asResponse(
      await mod.recovery.resendConfirmationAction(
        formPost("/auth/resend-confirmation", { email: unconfirmed }),
        context(ip),
      ),
    );
    const changed = asResponse(
      await mod.account.action({
        request: formPost(
          "/dashboard/account",
          {
            intent: CHANGE_EMAIL_INTENT,
            newEmail: uniqueEmail("client-ip-new"),
            emailChangePassword: PASSWORD,
          },
          cookie,
        ),
        context: context(ip),
        params: {},
      }),
    );
    expect(changed.status).toBe(302);

    const calls = authServiceCalls(fetchSpy).filter(
      ({ url }) => !url.includes("/outbox/") && !url.includes("jwks"),
    );
    const requests = calls.map(({ url, method }) => `${method} ${new URL(url).pathname}`);
    for (const request of ["POST /auth/v1/recover", "POST /auth/v1/resend", "PUT /auth/v1/user"]) {
      expect(requests).toContain(request);
    }
    for (const { headers } of calls) {
      expect(headers.get("X-Client-IP")).toBe(ip);
      expect(headers.get("X-Rate-Limit-Secret")).toBe(RATE_LIMIT_SECRET);
    }
  });
});

describe("cookies written by the check", () => {
  it("are added to data responses by the server entry, once, even when a loader also returned them", async () => {
    const { cookie } = await signedInUser("central");
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ["Date"] });
    const ctx = context("203.0.113.60");
    const request = get("/dashboard", cookie);
    const { headers } = await mod.guards.requireUser(request, ctx);
    const written = headers.getSetCookie().filter((line) => line.startsWith(COOKIE));
    expect(written.length).toBeGreaterThan(0);

    const bare = await mod.entry.handleDataRequest(new Response("{}"), {
      request,
      context: ctx,
      params: {},
    });
    expect(bare.headers.getSetCookie().filter((line) => line.startsWith(COOKIE))).toEqual(written);

    const oldStyle = new Response("{}", { headers });
    const merged = await mod.entry.handleDataRequest(oldStyle, {
      request,
      context: ctx,
      params: {},
    });
    expect(merged.headers.getSetCookie().filter((line) => line.startsWith(COOKIE))).toEqual(
      written,
    );
  });
});

describe("a session that ended", () => {
  it("that is too old to refresh sends the visitor to / saying so, and drops its cookies", async () => {
    const owner = await signedInUser("expired");
    const session = storedSession(owner.cookie);
    // The auth service's real token, expiring now, with a refresh token it never issued (as after
    // the refresh token's own lifetime ran out).
    const cookie = sessionCookie({
      ...session,
      expires_at: Math.floor(Date.now() / 1000) - 10,
      refresh_token: "no-longer-valid",
    });
    const response = asResponse(await dashboard(cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?signedOut=expired&redirectTo=%2Fdashboard");
    const cleared = response.headers.getSetCookie().filter((line) => /max-age=0/i.test(line));
    expect(cleared.some((line) => line.startsWith(COOKIE))).toBe(true);
  });
});
