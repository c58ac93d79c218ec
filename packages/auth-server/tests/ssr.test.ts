// @supabase/ssr createServerClient against the server: cookies on sign-in, one refresh, chunked sign-out.
import { createServerClient, serializeCookieHeader } from "@supabase/ssr";
import ws from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createConfirmedUser,
  PASSWORD,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from "./helpers";

const COOKIE = "sb-127-auth-token";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

/** The browser's cookie jar, carried from response to request. */
type Jar = Map<string, string>;

/** One server-side request: a fresh server client over the jar, recording Set-Cookie and auth calls. */
function request(jar: Jar) {
  const setCookie: string[] = [];
  const calls: string[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(
      `${url.pathname.replace(/^\/auth\/v1/, "")}${url.searchParams.get("grant_type") ? `?grant_type=${url.searchParams.get("grant_type")}` : ""}`,
    );
    return fetch(input, init);
  };
  const supabase = createServerClient(ts.url, ts.server.anonKey, {
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies)
          setCookie.push(serializeCookieHeader(name, value, options));
      },
    },
    global: { fetch: countingFetch },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  /** Applies the response's Set-Cookie lines to the jar, as a browser would. */
  const respond = () => {
    for (const line of setCookie) {
      const [pair] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (/;\s*Max-Age=0(;|$)/i.test(line)) jar.delete(name as string);
      else jar.set(name as string, decodeURIComponent(rest.join("=")));
    }
  };
  return { supabase, setCookie, calls, respond };
}

/** Decodes the session stored in the (possibly chunked) auth cookie. */
function sessionInJar(jar: Jar): {
  access_token: string;
  refresh_token: string;
  expires_at: number;
} {
  let value = jar.get(COOKIE);
  if (value === undefined) {
    value = "";
    for (let i = 0; jar.has(`${COOKIE}.${i}`); i++) value += jar.get(`${COOKIE}.${i}`);
  }
  expect(value.startsWith("base64-")).toBe(true);
  return JSON.parse(Buffer.from(value.slice("base64-".length), "base64url").toString("utf8"));
}

describe("@supabase/ssr createServerClient", () => {
  it("sign-in sets the auth cookie through setAll", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email);
    const jar: Jar = new Map();
    const req = request(jar);
    const { error } = await req.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(req.setCookie).toHaveLength(1);
    expect(req.setCookie[0]).toMatch(new RegExp(`^${COOKIE}=base64-`));
    expect(req.setCookie[0]).toMatch(/Path=\//);
    expect(req.setCookie[0]).toMatch(/SameSite=Lax/i);
    req.respond();
    const session = sessionInJar(jar);
    expect((await ts.raw("/user", { bearer: session.access_token })).body.email).toBe(email);
  });

  it("refreshes an expired access token exactly once in getClaims() and sets new cookies", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(ts, email);
    const jar: Jar = new Map();
    // Sign in "an hour ago": the token expires in 10 s, inside auth-js's 90 s expiry margin.
    const realNow = Date.now();
    ts.clock.ms = realNow - 3590 * 1000;
    const signIn = request(jar);
    await signIn.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    signIn.respond();
    const stale = sessionInJar(jar);
    ts.clock.ms = realNow;

    const next = request(jar);
    const { data, error } = await next.supabase.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(id);
    expect(next.calls.filter((c) => c === "/token?grant_type=refresh_token")).toHaveLength(1);
    expect(next.calls).not.toContain("/user");
    expect(next.setCookie).toHaveLength(1);
    next.respond();
    const fresh = sessionInJar(jar);
    expect(fresh.refresh_token).not.toBe(stale.refresh_token);
    expect(fresh.expires_at).toBeGreaterThan(stale.expires_at);
    expect(data?.claims.session_id).toBe(
      JSON.parse(Buffer.from(stale.access_token.split(".")[1]!, "base64url").toString()).session_id,
    );

    const after = request(jar);
    expect((await after.supabase.auth.getClaims()).data?.claims.sub).toBe(id);
    expect(after.calls.filter((c) => c.startsWith("/token"))).toEqual([]);
    expect(after.setCookie).toEqual([]);
  });

  it("sign-out clears every chunk of a chunked cookie with Max-Age=0", async () => {
    const email = uniqueEmail();
    await createConfirmedUser(ts, email, PASSWORD, { user_metadata: { bio: "x".repeat(3000) } });
    const jar: Jar = new Map();
    const signIn = request(jar);
    await signIn.supabase.auth.signInWithPassword({ email, password: PASSWORD });
    signIn.respond();
    const chunks = [...jar.keys()].filter((name) => name.startsWith(`${COOKIE}.`));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(chunks).toContain(`${COOKIE}.0`);
    expect(chunks).toContain(`${COOKIE}.1`);
    expect(jar.has(COOKIE)).toBe(false);
    const session = sessionInJar(jar);

    const signOut = request(jar);
    const { error } = await signOut.supabase.auth.signOut();
    expect(error).toBeNull();
    for (const chunk of chunks) {
      const line = signOut.setCookie.find((l) => l.startsWith(`${chunk}=`));
      expect(line, chunk).toMatch(/Max-Age=0/);
    }
    signOut.respond();
    expect([...jar.keys()].filter((name) => name.startsWith(COOKIE))).toEqual([]);
    // Global sign-out reached the server: the old token's session is gone.
    expect((await ts.raw("/user", { bearer: session.access_token })).body.code).toBe(
      "session_not_found",
    );
  });
});
