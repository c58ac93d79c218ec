// Sign-in and refresh limits as an attacker would turn them on real users (an owner locked out,
// guesses spread or sent at once, bogus sessions draining a NAT's refresh budget), against a real
// in-memory auth server (decision 014).
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type * as StateModule from "~/session/state.server";
import type * as SignInRoute from "~/routes/_landing._auth.sign-in";
import type * as AccountRoute from "~/routes/dashboard.account";
import { CHANGE_PASSWORD_INTENT } from "~/forms/schemas";
import {
  adminCreateUser,
  appEnv,
  asData,
  asResponse,
  cookieHeaderFrom,
  formPost,
  get,
  PASSWORD,
  settle,
  startTestAuthServer,
  uniqueEmail,
} from "../support/harness";

const FAILURES_PER_PAIR = 3;
const FAILURES_PER_ADDRESS = 5;
const REFRESHES_PER_IP = 4;

let auth: AuthServer;
let mod: { state: typeof StateModule; signIn: typeof SignInRoute; account: typeof AccountRoute };

beforeAll(async () => {
  appEnv();
  auth = await startTestAuthServer(
    { GOTRUE_JWT_EXP: "95", GOTRUE_RATE_LIMIT_TOKEN_REFRESH: "100000" },
    {
      RATE_LIMIT_SIGN_IN_PER_IP: "1000",
      RATE_LIMIT_SIGN_IN_PER_EMAIL: String(FAILURES_PER_PAIR),
      RATE_LIMIT_FAILED_SIGN_INS_PER_EMAIL: String(FAILURES_PER_ADDRESS),
      RATE_LIMIT_REFRESH_PER_IP: String(REFRESHES_PER_IP),
    },
  );
  mod = {
    state: await import("~/session/state.server"),
    signIn: await import("~/routes/_landing._auth.sign-in"),
    account: await import("~/routes/dashboard.account"),
  };
});

afterAll(async () => {
  await auth.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const context = (clientIp: string): AppLoadContext => ({ clientIp });

/** The status of a sign-in: 302 signed in, 400 wrong password, 429 held back. */
async function signInStatus(email: string, password: string, ip: string): Promise<number> {
  const answer = await settle(() =>
    mod.signIn.action({
      request: formPost("/sign-in", { email, password }),
      context: context(ip),
      params: {},
    }),
  );
  if (answer instanceof Response) return answer.status;
  return asData<unknown>(answer).init?.status ?? 200;
}

async function newAccount(label: string) {
  const email = uniqueEmail(label);
  await adminCreateUser(auth, email);
  return email;
}

describe("someone else's wrong passwords", () => {
  it("from one IP leave the owner's sign-in from another IP working, and hold that IP back", async () => {
    const email = await newAccount("lockout");
    const attacker = "198.51.100.31";
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      expect(await signInStatus(email, `wrong-${i}`, attacker)).toBe(400);
    }
    expect(await signInStatus(email, "wrong-again", attacker)).toBe(429);
    expect(await signInStatus(email, PASSWORD, attacker)).toBe(429);

    expect(await signInStatus(email, PASSWORD, "203.0.113.31")).toBe(302);
  });

  it("spread over many IPs hold each IP that failed once the address has had too many; a fresh IP still signs in", async () => {
    const email = await newAccount("spread");
    const guessers = Array.from({ length: FAILURES_PER_ADDRESS }, (_, i) => `198.51.100.${40 + i}`);
    for (const ip of guessers) expect(await signInStatus(email, "guess", ip)).toBe(400);
    for (const ip of guessers) expect(await signInStatus(email, "guess-2", ip)).toBe(429);

    expect(await signInStatus(email, PASSWORD, "203.0.113.40")).toBe(302);
    // A new IP gets its own single guess, and then waits like the others.
    expect(await signInStatus(email, "guess", "198.51.100.60")).toBe(400);
    expect(await signInStatus(email, "guess-2", "198.51.100.60")).toBe(429);
  });

  it("do not hold back another address from the same IP", async () => {
    const targeted = await newAccount("targeted");
    const neighbour = await newAccount("neighbour");
    const sharedIp = "198.51.100.70";
    for (let i = 0; i <= FAILURES_PER_PAIR; i++) await signInStatus(targeted, "wrong", sharedIp);
    expect(await signInStatus(neighbour, PASSWORD, sharedIp)).toBe(302);
  });

  it("include a wrong current password on the account page", async () => {
    const email = await newAccount("account-guess");
    const ip = "198.51.100.80";
    const signedIn = asResponse(
      await mod.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context("203.0.113.80"),
        params: {},
      }),
    );
    const cookie = cookieHeaderFrom(signedIn.headers);
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      await settle(() =>
        mod.account.action({
          request: formPost(
            "/dashboard/account",
            {
              intent: CHANGE_PASSWORD_INTENT,
              currentPassword: `wrong-${i}`,
              password: "Another-Pass-2026!",
            },
            cookie,
          ),
          context: context(ip),
          params: {},
        }),
      );
    }
    expect(await signInStatus(email, PASSWORD, ip)).toBe(429);
  });
});

describe("failures counted as the guess is sent", () => {
  const burst = (email: string, ip: string) =>
    Promise.all(Array.from({ length: 10 }, (_, i) => signInStatus(email, `burst-${i}`, ip)));
  const count = (statuses: number[], status: number) =>
    statuses.filter((each) => each === status).length;

  it("guesses sent at the same moment from one IP reach the auth service no more often than one after another", async () => {
    const statuses = await burst(await newAccount("burst"), "198.51.100.100");
    expect(count(statuses, 400)).toBe(FAILURES_PER_PAIR);
    expect(count(statuses, 429)).toBe(10 - FAILURES_PER_PAIR);
  });

  it("guesses sent at the same moment from a new IP, once the address has had too many failures, get that IP its one guess", async () => {
    const email = await newAccount("burst-spread");
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect(await signInStatus(email, "guess", `198.51.100.${110 + i}`)).toBe(400);
    }
    const statuses = await burst(email, "198.51.100.120");
    expect(count(statuses, 400)).toBe(1);
    expect(count(statuses, 429)).toBe(9);
  });

  it("are given back when the password was right: the owner signing in again and again is never held, even past the address's count", async () => {
    const email = await newAccount("regular");
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect(await signInStatus(email, "guess", `198.51.100.${130 + i}`)).toBe(400);
    }
    for (let i = 0; i <= FAILURES_PER_ADDRESS; i++) {
      expect(await signInStatus(email, PASSWORD, "203.0.113.120")).toBe(302);
    }
  });
});

describe("a shared address's refresh budget", () => {
  /** An expiring-looking session cookie whose token the auth service never signed. */
  function forgedCookie(i: number): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = { sub: `user-${i}`, session_id: `s-${i}`, exp: 1, iat: 0 };
    const token = `${part({ alg: "ES256", kid: "forged", typ: "JWT" })}.${part(claims)}.c2ln`;
    const session = {
      access_token: token,
      refresh_token: `forged-refresh-${i}`,
      expires_at: 1,
      user: {},
    };
    return `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`;
  }

  it("is not used up by forged cookies: a real user behind the same IP is still refreshed", async () => {
    const email = await newAccount("nat");
    const nat = "198.51.100.90";
    const signedIn = asResponse(
      await mod.signIn.action({
        request: formPost("/sign-in", { email, password: PASSWORD }),
        context: context(nat),
        params: {},
      }),
    );
    const cookie = cookieHeaderFrom(signedIn.headers);
    for (let i = 0; i < REFRESHES_PER_IP * 5; i++) {
      const state = await mod.state.getAuthState(get("/dashboard", forgedCookie(i)), context(nat));
      expect(state.user).toBeNull();
    }
    // Tokens live 95 s and are refreshed within 90 s of expiry: after 6 s the user's is refreshed.
    vi.useFakeTimers({ now: Date.now() + 6_000, toFake: ["Date"] });
    const state = await mod.state.getAuthState(get("/dashboard", cookie), context(nat));
    expect(state.unavailable).toBe(false);
    expect(state.user?.email).toBe(email);
  });

  it("ends a single session refreshed more than 10 times in a window, from whatever IPs", async () => {
    const email = await newAccount("worn");
    let cookie = cookieHeaderFrom(
      asResponse(
        await mod.signIn.action({
          request: formPost("/sign-in", { email, password: PASSWORD }),
          context: context("203.0.113.91"),
          params: {},
        }),
      ).headers,
    );
    let now = Date.now();
    vi.useFakeTimers({ now, toFake: ["Date"] });
    const signedIn: boolean[] = [];
    let cleared = false;
    for (let i = 0; i < 12; i++) {
      now += 6_000;
      vi.setSystemTime(now);
      const state = await mod.state.getAuthState(get("/dashboard", cookie), context(`10.0.${i}.1`));
      signedIn.push(state.user !== null);
      cleared ||= state.headers.getSetCookie().some((line) => /Max-Age=0/i.test(line));
      cookie = cookieHeaderFrom(state.headers) || cookie;
    }
    expect(signedIn).toEqual([...Array<boolean>(10).fill(true), false, false]);
    expect(cleared).toBe(true);
  });
});
