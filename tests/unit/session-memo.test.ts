// The memo of verified sessions: keyed by a hash of the exact session cookie, never used past
// expiry, and never holding long cookies.
import { describe, expect, it } from "vitest";
import { memoKey, rememberClaims, rememberedClaims } from "~/session/memo.server";

const claims = (exp: number) => ({
  sub: "user-1",
  email: "a@example.com",
  role: null,
  sessionId: "session-1",
  linkSignInAt: null,
  exp,
  iat: exp - 3600,
});

describe("memoKey", () => {
  it("is the SHA-256 of the cookie value: fixed size, different for different cookies", () => {
    const key = memoKey("base64-one");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(memoKey("base64-one")).toBe(key);
    expect(memoKey("base64-on")).not.toBe(key);
  });

  it("is null for a cookie too long to remember", () => {
    expect(memoKey("x".repeat(100_000))).toBeNull();
  });
});

describe("remembered claims", () => {
  it("answer for the exact key until the token expires, then are forgotten", () => {
    const now = Date.now();
    const exp = Math.floor(now / 1000) + 600;
    const key = memoKey("base64-one") as string;
    rememberClaims(key, claims(exp));
    expect(rememberedClaims(key, now)?.sub).toBe("user-1");
    expect(rememberedClaims(memoKey("base64-on") as string, now)).toBeUndefined();
    expect(rememberedClaims(key, exp * 1000)).toBeUndefined();
    expect(rememberedClaims(key, now)).toBeUndefined();
  });

  it("are not kept for an oversized e-mail claim", () => {
    const key = memoKey("base64-long-email") as string;
    rememberClaims(key, {
      ...claims(Math.floor(Date.now() / 1000) + 600),
      email: "e".repeat(5000),
    });
    expect(rememberedClaims(key, Date.now())).toBeUndefined();
  });
});
