// The session cookie's name: `__Host-` prefixed on an HTTPS site with secure cookies (browsers then
// refuse it from subdomains and plain HTTP), plain on an HTTP site, where browsers would refuse a
// prefixed cookie.
import { afterEach, describe, expect, it } from "vitest";
import { configure, parseEnv } from "~/lib/env.server";
import { sessionCookieName, sessionCookieOptions } from "~/session/auth-service.server";

const base = {
  NODE_ENV: "production",
  SESSION_SECRET: "unit-test-session-secret-0123456789abcdef",
  SUPABASE_URL: "https://abcdefgh.supabase.co",
  SUPABASE_ANON_KEY: "anon",
  SUPABASE_SERVICE_ROLE_KEY: "service",
};

afterEach(() => {
  configure(parseEnv({ ...base, SITE_URL: "http://127.0.0.1:3000" }));
});

describe("the session cookie", () => {
  it("is __Host- prefixed on an HTTPS site", () => {
    configure(parseEnv({ ...base, SITE_URL: "https://portal.example.com" }));
    expect(sessionCookieName()).toBe("__Host-sb-abcdefgh-auth-token");
    expect(sessionCookieOptions()).toMatchObject({ secure: true, path: "/", httpOnly: true });
  });

  it("keeps its plain name on an HTTP site or without secure cookies", () => {
    configure(parseEnv({ ...base, SITE_URL: "http://127.0.0.1:3000" }));
    expect(sessionCookieName()).toBe("sb-abcdefgh-auth-token");
    configure(
      parseEnv({ ...base, SITE_URL: "https://portal.example.com", COOKIE_SECURE: "false" }),
    );
    expect(sessionCookieName()).toBe("sb-abcdefgh-auth-token");
  });

  it("lives thirty days after it was last written, not 400", () => {
    expect(sessionCookieOptions().maxAge).toBe(30 * 24 * 60 * 60);
  });
});
