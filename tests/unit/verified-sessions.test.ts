// The memo of verified sessions: keyed by the exact session cookies, never used past expiry.
import { describe, expect, it } from "vitest";
import { rememberClaims, rememberedClaims, sessionCookieKey } from "~/lib/verified-sessions.server";

const claims = (exp: number) => ({
  sub: "user-1",
  exp,
  iat: exp - 3600,
  iss: "test",
  aud: "authenticated",
  role: "authenticated",
  aal: "aal1" as const,
  session_id: "s",
  email: "a@example.com",
  phone: "",
  is_anonymous: false,
});

describe("sessionCookieKey", () => {
  it("keeps only the session cookies (chunks too), sorted", () => {
    expect(
      sessionCookieKey(
        "sidebar_state=true; sb-127-auth-token.1=bbb; toast=x; sb-127-auth-token.0=aaa; sb-127-auth-token-code-verifier=v",
      ),
    ).toBe("sb-127-auth-token.0=aaa; sb-127-auth-token.1=bbb");
    expect(sessionCookieKey("sb-x-auth-token=one")).toBe("sb-x-auth-token=one");
    expect(sessionCookieKey("sidebar_state=true")).toBeNull();
    expect(sessionCookieKey(null)).toBeNull();
  });
});

describe("remembered claims", () => {
  it("answer for the exact key until the token expires, then are forgotten", () => {
    const now = Date.now();
    const exp = Math.floor(now / 1000) + 600;
    rememberClaims("sb-a-auth-token=one", claims(exp));
    expect(rememberedClaims("sb-a-auth-token=one", now)?.sub).toBe("user-1");
    expect(rememberedClaims("sb-a-auth-token=on", now)).toBeUndefined();
    expect(rememberedClaims("sb-a-auth-token=one", exp * 1000)).toBeUndefined();
    expect(rememberedClaims("sb-a-auth-token=one", now)).toBeUndefined();
  });
});
