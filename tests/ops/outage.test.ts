// The auth service goes away and comes back, app and auth server as processes: public pages still
// render, sign-in says 'Connection Error', a valid token keeps reading, one due a refresh gets "try
// again" and keeps its cookies, and all recovers without restarting the app (decisions 004, 015).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server";
import {
  freePort,
  signedInCookie,
  startAppProcess,
  startAuthProcess,
  type RunningProcess,
} from "../support/processes";

/** auth-js's EXPIRY_MARGIN_MS: a session this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 90_000;
const SHORT_TOKEN_SECONDS = 95;
const PASSWORD = "Str0ng!Passw0rd";
const CONNECTION_ERROR = "Unable to connect to authentication service. Please try again.";

type AuthProcess = RunningProcess & { dataDir: string };

/** Cookies as a browser keeps them: Set-Cookie lines update it, Max-Age=0 removes. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header: string) {
    for (const pair of header.split(/;\s*/)) {
      const at = pair.indexOf("=");
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  apply(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const removed = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (removed) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The Supabase session in the auth cookie (chunks joined), or null. */
  session(): { expires_at: number; refresh_token: string } | null {
    const chunks = [...this.cookies]
      .filter(([name]) => /^sb-.+-auth-token(?:\.\d+)?$/.test(name))
      .sort(
        ([a], [b]) => Number(/\.(\d+)$/.exec(a)?.[1] ?? 0) - Number(/\.(\d+)$/.exec(b)?.[1] ?? 0),
      )
      .map(([, value]) => value);
    const value = chunks.join("");
    if (!value.startsWith("base64-")) return null;
    return JSON.parse(Buffer.from(value.slice("base64-".length), "base64url").toString("utf8")) as {
      expires_at: number;
      refresh_token: string;
    };
  }
}

interface Stack {
  authPort: number;
  authEnv: Record<string, string>;
  auth: AuthProcess;
  app: RunningProcess;
  email: string;
  jar: CookieJar;
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
  setCookies: string[];
}

async function startStack(name: string, authEnv: Record<string, string>): Promise<Stack> {
  const authPort = freePort();
  const auth = await startAuthProcess(authPort, { env: authEnv });
  const app = await startAppProcess(freePort(), auth.url);
  const email = `ops-outage-${name}-${Date.now()}@example.com`;
  const cookie = await signedInCookie(app, auth.url, DEMO_SERVICE_ROLE_KEY, email, PASSWORD);
  return { authPort, authEnv, auth, app, email, jar: new CookieJar(cookie) };
}

async function get(stack: Stack, path: string, jar?: CookieJar): Promise<Answer> {
  const response = await fetch(`${stack.app.url}${path}`, {
    redirect: "manual",
    headers: jar ? { Cookie: jar.header() } : {},
    signal: AbortSignal.timeout(30_000),
  });
  const answer = {
    status: response.status,
    headers: response.headers,
    body: await response.text(),
    setCookies: response.headers.getSetCookie(),
  };
  jar?.apply(answer.setCookies);
  return answer;
}

async function postAuthForm(
  stack: Stack,
  intent: "sign-in" | "sign-up",
  email: string,
  password: string,
): Promise<Answer> {
  const response = await fetch(`${stack.app.url}/${intent}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: stack.app.url },
    body: new URLSearchParams({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.text(),
    setCookies: response.headers.getSetCookie(),
  };
}

/** Set-Cookie lines that remove a Supabase auth cookie: Max-Age=0, a past Expires, no value. */
function clearedAuthCookies(setCookies: string[]): string[] {
  return setCookies.filter((line) => {
    if (!line.startsWith("sb-")) return false;
    if (/^[^=]*=\s*(?:;|$)/.test(line) || /;\s*max-age=0\s*(?:;|$)/i.test(line)) return true;
    const expires = /;\s*expires=([^;]+)/i.exec(line)?.[1];
    return expires !== undefined && Date.parse(expires) <= Date.now();
  });
}

/** Set-Cookie lines that store a (new) Supabase session. */
function storedSessions(setCookies: string[]): string[] {
  return setCookies.filter(
    (line) => /^sb-[^=]*-auth-token(?:\.\d+)?=base64-/.test(line) && !/max-age=0/i.test(line),
  );
}

async function readyz(stack: Stack): Promise<number> {
  const response = await fetch(`${stack.app.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
  return response.status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("auth service outage", () => {
  /** Default 3600 s tokens: stays valid through the outage. */
  let valid: Stack;
  /** 95 s tokens: needs a refresh (so the auth service) a few seconds after signing in. */
  let refreshing: Stack;
  let appPids: Array<number | undefined>;

  beforeAll(async () => {
    [valid, refreshing] = await Promise.all([
      startStack("valid", {}),
      startStack("refresh", { GOTRUE_JWT_EXP: String(SHORT_TOKEN_SECONDS) }),
    ]);
    appPids = [valid.app.child.pid, refreshing.app.child.pid];
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      [valid, refreshing].flatMap((stack) => (stack ? [stack.app.stop(), stack.auth.stop()] : [])),
    );
  });

  it("recognises cookies being cleared or stored when it sees them", () => {
    expect(clearedAuthCookies(["sb-127-auth-token=; Max-Age=0; Path=/"])).toHaveLength(1);
    expect(
      clearedAuthCookies(["sb-127-auth-token=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]),
    ).toHaveLength(1);
    expect(clearedAuthCookies(["sb-127-auth-token=base64-e30; Max-Age=34560000; Path=/"])).toEqual(
      [],
    );
    expect(clearedAuthCookies(["toast=; Max-Age=0"])).toEqual([]);
    expect(storedSessions(["sb-127-auth-token=base64-e30; Max-Age=34560000; Path=/"])).toHaveLength(
      1,
    );
    expect(storedSessions(["sb-127-auth-token=; Max-Age=0; Path=/"])).toEqual([]);
  });

  it("while the service is up, both users read the portal (the app caches the signing keys)", async () => {
    for (const stack of [valid, refreshing]) {
      const dashboard = await get(stack, "/dashboard", stack.jar);
      expect(dashboard.status).toBe(200);
      expect(dashboard.body).toContain("Welcome back, ");
      expect(await readyz(stack)).toBe(200);
    }
    const session = refreshing.jar.session();
    expect(session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect((session?.expires_at ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(SHORT_TOKEN_SECONDS);
  });

  it("the auth service stops; the short token reaches its refresh window", async () => {
    const codes = await Promise.all([valid.auth.stop(), refreshing.auth.stop()]);
    expect(codes).toEqual([0, 0]);
    for (const stack of [valid, refreshing]) {
      await expect(fetch(`${stack.auth.url}/auth/v1/health`)).rejects.toThrow();
    }
    // Wait (no threshold on how long anything takes) until the session must be refreshed.
    const expiresAt = (refreshing.jar.session()?.expires_at ?? 0) * 1000;
    const wait = expiresAt - REFRESH_MARGIN_MS - Date.now() + 1_000;
    if (wait > 0) await sleep(wait);
    expect(expiresAt - Date.now()).toBeLessThan(REFRESH_MARGIN_MS);
    // …while the access token itself is still unexpired: only the refresh needs the service.
    expect(expiresAt).toBeGreaterThan(Date.now());
  }, 30_000);

  it("public pages still render", async () => {
    const landing = await get(valid, "/");
    expect(landing.status).toBe(200);
    expect(landing.body).toContain("Get Started");
    const dialog = await get(valid, "/sign-in");
    expect(dialog.status).toBe(200);
    expect(dialog.body).toContain('role="dialog"');
    const notFound = await get(valid, "/no-such-page");
    expect(notFound.status).toBe(404);
  });

  it("sign-in and sign-up answer 'Connection Error' (the page with its toast)", async () => {
    const signIn = await postAuthForm(valid, "sign-in", valid.email, PASSWORD);
    expect(signIn.status).toBe(503);
    expect(signIn.body).toContain("Connection Error");
    expect(signIn.body).toContain(CONNECTION_ERROR);
    expect(storedSessions(signIn.setCookies)).toEqual([]);

    const signUp = await postAuthForm(
      valid,
      "sign-up",
      `ops-outage-new-${Date.now()}@example.com`,
      PASSWORD,
    );
    expect(signUp.status).toBe(503);
    expect(signUp.body).toContain("Connection Error");
    expect(signUp.body).toContain(CONNECTION_ERROR);
  });

  it("a user with a still-valid token keeps reading the portal", async () => {
    for (const path of ["/dashboard", "/dashboard/sprint-1", "/dashboard/sprint-3"]) {
      const page = await get(valid, path, valid.jar);
      expect(page.status, path).toBe(200);
      expect(page.body).toContain(valid.email);
      expect(clearedAuthCookies(page.setCookies)).toEqual([]);
    }
    const dashboard = await get(valid, "/dashboard", valid.jar);
    expect(dashboard.body).toContain("Welcome back, ");
  });

  it("a user whose token needs a refresh gets 'try again' and keeps their cookies", async () => {
    const before = refreshing.jar.header();
    const page = await get(refreshing, "/dashboard", refreshing.jar);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("10");
    expect(page.body).toMatch(/try again/i);
    expect(page.body).not.toContain("Welcome back, ");
    expect(page.headers.get("location")).toBeNull();
    expect(clearedAuthCookies(page.setCookies)).toEqual([]);
    expect(refreshing.jar.header()).toBe(before);
    // The same for a client-side navigation (single fetch).
    const data = await get(refreshing, "/dashboard/sprint-2.data", refreshing.jar);
    expect(data.status).toBe(503);
    expect(data.headers.get("retry-after")).toBe("10");
    expect(clearedAuthCookies(data.setCookies)).toEqual([]);
    expect(refreshing.jar.header()).toBe(before);
  }, 30_000);

  it("sign-out still signs the device out: the cookies are cleared and the next page is signed out", async () => {
    const device = new CookieJar(valid.jar.header());
    const response = await fetch(`${valid.app.url}/auth/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: valid.app.url,
        Cookie: device.header(),
      },
      signal: AbortSignal.timeout(30_000),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(clearedAuthCookies(response.headers.getSetCookie())).not.toEqual([]);
    device.apply(response.headers.getSetCookie());
    expect(device.session()).toBeNull();
    const dashboard = await get(valid, "/dashboard", device);
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toBe("/?redirectTo=%2Fdashboard");
  });

  it("/readyz says 503 and /healthz 200", async () => {
    for (const stack of [valid, refreshing]) {
      expect(await readyz(stack)).toBe(503);
      expect((await fetch(`${stack.app.url}/healthz`)).status).toBe(200);
    }
  });

  it("recovers when the service returns, without restarting the app", async () => {
    const restart = (stack: Stack) =>
      startAuthProcess(stack.authPort, { dataDir: stack.auth.dataDir, env: stack.authEnv });
    [valid.auth, refreshing.auth] = await Promise.all([restart(valid), restart(refreshing)]);
    for (const stack of [valid, refreshing]) {
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = await readyz(stack);
        if (status !== 200) await sleep(200);
      }
      expect(status).toBe(200);
    }

    // The waiting user's session is refreshed: new cookies, and they work.
    const oldRefreshToken = refreshing.jar.session()?.refresh_token;
    const page = await get(refreshing, "/dashboard", refreshing.jar);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Welcome back, ");
    expect(storedSessions(page.setCookies)).not.toEqual([]);
    expect(refreshing.jar.session()?.refresh_token).not.toBe(oldRefreshToken);
    const again = await get(refreshing, "/dashboard/sprint-1", refreshing.jar);
    expect(again.status).toBe(200);
    expect(again.body).toContain(refreshing.email);

    // Sign-in and sign-up work again.
    const signIn = await postAuthForm(valid, "sign-in", valid.email, PASSWORD);
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/dashboard");
    const jar = new CookieJar("");
    jar.apply(signIn.setCookies);
    const dashboard = await get(valid, "/dashboard", jar);
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Welcome back, ");
    const signUp = await postAuthForm(
      valid,
      "sign-up",
      `ops-outage-back-${Date.now()}@example.com`,
      PASSWORD,
    );
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("location")).toMatch(/^\/sign-up\?inbox=ops-outage-back-/);

    // The same app processes served all of it.
    expect([valid.app.child.pid, refreshing.app.child.pid]).toEqual(appPids);
    expect(valid.app.child.exitCode).toBeNull();
    expect(refreshing.app.child.exitCode).toBeNull();
  }, 60_000);
});
