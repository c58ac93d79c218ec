// loadAuthConfig: GoTrue env names and defaults, every bad value reported; the demo API keys.
import { jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import {
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_SERVICE_ROLE_KEY,
  loadAuthConfig,
  mintApiKey,
  startAuthServer,
} from "..";

describe("demo keys", () => {
  it("are HS256 JWTs with roles anon / service_role signed by supabase start's demo secret", async () => {
    const secret = new TextEncoder().encode(
      "super-secret-jwt-token-with-at-least-32-characters-long",
    );
    const anon = await jwtVerify(DEMO_ANON_KEY, secret, { algorithms: ["HS256"] });
    expect(anon.payload).toEqual({ iss: "supabase-demo", role: "anon", exp: 1983812996 });
    const service = await jwtVerify(DEMO_SERVICE_ROLE_KEY, secret, { algorithms: ["HS256"] });
    expect(service.payload.role).toBe("service_role");
    expect(DEMO_JWT_SECRET).toBe("super-secret-jwt-token-with-at-least-32-characters-long");
    // Minting with the demo secret reproduces them byte for byte.
    expect(mintApiKey("anon", DEMO_JWT_SECRET)).toBe(DEMO_ANON_KEY);
    expect(mintApiKey("service_role", DEMO_JWT_SECRET)).toBe(DEMO_SERVICE_ROLE_KEY);
  });

  it("are the defaults, and a custom GOTRUE_JWT_SECRET gets keys signed with it", async () => {
    const defaults = loadAuthConfig({});
    expect(defaults.anonKey).toBe(DEMO_ANON_KEY);
    expect(defaults.serviceRoleKey).toBe(DEMO_SERVICE_ROLE_KEY);
    const secret = "a-completely-different-secret-of-40-chars!";
    const custom = loadAuthConfig({ GOTRUE_JWT_SECRET: secret });
    const { payload } = await jwtVerify(custom.anonKey, new TextEncoder().encode(secret));
    expect(payload.role).toBe("anon");
    const override = loadAuthConfig({ AUTH_ANON_KEY: "my-anon" });
    expect(override.anonKey).toBe("my-anon");
  });

  it("refuses to start with an API key our own check would reject", async () => {
    const config = loadAuthConfig(
      { AUTH_ANON_KEY: mintApiKey("anon", "x".repeat(40)) },
      { dataDir: ":memory:", log: false },
    );
    await expect(startAuthServer(config, { port: 0, host: "127.0.0.1" })).rejects.toThrow(
      /AUTH_ANON_KEY/,
    );
  });
});

describe("loadAuthConfig", () => {
  it("has the documented defaults", () => {
    const config = loadAuthConfig({});
    expect(config).toMatchObject({
      siteUrl: "http://localhost:3000",
      apiExternalUrl: undefined,
      jwtIssuer: undefined,
      mailerAutoconfirm: false,
      disableSignup: false,
      jwtExp: 3600,
      mailerOtpExp: 86400,
      mailCodes: true,
      passwordMinLength: 8,
      passwordRequiredCharacters: [],
      refreshTokenReuseInterval: 10,
      refreshTokenRotationEnabled: true,
      flowStateExpiry: 300,
      smtpMaxFrequency: 60,
      rateLimitHeader: undefined,
      dataDir: ".data/auth",
      jwtAud: "authenticated",
      jwtAdminRoles: ["service_role", "supabase_admin"],
      rateLimits: {
        tokenRefresh: { events: 1800, periodSeconds: 300 },
        otp: { events: 300, periodSeconds: 300 },
        verify: { events: 300, periodSeconds: 300 },
        emailSent: { events: 300, periodSeconds: 3600 },
      },
    });
  });

  it("reads GoTrue's names and syntaxes", () => {
    const config = loadAuthConfig({
      GOTRUE_SITE_URL: "https://portal.example.com/",
      API_EXTERNAL_URL: "https://auth.example.com/auth/v1",
      GOTRUE_URI_ALLOW_LIST: "https://*.example.com/**, myapp://callback",
      GOTRUE_MAILER_AUTOCONFIRM: "true",
      GOTRUE_JWT_EXP: "600",
      GOTRUE_PASSWORD_MIN_LENGTH: "4",
      GOTRUE_PASSWORD_REQUIRED_CHARACTERS: "abc:123:\\:x",
      GOTRUE_SMTP_MAX_FREQUENCY: "1m30s",
      GOTRUE_RATE_LIMIT_EMAIL_SENT: "10/30m",
      GOTRUE_RATE_LIMIT_HEADER: "X-Forwarded-For",
    });
    expect(config.siteUrl).toBe("https://portal.example.com");
    expect(config.apiExternalUrl).toBe("https://auth.example.com/auth/v1");
    expect(config.uriAllowList).toEqual(["https://*.example.com/**", "myapp://callback"]);
    expect(config.mailerAutoconfirm).toBe(true);
    expect(config.jwtExp).toBe(600);
    expect(config.passwordMinLength).toBe(6); // GoTrue's floor
    expect(config.passwordRequiredCharacters).toEqual(["abc", "123", ":x"]);
    expect(config.smtpMaxFrequency).toBe(90);
    expect(config.rateLimits.emailSent).toEqual({ events: 10, periodSeconds: 1800 });
    expect(config.rateLimitHeader).toBe("X-Forwarded-For");
  });

  it("throws one error listing every bad value", () => {
    let message = "";
    try {
      loadAuthConfig({
        GOTRUE_SITE_URL: "not a url",
        GOTRUE_JWT_EXP: "soon",
        GOTRUE_MAILER_AUTOCONFIRM: "maybe",
        GOTRUE_RATE_LIMIT_OTP: "lots",
        GOTRUE_JWT_KEYS: "[{}]",
        GOTRUE_JWT_SECRET: "short",
      });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of [
      "GOTRUE_SITE_URL",
      "GOTRUE_JWT_EXP",
      "GOTRUE_MAILER_AUTOCONFIRM",
      "GOTRUE_RATE_LIMIT_OTP",
      "GOTRUE_JWT_KEYS",
      "GOTRUE_JWT_SECRET",
    ]) {
      expect(message).toContain(name);
    }
  });

  it("typed overrides win over the environment", () => {
    const config = loadAuthConfig({ GOTRUE_JWT_EXP: "600" }, { jwtExp: 2, log: false });
    expect(config.jwtExp).toBe(2);
    expect(config.log).toBe(false);
  });
});
